import { RoleName } from "@vaxcal/contracts";
import type { ShotTemplateInput } from "@vaxcal/schedule";
import { and, asc, eq, inArray, sql, type Placeholder, type SQL } from "drizzle-orm";
import {
  definePreparedQuery,
  definePreparedStatement,
  runReads,
  type Executor,
} from "../../../db/database.ts";
import * as schema from "../../../db/schema.ts";
import { userRoles, users, vetPracticeMembers } from "../../../db/schema/accounts.ts";
import { calendarDiseases, calendars } from "../../../db/schema/calendars.ts";
import { createCalendarPlansRepository, type StoredSeed } from "./calendar-plans.repository.ts";

export type NewCalendar = typeof calendars.$inferInsert;

/** The error the calendars_per_account trigger raises (migration 0007). */
export function isOverCalendarCap(error: unknown): boolean {
  const cause = error instanceof Error && "cause" in error ? error.cause : error;
  const details = (cause ?? {}) as { code?: string; constraint?: string };
  return details.code === "23514" && details.constraint === "calendars_per_account";
}
export type CalendarSetupColumns = Pick<
  NewCalendar,
  | "combinationId"
  | "enterpriseId"
  | "animalId"
  | "seasonId"
  | "birthDate"
  | "breedingDate"
  | "calendarYear"
  | "setup"
>;

/** Who of the linked practice last saved a calendar, and when (decision 501). */
export type VetEditColumns = Pick<
  NewCalendar,
  "vetEditedAt" | "vetEditedBy" | "vetEditedByPractice"
>;

/** docs/product.md §3's contact details as a calendar row holds them (see toContactColumns). */
export type CalendarContactColumns = Pick<
  NewCalendar,
  | "contactName"
  | "contactSurname"
  | "contactPhoneNumber"
  | "contactEmail"
  | "vetEmailAddress"
  | "termsAcceptedAt"
>;

/** One column as saved: its disease, its vaccine and its plan's first occurrences (decision 402). */
export type SavedColumn = {
  diseaseId: number;
  vaccineId: number | null;
  seeds: readonly StoredSeed[];
  /** The shot templates the column was generated from (decision 405). */
  protocol: readonly ShotTemplateInput[];
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
  vetEditedAt: Date | null;
  vetEditedBy: string | null;
  vetEditedByPractice: string | null;
  enterprise: string;
  animal: string;
  season: string;
  diseases: string;
  /** created_at in whole microseconds since 1970, as text: the page position, exactly. */
  createdAtMicros: string;
};

/** Where a page of the listing starts: just after this calendar, in newest-first order. */
export type CalendarListPosition = { createdAtMicros: string; id: number };

/** A column with what the printouts say about its disease and vaccine. */
export type DescribedColumn = SavedColumn & {
  diseaseName: string;
  footnote: string | null;
  footnoteNumber: number | null;
  vaccine: { name: string; accentColor: string; vaccineType: string } | null;
};

/** One first occurrence as a JSON record for json_to_recordset: SQL's column names. */
export function toSeedRecord(seed: StoredSeed, position: number) {
  return {
    disease_id: seed.diseaseId,
    shot_key: seed.id,
    position,
    template_id: seed.templateId,
    date: seed.date,
    custom_name: seed.custom_name,
    is_recurrent: seed.is_recurrent,
    user_initiated: seed.userInitiated,
  };
}

function toColumnRecords(columns: readonly SavedColumn[]) {
  return columns.map((column, position) => ({
    disease_id: column.diseaseId,
    position,
    vaccine_id: column.vaccineId,
    protocol: column.protocol,
  }));
}

function toSeedRecords(columns: readonly SavedColumn[]) {
  return columns.flatMap((column) => column.seeds.map(toSeedRecord));
}

/*
 * The columns and shots go in as two JSON parameters unpacked by json_to_recordset: one statement
 * and one round trip however many shots there are, and no limit of 65,535 bound parameters.
 * Sibling data-modifying CTEs run as one statement, so the foreign keys from shots to columns are
 * checked at its end, when both are in.
 */
