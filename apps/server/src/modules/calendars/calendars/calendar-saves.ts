import { currentTermsVersion } from "@vaxcal/contracts";
import { sql } from "drizzle-orm";
import { createBatcher, type Batcher } from "../../../db/batcher.ts";
import {
  definePreparedQuery,
  definePreparedStatement,
  pickClient,
  type Db,
} from "../../../db/database.ts";
import {
  buildAnimalVaccineInputsSql,
  readAnimalVaccineInputsRow,
  type AnimalVaccineInputs,
  type AnimalVaccineInputsRow,
} from "../../reference/index.ts";
import {
  isOverCalendarCap,
  selectCombinationJson,
  type CalendarContactColumns,
  type CalendarSetupColumns,
  type SavedColumn,
  type SetupCombination,
  toSeedRecord,
} from "./calendars.repository.ts";

/*
 * The save's two statements (decision 702): the check's reference read and the write. Both have
 * fixed text, prepared once per connection, and both are micro-batched: the saves that arrive
 * while earlier ones are at the database go together. A batch is one autocommitted statement,
 * committed (fsync) before any of its saves answers 201.
 */

export type SetupIds = { enterpriseId: number; animalId: number; seasonId: number };

/** What the save's check reads: the combination the setup names and the animal's inputs. */
export type SaveReference = { combination: SetupCombination | null; inputs: AnimalVaccineInputs };

const selectSaveReference = definePreparedQuery<AnimalVaccineInputsRow>("save-reference", () =>
  buildAnimalVaccineInputsSql(sql`${sql.placeholder("animalId")}::integer`, {
    combination: selectCombinationJson({
      enterpriseId: sql`${sql.placeholder("enterpriseId")}::integer`,
      animalId: sql`${sql.placeholder("animalId")}::integer`,
      seasonId: sql`${sql.placeholder("seasonId")}::integer`,
    }),
  }),
);

async function readSaveReference(db: Db, ids: SetupIds): Promise<SaveReference> {
  const [row] = await selectSaveReference(db, ids);
  const { inputs, alongside } = readAnimalVaccineInputsRow<{
    combination: SetupCombination | null;
  }>(row, ["combination"]);
  return { combination: alongside.combination, inputs };
}

/** A new calendar as a save writes it. */
export type CalendarToSave = {
  userId: number;
  /** The box ticked on this save: it records the agreement on the account (docs/product.md D18). */
  agreesToTerms: boolean;
  now: Date;
  setupColumns: CalendarSetupColumns;
  contact: Omit<CalendarContactColumns, "termsAcceptedAt">;
  feedNonce: string;
  feedTokenHash: string;
  columns: readonly SavedColumn[];
};

/** The new calendar's id; `termsRequired` when the account has not agreed to the current terms. */
export type SaveOutcome =
  | { kind: "saved"; id: number; termsAgreedAt: Date }
  | { kind: "termsRequired" }
  | { kind: "overCap" };

/*
 * One statement for a batch of saves. Each save's terms agreement is settled in it: ticked, the
 * account records it (terms_recorded) and the calendar keeps `now`; not ticked, the account's
 * agreement to the current version is kept, and without one nothing is written for that save.
 * Rows go in ordered by owner, so the per-owner locks of the cap trigger (migration 0007) are
 * taken in one order by every batch. The columns and shots find their calendar by its feed token
 * hash, unique per calendar. Sibling data-modifying CTEs are one statement: all or nothing.
 */
const insertCalendars = definePreparedStatement<{
  ord: number;
  id: number | null;
  agreed_at: Date | null;
}>(
  "calendar-saves",
  `WITH input AS (
    SELECT * FROM json_to_recordset($1::json) AS s(
      ord integer, user_id integer, agree boolean, now timestamptz, combination_id integer,
      enterprise_id integer, animal_id integer, season_id integer, birth_date date,
      breeding_date date, calendar_year integer, setup jsonb, contact_name text,
      contact_surname text, contact_phone_number text, contact_email text,
      vet_email_address text, feed_nonce text, feed_token_hash text)
  ),
  agreement AS (
    SELECT s.ord, CASE WHEN s.agree THEN s.now
      WHEN u.terms_version = $2 THEN u.terms_accepted_at END AS agreed_at
    FROM input s JOIN users u ON u.id = s.user_id
  ),
  terms_recorded AS (
    UPDATE users u SET terms_version = $2, terms_accepted_at = t.now
    FROM (SELECT DISTINCT ON (user_id) user_id, now FROM input WHERE agree
      ORDER BY user_id, now DESC) t
    WHERE u.id = t.user_id
  ),
  calendar_written AS (
    INSERT INTO calendars (user_id, combination_id, enterprise_id, animal_id, season_id,
      birth_date, breeding_date, calendar_year, setup, contact_name, contact_surname,
      contact_phone_number, contact_email, vet_email_address, terms_accepted_at, feed_nonce,
      feed_token_hash, created_at, updated_at)
    SELECT s.user_id, s.combination_id, s.enterprise_id, s.animal_id, s.season_id,
      s.birth_date, s.breeding_date, s.calendar_year, s.setup, s.contact_name,
      s.contact_surname, s.contact_phone_number, s.contact_email, s.vet_email_address,
      a.agreed_at, s.feed_nonce, s.feed_token_hash, s.now, s.now
    FROM input s JOIN agreement a ON a.ord = s.ord
    WHERE a.agreed_at IS NOT NULL
    ORDER BY s.user_id, s.ord
    RETURNING id, feed_token_hash
  ),
  written AS (
    SELECT s.ord, c.id FROM calendar_written c JOIN input s ON s.feed_token_hash = c.feed_token_hash
  ),
  columns_written AS (
    INSERT INTO calendar_diseases (calendar_id, disease_id, position, vaccine_id, protocol)
    SELECT w.id, c.disease_id, c.position, c.vaccine_id, c.protocol
    FROM json_to_recordset($3::json)
      AS c(ord integer, disease_id integer, position integer, vaccine_id integer, protocol jsonb)
    JOIN written w ON w.ord = c.ord
  ),
  shots_written AS (
    INSERT INTO calendar_shots (calendar_id, disease_id, shot_key, position, template_id, date,
      custom_name, is_recurrent, user_initiated)
    SELECT w.id, s.disease_id, s.shot_key, s.position, s.template_id, s.date, s.custom_name,
      s.is_recurrent, s.user_initiated
    FROM json_to_recordset($4::json)
      AS s(ord integer, disease_id integer, shot_key text, position integer, template_id integer,
        date date, custom_name text, is_recurrent integer, user_initiated boolean)
    JOIN written w ON w.ord = s.ord
  )
  SELECT s.ord, w.id, a.agreed_at
  FROM input s LEFT JOIN written w ON w.ord = s.ord LEFT JOIN agreement a ON a.ord = s.ord`,
);

