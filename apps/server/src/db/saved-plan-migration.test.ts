import { randomBytes } from "node:crypto";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { CalendarDetailSchema, type SubmitCalendarRequest } from "@vaxcal/contracts";
import { demoData, referenceData } from "@vaxcal/reference-data";
import { resolveSeasonDefaults } from "@vaxcal/schedule";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import type { FastifyInstance } from "fastify";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it, inject } from "vitest";
import { buildApp } from "../app.ts";
import { startSession } from "../auth/sessions.ts";
import {
  listCalendarOccurrences,
  buildFeedUrls,
  createFeedCredentials,
} from "../modules/calendars/index.ts";
import {
  buildEngineCalendar,
  buildSubmitPayload,
  dairySpringCows,
  editCalendar,
  listOfferedDiseaseIds,
  testToday,
  requireFeedUrls,
} from "../test/calendars.ts";
import { buildTestConfig } from "../test/app.ts";
import { runAdminQuery, withDatabaseName } from "../test/database.ts";
import { users } from "./schema/accounts.ts";
import { connectDatabase, type Database } from "./database.ts";
import { applyMigrations, migrationsFolder } from "./migrate.ts";
import { seedReferenceData } from "./seed.ts";

/*
 * Migration 0005 (decision 402): calendars saved when every copy was stored keep their first
 * occurrences, their feed link and, derived on read, the same dated shots they stored.
 */

const planMigration = "0005_saved_calendars_store_the_plan";
const publicUrl = "https://vaxcal.example.ie";
const appSecret = "migration-test-secret-migration-test-secret";
const now = new Date(`${testToday}T10:00:00Z`);

type Journal = { entries: { idx: number; tag: string }[] };

/** The committed migrations that came before the plan migration, in a folder of their own. */
function copyMigrationsBeforePlan(): string {
  const folder = mkdtempSync(path.join(tmpdir(), "vaxcal-migrations-"));
  const journal = JSON.parse(
    readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8"),
  ) as Journal;
  const cut = journal.entries.findIndex((entry) => entry.tag === planMigration);
  expect(cut).toBeGreaterThan(0);
  const entries = journal.entries.slice(0, cut);
  mkdirSync(path.join(folder, "meta"));
  writeFileSync(path.join(folder, "meta/_journal.json"), JSON.stringify({ ...journal, entries }));
  for (const { tag } of entries) {
    copyFileSync(path.join(migrationsFolder, `${tag}.sql`), path.join(folder, `${tag}.sql`));
  }
  return folder;
}

/**
 * The columns that migrations after the plan's add, as `[table, column, definition]`. Today's
 * seed writes them, so the test adds them for the seed at the old schema and drops them again
 * before migrating, as if the reference data had been seeded then.
 */
function listLaterAddedColumns(): [table: string, column: string, definition: string][] {
  const journal = JSON.parse(
    readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8"),
  ) as Journal;
  const cut = journal.entries.findIndex((entry) => entry.tag === planMigration);
  return journal.entries
    .slice(cut + 1)
    .flatMap(({ tag }) =>
      [
        ...readFileSync(path.join(migrationsFolder, `${tag}.sql`), "utf8").matchAll(
          /ALTER TABLE "(\w+)" ADD COLUMN "(\w+)" ([^;]+);/g,
        ),
      ].map(
        (match) => [match[1] ?? "", match[2] ?? "", match[3] ?? ""] as [string, string, string],
      ),
    );
}

/**
 * The tables that later migrations create and today's seed writes (its record of what it seeded,
 * decision 404, and the admin audit it reads), as their `CREATE TABLE` statements: created for the seed at the old schema and
 * dropped again before migrating, like the later columns.
 */