const insertColumnsSql = (calendarId: SQL, columns: readonly SavedColumn[]) => sql`
  columns_written AS (
    INSERT INTO calendar_diseases (calendar_id, disease_id, position, vaccine_id, protocol)
    SELECT ${calendarId}, c.disease_id, c.position, c.vaccine_id, c.protocol
    FROM json_to_recordset(${JSON.stringify(toColumnRecords(columns))}::json)
      AS c(disease_id integer, position integer, vaccine_id integer, protocol jsonb)
  ),
  shots_written AS (
    INSERT INTO calendar_shots (calendar_id, disease_id, shot_key, position, template_id, date,
      custom_name, is_recurrent, user_initiated)
    SELECT ${calendarId}, s.disease_id, s.shot_key, s.position, s.template_id, s.date,
      s.custom_name, s.is_recurrent, s.user_initiated
    FROM json_to_recordset(${JSON.stringify(toSeedRecords(columns))}::json)
      AS s(disease_id integer, shot_key text, position integer, template_id integer, date date,
        custom_name text, is_recurrent integer, user_initiated boolean)
  )`;

/** The combination a setup names, with what the checks need to know about its animal. */
export type SetupCombination = {
  id: number;
  enterprise: string;
  animal: string;
  season: string;
  isAdult: boolean;
  hasBirthDate: boolean;
};

/**
 * How a request names a calendar: a signed-in user and an id (every authenticated route), or the
 * hash of a feed token (the public feed, where the secret token is the credential).
 */
export type CalendarKey = UserCalendarKey | { readonly feedTokenHash: string };
export type UserCalendarKey = { readonly calendarId: number; readonly userId: number };
export type CalendarRow = typeof calendars.$inferSelect;

/** The owner's linked practice and herd or flock size band (`1-50` … `200+`), where known. */
export type OwnerFarm = {
  /** The owner's first name and surname (decision 425: named to a vet of the linked practice). */
  ownerName: string;
  practiceName: string | null;
  /** The practice's landline, or its mobile when it gave none. */
  practicePhone: string | null;
  herdSize: string | null;
  flockSize: string | null;
};

/** A calendar someone may act on, with what its pages print about its owner. */
export type AccessibleCalendar = {
  calendar: CalendarRow;
  owner: { id: number; farmName: string | null; email: string | null; phone: string | null };
};

/**
 * The caller may act on the calendar when they own it, or when they are a vet (VET_MANAGER or VET)
 * who belongs to the practice the owner has linked (docs/product.md §1: "That practice can then
 * view and edit the farmer's calendars"). Read on every call, so an unlink or a removal from the
 * practice takes effect with the next request (decision 501).
 */
function buildUserAccess(userId: number | Placeholder): SQL {
  return sql`(${calendars.userId} = ${userId} OR EXISTS (
    SELECT 1 FROM ${vetPracticeMembers}
    JOIN ${userRoles} ON ${userRoles.userId} = ${vetPracticeMembers.userId}
      AND ${userRoles.role} IN (${RoleName.vetManager}, ${RoleName.vet})
    WHERE ${vetPracticeMembers.userId} = ${userId}
      AND ${vetPracticeMembers.vetPracticeId} = ${users.vetPracticeId}
  ))`;
}

/**
 * The combination of a setup as a JSON subquery (null when there is none), for the save check's
 * one statement. The ids may be values or `sql.placeholder`s (a statement compiled once).
 */
export function selectCombinationJson(ids: {
  enterpriseId: number | SQL;
  animalId: number | SQL;
  seasonId: number | SQL;
}): SQL {
  const combinations = schema.animalEnterpriseSeasonCombinations;
  return sql`(
    SELECT json_build_object(
      'id', ${combinations.id},
      'enterprise', ${schema.enterprises.name},
      'animal', ${schema.animals.name},
      'season', ${schema.seasons.name},
      'isAdult', ${schema.animals.isAdult},
      'hasBirthDate', ${schema.animals.hasBirthDate}
    )
    FROM ${combinations}
    INNER JOIN ${schema.enterprises} ON ${schema.enterprises.id} = ${combinations.enterpriseId}
    INNER JOIN ${schema.animals} ON ${schema.animals.id} = ${combinations.animalId}
    INNER JOIN ${schema.seasons} ON ${schema.seasons.id} = ${combinations.seasonId}
    WHERE ${combinations.enterpriseId} = ${ids.enterpriseId}
      AND ${combinations.animalId} = ${ids.animalId}
      AND ${combinations.seasonId} = ${ids.seasonId}
  )`;
}

