import type { ScheduledShot } from "@vaxcal/contracts";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/database.ts";
import * as schema from "../../db/schema.ts";
import { calendarDiseases, calendarShots, calendars } from "../../db/schema/calendars.ts";

export type NewCalendar = typeof calendars.$inferInsert;
export type CalendarSetupColumns = Pick<
  NewCalendar,
  | "combinationId"
  | "enterpriseId"
  | "animalId"
  | "seasonId"
  | "birthDate"
  | "breedingDate"
  | "calendarYear"
>;

/** One column as saved: the engine's submit output for one disease. */
export type SavedColumn = {
  diseaseId: number;
  vaccineId: number | null;
  shots: readonly ScheduledShot[];
};

/** A calendar's names, as the listing and the printouts show them. */
export type CalendarNames = { enterprise: string; animal: string; season: string };

export type CalendarListRow = {
  id: number;
  calendarYear: number;
  createdAt: Date;
  updatedAt: Date;
  birthDate: string | null;
  breedingDate: string | null;
  feedNonce: string;
  enterprise: string;
  animal: string;
  season: string;
  diseases: string;
};

/** A column with what the printouts say about its disease and vaccine. */
export type DescribedColumn = SavedColumn & {
  diseaseName: string;
  footnote: string | null;
  footnoteNumber: number | null;
  vaccine: { name: string; accentColor: string; vaccineType: string } | null;
};

// A multi-row INSERT carries 17 parameters a shot; PostgreSQL allows 65,535 per statement.
const shotsPerInsert = 1_000;

function toShotRow(calendarId: number, shot: ScheduledShot, position: number) {
  if (shot.date === null || shot.yearIndex === null || shot.row === null) {
    // The engine's submit never keeps an undated shot; reaching here is a bug, not bad input.
    throw new Error(`shot ${shot.id} has no date or layout after prepareForSubmit`);
  }
  return {
    calendarId,
    diseaseId: shot.diseaseId,
    shotKey: shot.id,
    position,
    templateId: shot.templateId,
    date: shot.date,
    customName: shot.custom_name,
    isRecurrent: shot.is_recurrent,
    showOnce: shot.show_once,
    cycle: shot.cycle,
    sourceShotKey: shot.sourceShotId,
    isMirroredCopy: shot.isMirroredCopy,
    yearIndex: shot.yearIndex,
    row: shot.row,
    orderInMonth: shot.orderInMonth ?? 0,
    isBooster: shot.isBooster,
    userInitiated: shot.userInitiated,
  };
}

function toScheduledShot(row: typeof calendarShots.$inferSelect): ScheduledShot {
  return {
    id: row.shotKey,
    diseaseId: row.diseaseId,
    templateId: row.templateId,
    date: row.date,
    custom_name: row.customName,
    is_recurrent: row.isRecurrent,
    show_once: row.showOnce,
    cycle: row.cycle,
    sourceShotId: row.sourceShotKey,
    isMirroredCopy: row.isMirroredCopy,
    yearIndex: row.yearIndex,
    row: row.row,
    orderInMonth: row.orderInMonth,
    isBooster: row.isBooster,
    userInitiated: row.userInitiated,
  };
}

/** The combination a setup names, with what the checks need to know about its animal. */
export type SetupCombination = {
  id: number;
  enterprise: string;
  animal: string;
  season: string;
  isAdult: boolean;
  hasBirthDate: boolean;
};