function listLaterCreatedSeedTables(): Array<{ table: string; create: string }> {
  // The seeder also reads the audit, for the products and templates an admin created.
  const seedTables = new Set(["reference_seed_rows", "admin_audit_entries"]);
  const journal = JSON.parse(
    readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8"),
  ) as Journal;
  const cut = journal.entries.findIndex((entry) => entry.tag === planMigration);
  return journal.entries
    .slice(cut + 1)
    .flatMap(({ tag }) =>
      [
        ...readFileSync(path.join(migrationsFolder, `${tag}.sql`), "utf8").matchAll(
          /CREATE TABLE "(\w+)" \(([^;]+);/g,
        ),
      ]
        .filter((match) => seedTables.has(match[1] ?? ""))
        .map((match) => ({ table: match[1] ?? "", create: match[0] })),
    );
}

type OldCalendar = {
  id: number;
  token: string;
  payload: SubmitCalendarRequest;
  calendarYear: number;
};

/** A calendar as the old save stored it: every shot laid out, copies included, by SQL. */
async function insertOldCalendar(
  database: Database,
  userId: number,
  payload: SubmitCalendarRequest,
  calendarYear: number,
): Promise<OldCalendar> {
  const { setup } = payload.data;
  const combination = referenceData.combinations.find(
    (candidate) =>
      candidate.enterprise_id === setup.enterprise.id &&
      candidate.animal_id === setup.animal.id &&
      candidate.season_id === setup.season.id,
  );
  if (!combination) throw new Error("no combination");
  const feed = createFeedCredentials(appSecret);
  const calendar = await database.pool.query<{ id: number }>(
    `INSERT INTO calendars (user_id, combination_id, enterprise_id, animal_id, season_id,
       birth_date, breeding_date, calendar_year, contact_name, feed_nonce, feed_token_hash,
       created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'Máire', $9, $10, $11, $11) RETURNING id`,
    [
      userId,
      combination.id,
      setup.enterprise.id,
      setup.animal.id,
      setup.season.id,
      setup.birthDate,
      setup.breedingDate,
      calendarYear,
      feed.nonce,
      feed.tokenHash,
      now,
    ],
  );
  const id = calendar.rows[0]?.id;
  if (id === undefined) throw new Error("no calendar id");
  for (const [position, column] of payload.data.diseases.entries()) {
    await database.pool.query(
      `INSERT INTO calendar_diseases (calendar_id, disease_id, position, vaccine_id)
       VALUES ($1, $2, $3, $4)`,
      [id, column.id, position, column.vaccineId],
    );
    for (const [shotPosition, shot] of column.shots.entries()) {
      await database.pool.query(
        `INSERT INTO calendar_shots (calendar_id, disease_id, shot_key, position, template_id,
           date, custom_name, is_recurrent, show_once, cycle, source_shot_key, is_mirrored_copy,
           year_index, row, order_in_month, is_booster, user_initiated)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)`,
        [
          id,
          column.id,
          shot.id,
          shotPosition,
          shot.templateId,
          shot.date,
          shot.custom_name,
          shot.is_recurrent,
          shot.show_once,
          shot.cycle,
          shot.sourceShotId,
          shot.isMirroredCopy,
          shot.yearIndex,
          shot.row,
          shot.orderInMonth,
          shot.isBooster,
          shot.userInitiated,
        ],
      );
    }
  }
  return { id, token: feed.token, payload, calendarYear };
}

let adminUrl: string;
let databaseName: string;
let database: Database;
let app: FastifyInstance;
let sessionToken: string;
let copyFolder: string;
const oldCalendars: OldCalendar[] = [];
let storedRowsBefore = 0;

beforeAll(async () => {
  adminUrl = inject("testDatabaseServer").adminUrl;
  databaseName = `vaxcal_migration_${randomBytes(6).toString("hex")}`;
  await runAdminQuery(adminUrl, `CREATE DATABASE "${databaseName}"`);
  database = connectDatabase(withDatabaseName(adminUrl, databaseName), { maxConnections: 4 });

  // The schema as it was before the plan migration, with its data.
  copyFolder = copyMigrationsBeforePlan();
  await migrate(database.db, { migrationsFolder: copyFolder });
  const laterColumns = listLaterAddedColumns();
  for (const [table, column, definition] of laterColumns) {
    await database.pool.query(`ALTER TABLE "${table}" ADD COLUMN "${column}" ${definition}`);
  }
  const laterTables = listLaterCreatedSeedTables();
  for (const { create } of laterTables) await database.pool.query(create);
  await seedReferenceData(database.db, referenceData, demoData);
  const [user] = await database.db
    .insert(users)
    .values({
      email: `migrated.${Date.now()}@example.ie`,
      passwordHash: "not-a-real-hash",
      name: "Máire",
      surname: "Ní Dhomhnaill",
      address1: "Main Road",
      town: "Macroom",
      eircode: "P12 X4K7",
      county: "Cork",
      country: "Ireland",
      termsAcceptedAt: now,
    })
    .returning({ id: users.id });
  if (!user) throw new Error("no user");

  // Cows with a moved and an added shot; ewes with every disease, Enzovax's 3-yearly dose too.
  const cows = editCalendar(buildEngineCalendar(), "2026-01-09", "2027-06-18");
  const ewesCombination = referenceData.combinations.find(
    (candidate) => candidate.animal_id === 5 && candidate.season_id === 4,
  );
  if (!ewesCombination) throw new Error("no mid-season ewes");
  const ewesChoice = {
    enterpriseId: ewesCombination.enterprise_id,
    animalId: ewesCombination.animal_id,
    seasonId: ewesCombination.season_id,
    ...resolveSeasonDefaults(ewesCombination, testToday),
  };
  const ewes = buildEngineCalendar(ewesChoice, listOfferedDiseaseIds(ewesChoice.animalId));
  oldCalendars.push(
    await insertOldCalendar(
      database,
      user.id,
      buildSubmitPayload(cows, dairySpringCows),
      cows.calendarYear,
    ),
    await insertOldCalendar(
      database,
      user.id,
      buildSubmitPayload(ewes, ewesChoice),
      ewes.calendarYear,
    ),
  );
  const counted = await database.pool.query<{ count: number }>(
    "SELECT count(*)::int AS count FROM calendar_shots",
  );
  storedRowsBefore = counted.rows[0]?.count ?? 0;

  for (const [table, column] of laterColumns) {
    await database.pool.query(`ALTER TABLE "${table}" DROP COLUMN "${column}"`);
  }
  for (const { table } of laterTables) await database.pool.query(`DROP TABLE "${table}"`);
  await applyMigrations(database);
  app = await buildApp({
    config: buildTestConfig({ publicUrl, appSecret }),
    database,
    clock: () => now,
  });
  sessionToken = (await startSession(database.db, user.id, now)).token;
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  await runAdminQuery(adminUrl, `DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
  rmSync(copyFolder, { recursive: true, force: true });
});

async function readDetail(calendarId: number) {
  const response = await app.inject({
    method: "GET",
    url: `/api/calendars/${calendarId}`,
    headers: { authorization: `Bearer ${sessionToken}` },
  });
  expect(response.statusCode, response.body).toBe(200);
  return CalendarDetailSchema.parse(response.json());
}

describe("a calendar saved before the plan migration", () => {
  it("was stored with its copies, and keeps only its first occurrences after it", async () => {
    const oldShots = oldCalendars.flatMap(({ payload }) =>
      payload.data.diseases.flatMap((column) => column.shots),
    );
    expect(storedRowsBefore).toBe(oldShots.length);
    expect(oldShots.some((shot) => shot.is_recurrent === 3 && shot.cycle === 1)).toBe(true);
    const after = await database.pool.query<{ shot_key: string }>(
      "SELECT shot_key FROM calendar_shots ORDER BY shot_key",
    );
    expect(after.rows.map((row) => row.shot_key)).toEqual(
      oldShots
        .filter((shot) => !shot.isMirroredCopy)
        .map((shot) => shot.id)
        .sort(),
    );
  });

  it("gives back every shot it stored, unchanged, in its detail", async () => {
    for (const { id, payload } of oldCalendars) {
      const detail = await readDetail(id);
      expect(detail.setup).toEqual(payload.data.setup);
      expect(detail.contact?.name).toBe("Máire");
      payload.data.diseases.forEach((column, index) => {
        const derived = detail.diseases[index];
        expect(derived?.id).toBe(column.id);
        const storedIds = new Set(column.shots.map((shot) => shot.id));
        expect(derived?.shots.filter((shot) => storedIds.has(shot.id))).toEqual(column.shots);
      });
    }
  });

  it("lists the same dated shots over the range it stored", async () => {
    for (const { id, payload, calendarYear } of oldCalendars) {
      const stored = payload.data.diseases.flatMap((column) => column.shots);
      const from = stored.reduce(
        (first, shot) => (shot.date! < first ? shot.date! : first),
        "9999",
      );
      const occurrences = await listCalendarOccurrences(
        database.db,
        id,
        from,
        `${calendarYear + 1}-12-31`,
      );
      const byId = (left: { id: string }, right: { id: string }) => left.id.localeCompare(right.id);
      expect(
        occurrences.map(({ shotId, date, cycle }) => ({ id: shotId, date, cycle })).sort(byId),
      ).toEqual(
        stored.map(({ id: shotId, date, cycle }) => ({ id: shotId, date, cycle })).sort(byId),
      );
    }
  });

  it("keeps its feed link, and its feed still holds every stored date", async () => {
    for (const { id, token, payload, calendarYear } of oldCalendars) {
      const detail = await readDetail(id);
      expect(detail.feedUrls).toEqual(buildFeedUrls(publicUrl, token));
      const response = await app.inject({
        method: "GET",
        url: new URL(requireFeedUrls(detail).https).pathname,
      });
      expect(response.statusCode).toBe(200);
      const events = new ICAL.Component(ICAL.parse(response.body)).getAllSubcomponents("vevent");
      const until = `${calendarYear + 1}-12-31`;
      for (const shot of payload.data.diseases.flatMap((column) => column.shots)) {
        const seedId = shot.sourceShotId ?? shot.id;
        const event = events.find((candidate) =>
          String(candidate.getFirstPropertyValue("uid")).startsWith(`calendar-${id}-${seedId}@`),
        );
        expect(event, shot.id).toBeDefined();
        const iterator = new ICAL.Event(event).iterator();
        const dates: string[] = [];
        for (let next = iterator.next(); next && next.toString() <= until; next = iterator.next()) {
          dates.push(next.toString());
        }
        expect(dates, shot.id).toContain(shot.date);
      }
    }
  });
});