type CalendarListSqlRow = {
  id: number;
  calendar_year: number;
  created_at: Date;
  updated_at: Date;
  birth_date: string | null;
  breeding_date: string | null;
  feed_nonce: string;
  vet_edited_at: Date | null;
  vet_edited_by: string | null;
  vet_edited_by_practice: string | null;
  enterprise: string;
  animal: string;
  season: string;
  diseases: string;
  created_at_micros: string;
};

/*
 * My Calendars' page (decision 703), the hottest read of the web app: fixed text, planned once
 * per connection. Two statements, so each is a plain range scan of calendars_user_id_created_at_id
 * from its start (the first page) or from the cursor (the next ones), stopping after the page:
 * `$cursor IS NULL OR …` in one statement would keep a generic plan from starting at the cursor.
 * The cursor is (created_at in whole microseconds, id); ids only break ties.
 */
const listColumnsSql = `c.id, c.calendar_year, c.created_at, c.updated_at,
    c.birth_date::text AS birth_date, c.breeding_date::text AS breeding_date, c.feed_nonce,
    c.vet_edited_at, c.vet_edited_by, c.vet_edited_by_practice,
    e.name AS enterprise, a.name AS animal, s.name AS season,
    coalesce((
      SELECT string_agg(d.name, ', ' ORDER BY cd.position)
      FROM calendar_diseases cd JOIN diseases d ON d.id = cd.disease_id
      WHERE cd.calendar_id = c.id
    ), '') AS diseases,
    (extract(epoch FROM c.created_at) * 1000000)::bigint::text AS created_at_micros
  FROM calendars c
  JOIN enterprises e ON e.id = c.enterprise_id
  JOIN animals a ON a.id = c.animal_id
  JOIN seasons s ON s.id = c.season_id`;

const selectFirstCalendarsPage = definePreparedStatement<CalendarListSqlRow>(
  "calendars-first-page",
  `SELECT ${listColumnsSql}
  WHERE c.user_id = $1
  ORDER BY c.created_at DESC, c.id DESC
  LIMIT $2`,
);

const selectNextCalendarsPage = definePreparedStatement<CalendarListSqlRow>(
  "calendars-next-page",
  `SELECT ${listColumnsSql}
  WHERE c.user_id = $1
    AND (c.created_at, c.id) < ('epoch'::timestamptz + $2::bigint * interval '1 microsecond', $3::integer)
  ORDER BY c.created_at DESC, c.id DESC
  LIMIT $4`,
);

function toCalendarListRow(row: CalendarListSqlRow): CalendarListRow {
  return {
    id: row.id,
    calendarYear: row.calendar_year,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    birthDate: row.birth_date,
    breedingDate: row.breeding_date,
    feedNonce: row.feed_nonce,
    vetEditedAt: row.vet_edited_at,
    vetEditedBy: row.vet_edited_by,
    vetEditedByPractice: row.vet_edited_by_practice,
    enterprise: row.enterprise,
    animal: row.animal,
    season: row.season,
    diseases: row.diseases,
    createdAtMicros: row.created_at_micros,
  };
}

type RenderVersionRow = { calendarId: number; ownerId: number; version: string };

/**
 * The render version's statement (decision 704, `readRenderVersion`) for one access condition.
 * Row values print NULL and '' apart and quote every field, so the text is unambiguous.
 */
function buildRenderVersionQuery(condition: SQL): SQL {
  return sql`
        SELECT calendars.id AS "calendarId", users.id AS "ownerId",
          encode(sha256(convert_to(ROW(
            calendars, users.farmer_name, users.email, users.phone, users.herd_size,
            users.flock_size, practice.vet_practice_name, practice.landline, practice.mobile,
            enterprise, animal, season,
            (SELECT array_agg(ROW(calendar_column, disease, vaccine) ORDER BY calendar_column.position)
              FROM calendar_diseases AS calendar_column
              JOIN diseases AS disease ON disease.id = calendar_column.disease_id
              LEFT JOIN vaccines AS vaccine ON vaccine.id = calendar_column.vaccine_id
              WHERE calendar_column.calendar_id = calendars.id),
            (SELECT array_agg(seed ORDER BY seed.disease_id, seed.position, seed.shot_key)
              FROM calendar_shots AS seed WHERE seed.calendar_id = calendars.id),
            (SELECT array_agg(given ORDER BY given.shot_id)
              FROM given_shots AS given WHERE given.calendar_id = calendars.id)
          )::text, 'UTF8')), 'base64') AS version
        FROM calendars
        JOIN users ON users.id = calendars.user_id
        LEFT JOIN vet_practices AS practice ON practice.id = users.vet_practice_id
        JOIN enterprises AS enterprise ON enterprise.id = calendars.enterprise_id
        JOIN animals AS animal ON animal.id = calendars.animal_id
        JOIN seasons AS season ON season.id = calendars.season_id
        WHERE ${condition}`;
}