/** The saved-calendar tables. Multi-row changes take the transaction as their executor. */
export function createCalendarsRepository(db: Executor) {
  return {
    async findCombination(ids: {
      enterpriseId: number;
      animalId: number;
      seasonId: number;
    }): Promise<SetupCombination | null> {
      const combinations = schema.animalEnterpriseSeasonCombinations;
      const [row] = await db
        .select({
          id: combinations.id,
          enterprise: schema.enterprises.name,
          animal: schema.animals.name,
          season: schema.seasons.name,
          isAdult: schema.animals.isAdult,
          hasBirthDate: schema.animals.hasBirthDate,
        })
        .from(combinations)
        .innerJoin(schema.enterprises, eq(schema.enterprises.id, combinations.enterpriseId))
        .innerJoin(schema.animals, eq(schema.animals.id, combinations.animalId))
        .innerJoin(schema.seasons, eq(schema.seasons.id, combinations.seasonId))
        .where(
          and(
            eq(combinations.enterpriseId, ids.enterpriseId),
            eq(combinations.animalId, ids.animalId),
            eq(combinations.seasonId, ids.seasonId),
          ),
        );
      return row ?? null;
    },

    async insertCalendar(calendar: NewCalendar): Promise<number> {
      const [row] = await db.insert(calendars).values(calendar).returning({ id: calendars.id });
      if (!row) throw new Error("insert into calendars returned no row");
      return row.id;
    },

    async updateCalendarSetup(calendarId: number, setup: CalendarSetupColumns, now: Date) {
      await db
        .update(calendars)
        .set({ ...setup, updatedAt: now })
        .where(eq(calendars.id, calendarId));
    },

    /** Writes the columns and shots of a calendar that has none (new, or just cleared). */
    async insertColumns(calendarId: number, columns: readonly SavedColumn[]): Promise<void> {
      await db.insert(calendarDiseases).values(
        columns.map((column, position) => ({
          calendarId,
          diseaseId: column.diseaseId,
          position,
          vaccineId: column.vaccineId,
        })),
      );
      const shotRows = columns.flatMap((column) =>
        column.shots.map((shot, position) => toShotRow(calendarId, shot, position)),
      );
      for (let start = 0; start < shotRows.length; start += shotsPerInsert) {
        await db.insert(calendarShots).values(shotRows.slice(start, start + shotsPerInsert));
      }
    },

    /** Drops every column, and with them every shot (ON DELETE CASCADE). */
    async deleteColumns(calendarId: number): Promise<void> {
      await db.delete(calendarDiseases).where(eq(calendarDiseases.calendarId, calendarId));
    },

    async deleteCalendar(calendarId: number): Promise<void> {
      await db.delete(calendars).where(eq(calendars.id, calendarId));
    },

    async replaceFeedCredentials(calendarId: number, nonce: string, tokenHash: string) {
      await db
        .update(calendars)
        .set({ feedNonce: nonce, feedTokenHash: tokenHash })
        .where(eq(calendars.id, calendarId));
    },

    async readAnimal(animalId: number): Promise<{ isAdult: boolean }> {
      const [row] = await db
        .select({ isAdult: schema.animals.isAdult })
        .from(schema.animals)
        .where(eq(schema.animals.id, animalId));
      if (!row) throw new Error(`animal ${animalId} is missing`);
      return row;
    },

    async readNames(calendarId: number): Promise<CalendarNames> {
      const [row] = await db
        .select({
          enterprise: schema.enterprises.name,
          animal: schema.animals.name,
          season: schema.seasons.name,
        })
        .from(calendars)
        .innerJoin(schema.enterprises, eq(schema.enterprises.id, calendars.enterpriseId))
        .innerJoin(schema.animals, eq(schema.animals.id, calendars.animalId))
        .innerJoin(schema.seasons, eq(schema.seasons.id, calendars.seasonId))
        .where(eq(calendars.id, calendarId));
      if (!row) throw new Error(`calendar ${calendarId} has no names`);
      return row;
    },

    /** The user's own calendars, newest first, with the spec's listing fields. */
    listUserCalendars(userId: number): Promise<CalendarListRow[]> {
      return db
        .select({
          id: calendars.id,
          calendarYear: calendars.calendarYear,
          createdAt: calendars.createdAt,
          updatedAt: calendars.updatedAt,
          birthDate: calendars.birthDate,
          breedingDate: calendars.breedingDate,
          feedNonce: calendars.feedNonce,
          enterprise: schema.enterprises.name,
          animal: schema.animals.name,
          season: schema.seasons.name,
          diseases: sql<string>`coalesce((
            SELECT string_agg(${schema.diseases.name}, ', ' ORDER BY ${calendarDiseases.position})
            FROM ${calendarDiseases}
            JOIN ${schema.diseases} ON ${schema.diseases.id} = ${calendarDiseases.diseaseId}
            WHERE ${calendarDiseases.calendarId} = ${calendars.id}
          ), '')`,
        })
        .from(calendars)
        .innerJoin(schema.enterprises, eq(schema.enterprises.id, calendars.enterpriseId))
        .innerJoin(schema.animals, eq(schema.animals.id, calendars.animalId))
        .innerJoin(schema.seasons, eq(schema.seasons.id, calendars.seasonId))
        .where(eq(calendars.userId, userId))
        .orderBy(desc(calendars.createdAt), desc(calendars.id));
    },

    /** The columns in order, each with its shots exactly as saved. */
    async readColumns(calendarId: number): Promise<DescribedColumn[]> {
      const [columns, shots] = await Promise.all([
        db
          .select({
            diseaseId: calendarDiseases.diseaseId,
            vaccineId: calendarDiseases.vaccineId,
            diseaseName: schema.diseases.name,
            footnote: schema.diseases.footnote,
            footnoteNumber: schema.diseases.footnoteNumber,
            vaccineName: schema.vaccines.name,
            accentColor: schema.vaccines.accentColor,
            vaccineType: schema.vaccines.vaccineType,
          })
          .from(calendarDiseases)
          .innerJoin(schema.diseases, eq(schema.diseases.id, calendarDiseases.diseaseId))
          .leftJoin(schema.vaccines, eq(schema.vaccines.id, calendarDiseases.vaccineId))
          .where(eq(calendarDiseases.calendarId, calendarId))
          .orderBy(asc(calendarDiseases.position)),
        db
          .select()
          .from(calendarShots)
          .where(eq(calendarShots.calendarId, calendarId))
          .orderBy(asc(calendarShots.diseaseId), asc(calendarShots.position)),
      ]);
      const shotsByDisease = new Map<number, ScheduledShot[]>();
      for (const row of shots) {
        const list = shotsByDisease.get(row.diseaseId) ?? [];
        list.push(toScheduledShot(row));
        shotsByDisease.set(row.diseaseId, list);
      }
      return columns.map((column) => ({
        diseaseId: column.diseaseId,
        vaccineId: column.vaccineId,
        diseaseName: column.diseaseName,
        footnote: column.footnote,
        footnoteNumber: column.footnoteNumber,
        vaccine:
          column.vaccineName === null || column.accentColor === null || column.vaccineType === null
            ? null
            : {
                name: column.vaccineName,
                accentColor: column.accentColor,
                vaccineType: column.vaccineType,
              },
        shots: shotsByDisease.get(column.diseaseId) ?? [],
      }));
    },
  };
}

export type CalendarsRepository = ReturnType<typeof createCalendarsRepository>;
