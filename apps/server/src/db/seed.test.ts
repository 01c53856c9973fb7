import { demoData, referenceData } from "@vaxcal/reference-data";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../test/database.ts";
import { seedReferenceData } from "./seed.ts";

// The cloned database was already seeded once by the global setup.
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

const tables = [
  "seasons",
  "animals",
  "enterprises",
  "enterprise_animals",
  "animal_enterprise_season_combinations",
  "vaccines",
  "vaccine_rules",
  "vaccine_compatibilities",
  "diseases",
  "disease_animals",
  "shot_templates",
  "warnings",
  "territory_managers",
  "vet_practices",
] as const;

async function countRows(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const { rows } = await database.pool.query<{ count: string }>(`SELECT count(*) FROM ${table}`);
    counts[table] = Number(rows[0]?.count);
  }
  return counts;
}

async function queryOne<T extends object>(statement: string, values: unknown[] = []): Promise<T> {
  const { rows } = await database.pool.query<T>(statement, values);
  const [row] = rows;
  if (!row) throw new Error(`no row for: ${statement}`);
  return row;
}

describe("seedReferenceData", () => {
  it("holds exactly the dataset after the first seed", async () => {
    const counts = await countRows();
    expect(counts).toMatchObject({
      seasons: referenceData.seasons.length,
      animals: referenceData.animals.length,
      enterprises: referenceData.enterprises.length,
      animal_enterprise_season_combinations: referenceData.combinations.length,
      vaccines: referenceData.vaccines.length,
      vaccine_rules: referenceData.vaccines.length,
      diseases: referenceData.diseases.length,
      disease_animals: referenceData.diseases.flatMap((disease) => disease.animals).length,
      shot_templates: referenceData.shotTemplates.length,
      warnings: referenceData.warnings.length,
      territory_managers: demoData.territoryManagers.length,
      vet_practices: demoData.vetPractices.length,
    });
  });

  it("duplicates nothing when run again", async () => {
    const before = await countRows();
    await seedReferenceData(database.db, referenceData, demoData);
    await seedReferenceData(database.db, referenceData, demoData);
    expect(await countRows()).toEqual(before);
  });

  it("writes nothing when nothing changed, and restores a reference row that did", async () => {
    const vaccine = referenceData.vaccines[0];
    if (!vaccine) throw new Error("the dataset has no vaccine");
    await database.pool.query(
      "UPDATE vaccines SET name = 'Renamed', updated_at = $2 WHERE id = $1",
      [vaccine.id, "2000-01-01T00:00:00Z"],
    );
    const untouched = await queryOne<{ updated_at: Date }>(
      "SELECT updated_at FROM vaccines WHERE id <> $1 ORDER BY id LIMIT 1",
      [vaccine.id],
    );

    await seedReferenceData(database.db, referenceData, demoData);

    const restored = await queryOne<{ name: string; updated_at: Date }>(
      "SELECT name, updated_at FROM vaccines WHERE id = $1",
      [vaccine.id],
    );
    expect(restored.name).toBe(vaccine.name);
    expect(restored.updated_at.getUTCFullYear()).toBeGreaterThan(2000);
    const stillUntouched = await queryOne<{ updated_at: Date }>(
      "SELECT updated_at FROM vaccines WHERE id <> $1 ORDER BY id LIMIT 1",
      [vaccine.id],
    );
    expect(stillUntouched.updated_at).toEqual(untouched.updated_at);
  });

  it("keeps rows that admins added, and gives new rows ids after the seeded ones", async () => {
    const added = await queryOne<{ id: number }>(
      `INSERT INTO vaccines (name, size_info, vaccine_type, logo_url, product_spc_url, accent_color,
         information, warning_message, source_note)
       VALUES ('Admin Vax', '10 dose', 'SC', '/x.svg', 'https://example.com', '1,2,3', '', '', 'admin')
       RETURNING id`,
    );
    const highestSeededId = Math.max(...referenceData.vaccines.map((vaccine) => vaccine.id));
    expect(added.id).toBe(highestSeededId + 1);

    const warning = await queryOne<{ id: number }>(
      `INSERT INTO warnings (slug, title, body, severity) VALUES ('adminNotice', 'T', 'B', 'alert')
       RETURNING id`,
    );
    expect(warning.id).toBeGreaterThan(Math.max(...referenceData.warnings.map((w) => w.id)));

    await seedReferenceData(database.db, referenceData, demoData);

    const kept = await database.pool.query("SELECT id FROM vaccines WHERE name = 'Admin Vax'");
    expect(kept.rowCount).toBe(1);
    const keptWarning = await database.pool.query(
      "SELECT id FROM warnings WHERE slug = 'adminNotice'",
    );
    expect(keptWarning.rowCount).toBe(1);
  });

  it("updates a warning found by its slug even if its row has another id", async () => {
    const preset = referenceData.warnings[0];
    if (!preset) throw new Error("the dataset has no warning");
    await database.pool.query(
      "UPDATE warnings SET id = 9000, title = 'Old title' WHERE slug = $1",
      [preset.slug],
    );

    await seedReferenceData(database.db, referenceData, demoData);

    const { rows } = await database.pool.query<{ id: number; title: string }>(
      "SELECT id, title FROM warnings WHERE slug = $1",
      [preset.slug],
    );
    expect(rows).toEqual([{ id: 9000, title: preset.title }]);
  });
});

describe("seedReferenceData without demo data (production)", () => {
  let empty: TestDatabase;
  beforeAll(async () => {
    empty = await createTestDatabase();
    // CASCADE: accounts may point at a practice; a fresh clone has no accounts to lose.
    await empty.pool.query("TRUNCATE territory_managers, vet_practices CASCADE");
  });
  afterAll(() => empty.drop());

  it("seeds no fictional vets or territory managers", async () => {
    await seedReferenceData(empty.db, referenceData);
    const vets = await queryCount(empty, "vet_practices");
    const managers = await queryCount(empty, "territory_managers");
    expect({ vets, managers }).toEqual({ vets: 0, managers: 0 });
    expect(await queryCount(empty, "vaccines")).toBe(referenceData.vaccines.length);
  });
});

async function queryCount(target: TestDatabase, table: string): Promise<number> {
  const { rows } = await target.pool.query<{ count: string }>(`SELECT count(*) FROM ${table}`);
  return Number(rows[0]?.count);
}
