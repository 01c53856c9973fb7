import type { GivenShot } from "@vaxcal/contracts";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Executor } from "../../../db/database.ts";
import { calendarShots } from "../../../db/schema/calendars.ts";
import { givenShots } from "../../../db/schema/given-shots.ts";

/** A record as the table keeps it, before it is answered as JSON. */
export type NewGivenShot = typeof givenShots.$inferInsert;

type GivenShotRow = typeof givenShots.$inferSelect;

/** The record as the contracts answer it (camelCase JSON, dates as text). */
export function toGivenShot(row: GivenShotRow): GivenShot {
  return {
    shotId: row.shotId,
    plannedOn: row.plannedOn,
    givenOn: row.givenOn,
    batch: row.batch,
    givenBy: row.givenBy,
    note: row.note,
    recordedAt: row.recordedAt.toISOString(),
  };
}

/**
 * The one reader and writer of shots marked as given (decision 403): the calendars module records
 * and undoes them, prints them, and the occurrences lister attaches them to each occurrence.
 */
export function createGivenShotsRepository(db: Executor) {
  return {
    /** Every record of these calendars, by calendar then planned date then shot id. */
    async readGivenShots(calendarIds: readonly number[]): Promise<Map<number, GivenShot[]>> {
      const byCalendar = new Map<number, GivenShot[]>();
      if (calendarIds.length === 0) return byCalendar;
      const rows = await db
        .select()
        .from(givenShots)
        .where(inArray(givenShots.calendarId, [...calendarIds]))
        .orderBy(asc(givenShots.calendarId), asc(givenShots.plannedOn), asc(givenShots.shotId));
      for (const row of rows) {
        const list = byCalendar.get(row.calendarId) ?? [];
        list.push(toGivenShot(row));
        byCalendar.set(row.calendarId, list);
      }
      return byCalendar;
    },

    /** A first occurrence of the calendar's plan, by its shot key; null when there is none. */
    async readSeed(
      calendarId: number,
      shotKey: string,
    ): Promise<{ id: string; diseaseId: number; date: string; is_recurrent: number } | null> {
      const [row] = await db
        .select({
          id: calendarShots.shotKey,
          diseaseId: calendarShots.diseaseId,
          date: calendarShots.date,
          is_recurrent: calendarShots.isRecurrent,
        })
        .from(calendarShots)
        .where(and(eq(calendarShots.calendarId, calendarId), eq(calendarShots.shotKey, shotKey)));
      return row ?? null;
    },

    /** Records the shot as given, or replaces its record (a correction). */
    async upsertGivenShot(record: NewGivenShot): Promise<GivenShot> {
      const [row] = await db
        .insert(givenShots)
        .values(record)
        .onConflictDoUpdate({
          target: [givenShots.calendarId, givenShots.shotId],
          set: {
            plannedOn: record.plannedOn,
            givenOn: record.givenOn,
            batch: record.batch,
            givenBy: record.givenBy ?? null,
            note: record.note ?? null,
            recordedAt: record.recordedAt,
            recordedBy: record.recordedBy ?? null,
          },
        })
        .returning();
      if (!row) throw new Error("insert into given_shots returned no row");
      return toGivenShot(row);
    },

    /** Records a shot as given only when it has no record yet; null when it already had one. */
    async insertGivenShot(record: NewGivenShot): Promise<GivenShot | null> {
      const [row] = await db.insert(givenShots).values(record).onConflictDoNothing().returning();
      return row ? toGivenShot(row) : null;
    },

    /** Undoes a record; false when there was none. */
    async deleteGivenShot(calendarId: number, shotId: string): Promise<boolean> {
      const rows = await db
        .delete(givenShots)
        .where(and(eq(givenShots.calendarId, calendarId), eq(givenShots.shotId, shotId)))
        .returning({ shotId: givenShots.shotId });
      return rows.length > 0;
    },

    /**
     * After a save replaced the plan: drops the records whose shot is gone (its first occurrence
     * deleted, or a copy of a shot that no longer recurs). Records of shots that stayed, even on a
     * new date, are kept: they say what was given.
     */
    async deleteOrphanedGivenShots(calendarId: number): Promise<void> {
      await db.delete(givenShots).where(
        and(
          eq(givenShots.calendarId, calendarId),
          sql`NOT EXISTS (
            SELECT 1 FROM ${calendarShots}
            WHERE ${calendarShots.calendarId} = ${givenShots.calendarId}
              AND ${calendarShots.shotKey} = ${givenShots.seedKey}
              AND (${givenShots.cycle} = 1 OR ${calendarShots.isRecurrent} > 0)
          )`,
        ),
      );
    },
  };
}