async function writeCalendars(db: Db, saves: readonly CalendarToSave[]): Promise<SaveOutcome[]> {
  const records = saves.map((save, ord) => ({
    ord,
    user_id: save.userId,
    agree: save.agreesToTerms,
    now: save.now.toISOString(),
    combination_id: save.setupColumns.combinationId,
    enterprise_id: save.setupColumns.enterpriseId,
    animal_id: save.setupColumns.animalId,
    season_id: save.setupColumns.seasonId,
    birth_date: save.setupColumns.birthDate ?? null,
    breeding_date: save.setupColumns.breedingDate ?? null,
    calendar_year: save.setupColumns.calendarYear,
    setup: save.setupColumns.setup,
    contact_name: save.contact.contactName ?? null,
    contact_surname: save.contact.contactSurname ?? null,
    contact_phone_number: save.contact.contactPhoneNumber ?? null,
    contact_email: save.contact.contactEmail ?? null,
    vet_email_address: save.contact.vetEmailAddress ?? null,
    feed_nonce: save.feedNonce,
    feed_token_hash: save.feedTokenHash,
  }));
  const columns = saves.flatMap((save, ord) =>
    save.columns.map((column, position) => ({
      ord,
      disease_id: column.diseaseId,
      position,
      vaccine_id: column.vaccineId,
      // The shot templates the column was generated from (decision 405).
      protocol: column.protocol,
    })),
  );
  const shots = saves.flatMap((save, ord) =>
    save.columns.flatMap((column) =>
      column.seeds.map((seed, position) => ({ ord, ...toSeedRecord(seed, position) })),
    ),
  );
  const rows = await insertCalendars(db, [
    JSON.stringify(records),
    currentTermsVersion,
    JSON.stringify(columns),
    JSON.stringify(shots),
  ]);
  const byOrd = new Map(rows.map((row) => [row.ord, row]));
  return saves.map((_save, ord): SaveOutcome => {
    const row = byOrd.get(ord);
    if (row?.id == null || row.agreed_at === null) return { kind: "termsRequired" };
    return { kind: "saved", id: row.id, termsAgreedAt: new Date(row.agreed_at) };
  });
}

/**
 * A batch that fails (one save over the cap, or a rare deadlock between two batches of one
 * owner) has written nothing; its saves are then written one by one, so only the refused save
 * answers an error.
 */
async function writeCalendarsOrEachAlone(
  db: Db,
  saves: readonly CalendarToSave[],
): Promise<(SaveOutcome | Error)[]> {
  try {
    return await writeCalendars(db, saves);
  } catch (error) {
    if (saves.length === 1) {
      if (isOverCalendarCap(error)) return [{ kind: "overCap" }];
      return [error instanceof Error ? error : new Error(String(error))];
    }
    return Promise.all(
      saves.map(async (save) => (await writeCalendarsOrEachAlone(db, [save]))[0] as SaveOutcome),
    );
  }
}

type SaveBatchers = {
  reference: Batcher<SetupIds, SaveReference>;
  write: Batcher<CalendarToSave, SaveOutcome | Error>;
};

const batchersByPool = new WeakMap<object, SaveBatchers>();

/** The save's reader and writer for this database; one pair per connection pool. */
export function findCalendarSaves(db: Db): {
  readReference: (ids: SetupIds) => Promise<SaveReference>;
  write: (save: CalendarToSave) => Promise<SaveOutcome>;
} {
  const pool = pickClient(db);
  let batchers = batchersByPool.get(pool);
  if (!batchers) {
    batchers = {
      // Saves of the same setup in one batch share one read, sent after each of them arrived.
      reference: createBatcher({
        maxInFlight: 2,
        maxBatch: 500,
        runBatch: async (items) => {
          const reads = new Map<string, Promise<SaveReference>>();
          return Promise.all(
            items.map((ids) => {
              const key = `${ids.enterpriseId}:${ids.animalId}:${ids.seasonId}`;
              let read = reads.get(key);
              if (!read) {
                read = readSaveReference(db, ids);
                reads.set(key, read);
              }
              return read;
            }),
          );
        },
      }),
      write: createBatcher({
        maxInFlight: 4,
        maxBatch: 100,
        runBatch: (saves) => writeCalendarsOrEachAlone(db, saves),
      }),
    };
    batchersByPool.set(pool, batchers);
  }
  const { reference, write } = batchers;
  return {
    readReference: (ids) => reference.run(ids),
    write: async (save) => {
      const outcome = await write.run(save);
      if (outcome instanceof Error) throw outcome;
      return outcome;
    },
  };
}