// Compiled once each and prepared per connection: a cached PDF or feed runs nothing else per
// request but the session look-up (and the feed's count), so no query is built per call.
const selectRenderVersionByAccess = definePreparedQuery<RenderVersionRow>(
  "calendar-render-version",
  () =>
    buildRenderVersionQuery(
      sql`${calendars.id} = ${sql.placeholder("calendarId")} AND ${buildUserAccess(sql.placeholder("userId"))}`,
    ),
);
const selectRenderVersionByFeedToken = definePreparedQuery<RenderVersionRow>(
  "calendar-render-version-feed",
  () =>
    buildRenderVersionQuery(sql`${calendars.feedTokenHash} = ${sql.placeholder("feedTokenHash")}`),
);

/** The saved-calendar tables. Multi-row changes take the transaction as their executor. */
export function createCalendarsRepository(db: Executor) {
  return {
    /**
     * The calendar when the key may act on it, else null: a missing calendar and someone else's
     * look the same from outside. `lockForUpdate` holds the row until the transaction ends.
     */
    async findAccessibleCalendar(
      key: CalendarKey,
      { lockForUpdate = false }: { lockForUpdate?: boolean } = {},
    ): Promise<AccessibleCalendar | null> {
      const condition =
        "feedTokenHash" in key
          ? eq(calendars.feedTokenHash, key.feedTokenHash)
          : and(eq(calendars.id, key.calendarId), buildUserAccess(key.userId));
      const query = db
        .select({
          calendar: calendars,
          ownerId: users.id,
          farmName: users.farmerName,
          email: users.email,
          phone: users.phone,
        })
        .from(calendars)
        .innerJoin(users, eq(users.id, calendars.userId))
        .where(condition);
      const [row] = await (lockForUpdate ? query.for("update", { of: calendars }) : query);
      if (!row) return null;
      return {
        calendar: row.calendar,
        owner: { id: row.ownerId, farmName: row.farmName, email: row.email, phone: row.phone },
      };
    },

    /**
     * The calendar's render version when the key may act on it, else null: one statement that
     * checks access exactly as `findAccessibleCalendar` does and digests every row the PDF and the
     * feed print (`readCalendarDocument`): the whole calendar row, the owner's printed fields,
     * the linked practice's name and phones (not its whole row: its clients version moves with
     * every linked farmer's change), the enterprise, animal and season rows, each column with its
     * disease and vaccine rows, the plan's seeds and the given records. Any change to any of them,
     * by any path (an edit, a given shot, an admin renaming a vaccine, a practice's new phone),
     * is a new version (decision 704). `ownerId` lets the render read the calendar as its owner.
     * Nodes keep versions in memory until PostgreSQL announces a change (decision 705): a table
     * added here needs a trigger like migration 0017's, or its changes reach no cached PDF.
     */
    async readRenderVersion(
      key: CalendarKey,
    ): Promise<{ calendarId: number; ownerId: number; version: string } | null> {
      const rows =
        "feedTokenHash" in key
          ? await selectRenderVersionByFeedToken(db, { feedTokenHash: key.feedTokenHash })
          : await selectRenderVersionByAccess(db, {
              calendarId: key.calendarId,
              userId: key.userId,
            });
      return rows[0] ?? null;
    },

    /** Holds a calendar's row until the transaction ends; null when it is gone. */
    /** Which terms the account last agreed to, and when (docs/product.md D18). */
    async findTermsAgreement(
      userId: number,
    ): Promise<{ version: string | null; agreedAt: Date } | null> {
      const [row] = await db
        .select({ version: users.termsVersion, agreedAt: users.termsAcceptedAt })
        .from(users)
        .where(eq(users.id, userId));
      return row ?? null;
    },

    /** The account agrees to a version of the terms now: the record GDPR asks for. */
    async recordTermsAgreement(userId: number, version: string, now: Date): Promise<void> {
      await db
        .update(users)
        .set({ termsVersion: version, termsAcceptedAt: now })
        .where(eq(users.id, userId));
    },

    async lockCalendar(calendarId: number): Promise<{ feedNonce: string; updatedAt: Date } | null> {
      const [row] = await db
        .select({ feedNonce: calendars.feedNonce, updatedAt: calendars.updatedAt })
        .from(calendars)
        .where(eq(calendars.id, calendarId))
        .for("update");
      return row ?? null;
    },

    /** The combination a setup names, with its names and its animal's facts; null when none. */
    async findCombination(ids: {
      enterpriseId: number;
      animalId: number;
      seasonId: number;
    }): Promise<SetupCombination | null> {
      const result = await db.execute<{ combination: SetupCombination | null }>(
        sql`SELECT ${selectCombinationJson(ids)} AS combination`,
      );
      return result.rows[0]?.combination ?? null;
    },

    /** Which of these disease ids exist at all (the error path: unknown, or not offered?). */
    async findDiseaseIds(ids: readonly number[]): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ id: schema.diseases.id })
        .from(schema.diseases)
        .where(inArray(schema.diseases.id, [...ids]));
      return new Set(rows.map((row) => row.id));
    },

    async updateCalendarSetup(
      calendarId: number,
      setup: CalendarSetupColumns,
      /** Null keeps the contact details the calendar has (a vet's save, decision 424). */
      contact: CalendarContactColumns | null,
      now: Date,
      vetEdit?: VetEditColumns,
    ) {
      await db
        .update(calendars)
        .set({ ...setup, ...(contact ?? {}), ...vetEdit, updatedAt: now })
        .where(eq(calendars.id, calendarId));
    },

    /** A new version of the calendar (decision 405's update): `updated_at`, and a vet's edit. */
    async touchCalendar(calendarId: number, now: Date, vetEdit?: VetEditColumns): Promise<void> {
      await db
        .update(calendars)
        .set({ ...vetEdit, updatedAt: now })
        .where(eq(calendars.id, calendarId));
    },

    /** Each column's vaccine and the protocol it was generated from (decision 405). */
    async readColumnProtocols(
      calendarId: number,
    ): Promise<Map<number, Pick<SavedColumn, "vaccineId" | "protocol">>> {
      const rows = await db
        .select({
          diseaseId: calendarDiseases.diseaseId,
          vaccineId: calendarDiseases.vaccineId,
          protocol: calendarDiseases.protocol,
        })
        .from(calendarDiseases)
        .where(eq(calendarDiseases.calendarId, calendarId));
      return new Map(rows.map(({ diseaseId, ...column }) => [diseaseId, column]));
    },

    /**
     * The user's calendars with a column whose protocol is not today's: its vaccine's shot
     * templates for the calendar's animal, compared as JSON with what the column keeps; or whose
     * disease has another default vaccine for the animal now.
     */
    async listCalendarsWithChangedProtocols(userId: number): Promise<CalendarRow[]> {
      const templates = schema.shotTemplates;
      const links = schema.diseaseAnimals;
      return db
        .select()
        .from(calendars)
        .where(
          and(
            eq(calendars.userId, userId),
            sql`EXISTS (
              SELECT 1 FROM ${calendarDiseases}
              WHERE ${calendarDiseases.calendarId} = ${calendars.id}
                AND ${calendarDiseases.vaccineId} IS NOT NULL
                AND (EXISTS (
                  SELECT 1 FROM ${links}
                  WHERE ${links.diseaseId} = ${calendarDiseases.diseaseId}
                    AND ${links.animalId} = ${calendars.animalId}
                    AND ${links.vaccineId} <> ${calendarDiseases.vaccineId}
                ) OR ${calendarDiseases.protocol} <> coalesce((
                  SELECT jsonb_agg(jsonb_build_object(
                    'id', ${templates.id}, 'vaccine_id', ${templates.vaccineId},
                    'animal_id', ${templates.animalId}, 'birth_days', ${templates.birthDays},
                    'breeding_days', ${templates.breedingDays},
                    'custom_name', ${templates.customName},
                    'is_recurrent', ${templates.isRecurrent},
                    'herd_status', ${templates.herdStatus}, 'season_id', ${templates.seasonId}
                  ) ORDER BY ${templates.id})
                  FROM ${templates}
                  WHERE ${templates.vaccineId} = ${calendarDiseases.vaccineId}
                    AND ${templates.animalId} = ${calendars.animalId}
                ), '[]'::jsonb))
            )`,
          ),
        )
        .orderBy(asc(calendars.id));
    },

    /** A vet's name and practice as a calendar records its edit; null for anyone else. */
    async findVetEditor(userId: number): Promise<{ name: string; practice: string } | null> {
      const [row] = await db
        .select({
          name: users.name,
          surname: users.surname,
          practice: schema.vetPractices.vetPracticeName,
        })
        .from(vetPracticeMembers)
        .innerJoin(users, eq(users.id, vetPracticeMembers.userId))
        .innerJoin(
          schema.vetPractices,
          eq(schema.vetPractices.id, vetPracticeMembers.vetPracticeId),
        )
        .where(eq(vetPracticeMembers.userId, userId));
      return row ? { name: `${row.name} ${row.surname}`, practice: row.practice } : null;
    },

    /** Writes the columns and plan of a calendar that has none (just cleared), in one statement. */
    async insertColumns(calendarId: number, columns: readonly SavedColumn[]): Promise<void> {
      await db.execute(sql`
        WITH ${insertColumnsSql(sql`${calendarId}::integer`, columns)}
        SELECT 1`);
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

    /** What the printouts say about the owner's farm: the linked practice and the herd sizes. */
    async readOwnerFarm(ownerId: number): Promise<OwnerFarm> {
      const [row] = await db
        .select({
          practiceName: schema.vetPractices.vetPracticeName,
          practicePhone: sql<
            string | null
          >`coalesce(${schema.vetPractices.landline}, ${schema.vetPractices.mobile})`,
          herdSize: users.herdSize,
          flockSize: users.flockSize,
          ownerName: sql<string>`concat_ws(' ', ${users.name}, ${users.surname})`,
        })
        .from(users)
        .leftJoin(schema.vetPractices, eq(schema.vetPractices.id, users.vetPracticeId))
        .where(eq(users.id, ownerId));
      return (
        row ?? {
          ownerName: "",
          practiceName: null,
          practicePhone: null,
          herdSize: null,
          flockSize: null,
        }
      );
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

    /**
     * One page of the user's own calendars, newest first, with the spec's listing fields: at
     * most `limit` after `after` (keyset paging, so a deep page costs what the first does).
     */
    async listUserCalendars(
      userId: number,
      { after, limit }: { after: CalendarListPosition | null; limit: number },
    ): Promise<CalendarListRow[]> {
      const rows =
        after === null
          ? await selectFirstCalendarsPage(db, [userId, limit])
          : await selectNextCalendarsPage(db, [userId, after.createdAtMicros, after.id, limit]);
      return rows.map(toCalendarListRow);
    },

    /** Every calendar of the owner with its dates, animal and season (decision 420), by id. */
    async listOwnerCalendarStages(ownerId: number) {
      return db
        .select({
          id: calendars.id,
          enterpriseId: calendars.enterpriseId,
          animalId: calendars.animalId,
          seasonId: calendars.seasonId,
          birthDate: calendars.birthDate,
          breedingDate: calendars.breedingDate,
          calendarYear: calendars.calendarYear,
          animal: schema.animals.name,
          isAdult: schema.animals.isAdult,
          season: schema.seasons.name,
        })
        .from(calendars)
        .innerJoin(schema.animals, eq(schema.animals.id, calendars.animalId))
        .innerJoin(schema.seasons, eq(schema.seasons.id, calendars.seasonId))
        .where(eq(calendars.userId, ownerId))
        .orderBy(asc(calendars.id));
    },

    /** The columns in order, each with its plan's first occurrences as saved. */
    async readColumns(calendarId: number): Promise<DescribedColumn[]> {
      const [columns, plans] = await runReads(db, [
        () =>
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
        () => createCalendarPlansRepository(db).readPlans([calendarId]),
      ]);
      const plan = plans.get(calendarId) ?? [];
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
        seeds: plan.find((planned) => planned.diseaseId === column.diseaseId)?.seeds ?? [],
        protocol: plan.find((planned) => planned.diseaseId === column.diseaseId)?.protocol ?? [],
      }));
    },
  };
}

export type CalendarsRepository = ReturnType<typeof createCalendarsRepository>;
