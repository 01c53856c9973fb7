import {
  demoData,
  referenceData as windowlessReferenceData,
  referenceDataWithWindows as referenceData,
} from "@vaxcal/reference-data";
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

  it("stores each shipped template's window and source (decision 414)", async () => {
    const { rows } = await database.pool.query<{
      id: number;
      earliest_days: number | null;
      latest_days: number | null;
      source_note: string | null;
    }>("SELECT id, earliest_days, latest_days, source_note FROM shot_templates ORDER BY id");
    expect(rows).toEqual(
      referenceData.shotTemplates.map(({ id, earliest_days, latest_days, source_note }) => ({
        id,
        earliest_days,
        latest_days,
        source_note,
      })),
    );
  });

  it("fills the windows of templates seeded before they were stored, but keeps an admin's window", async () => {
    // As the seeder left the rows before migration 0020: no windows.
    await seedReferenceData(database.db, windowlessReferenceData, demoData);
    const [edited, untouched] = referenceData.shotTemplates;
    if (!edited || !untouched) throw new Error("the dataset has too few templates");
    await database.pool.query(
      "UPDATE shot_templates SET earliest_days = -400, source_note = 'Our vet' WHERE id = $1",
      [edited.id],
    );

    await seedReferenceData(database.db, referenceData, demoData);

    const statement =
      "SELECT earliest_days, latest_days, source_note FROM shot_templates WHERE id = $1";
    expect(await queryOne(statement, [untouched.id])).toEqual({
      earliest_days: untouched.earliest_days,
      latest_days: untouched.latest_days,
      source_note: untouched.source_note,
    });
    expect(await queryOne(statement, [edited.id])).toEqual({
      earliest_days: -400,
      latest_days: null,
      source_note: "Our vet",
    });
    // Put the shipped window back for the tests after this one.
    await database.pool.query(
      "UPDATE shot_templates SET earliest_days = $2, latest_days = $3, source_note = $4 WHERE id = $1",
      [edited.id, edited.earliest_days, edited.latest_days, edited.source_note],
    );
    await seedReferenceData(database.db, referenceData, demoData);
  });

  it("duplicates nothing when run again", async () => {
    const before = await countRows();
    await seedReferenceData(database.db, referenceData, demoData);
    await seedReferenceData(database.db, referenceData, demoData);
    expect(await countRows()).toEqual(before);
  });

  it("writes nothing when nothing changed", async () => {
    await database.pool.query("UPDATE vaccines SET updated_at = '2000-01-01T00:00:00Z'");
    await seedReferenceData(database.db, referenceData, demoData);
    const { rows } = await database.pool.query<{ count: string }>(
      "SELECT count(*) FROM vaccines WHERE updated_at > '2000-01-01T00:00:00Z'",
    );
    expect(Number(rows[0]?.count)).toBe(0);
  });

  it("keeps an admin's edit through a restart (decision 404)", async () => {
    const vaccine = referenceData.vaccines[0];
    if (!vaccine) throw new Error("the dataset has no vaccine");
    await database.pool.query(
      "UPDATE vaccines SET warning_message = 'Edited by an admin' WHERE id = $1",
      [vaccine.id],
    );
    await database.pool.query(
      "UPDATE shot_templates SET birth_days = birth_days + 7 WHERE id = $1 AND birth_days IS NOT NULL",
      [referenceData.shotTemplates.find((template) => template.birth_days !== null)?.id],
    );

    await seedReferenceData(database.db, referenceData, demoData);
    await seedReferenceData(database.db, referenceData, demoData);

    const kept = await queryOne<{ warning_message: string; name: string }>(
      "SELECT warning_message, name FROM vaccines WHERE id = $1",
      [vaccine.id],
    );
    expect(kept).toEqual({ warning_message: "Edited by an admin", name: vaccine.name });
    const template = referenceData.shotTemplates.find((shot) => shot.birth_days !== null);
    const moved = await queryOne<{ birth_days: number }>(
      "SELECT birth_days FROM shot_templates WHERE id = $1",
      [template?.id],
    );
    expect(moved.birth_days).toBe((template?.birth_days ?? 0) + 7);
  });

  it("brings unedited rows up to a newer dataset, and leaves edited ones", async () => {
    const [edited, untouched] = referenceData.vaccines.slice(1, 3);
    if (!edited || !untouched) throw new Error("the dataset has too few vaccines");
    await database.pool.query("UPDATE vaccines SET size_info = 'Admin pack' WHERE id = $1", [
      edited.id,
    ]);
    const newer = {
      ...referenceData,
      vaccines: referenceData.vaccines.map((vaccine) =>
        vaccine.id === edited.id || vaccine.id === untouched.id
          ? { ...vaccine, size_info: `${vaccine.size_info} (revised)` }
          : vaccine,
      ),
    };

    await seedReferenceData(database.db, newer, demoData);

    const { rows } = await database.pool.query<{ id: number; size_info: string }>(
      "SELECT id, size_info FROM vaccines WHERE id = ANY($1) ORDER BY id",
      [[edited.id, untouched.id]],
    );
    expect(rows).toEqual([
      { id: edited.id, size_info: "Admin pack" },
      { id: untouched.id, size_info: `${untouched.size_info} (revised)` },
    ]);
    // Back to the shipped dataset, so later tests start from it.
    await seedReferenceData(database.db, referenceData, demoData);
  });

  it("does not bring back a shipped row an admin deleted", async () => {
    const [pair] = referenceData.vaccines.flatMap(({ id, rules }) =>
      rules.compatible_vaccine_ids.map((compatibleId) => [id, compatibleId]),
    );
    if (!pair) throw new Error("the dataset has no compatible vaccines");
    await database.pool.query(
      "DELETE FROM vaccine_compatibilities WHERE vaccine_id = $1 AND compatible_vaccine_id = $2",
      pair,
    );

    await seedReferenceData(database.db, referenceData, demoData);

    const { rowCount } = await database.pool.query(
      "SELECT 1 FROM vaccine_compatibilities WHERE vaccine_id = $1 AND compatible_vaccine_id = $2",
      pair,
    );
    expect(rowCount).toBe(0);
  });

  it("takes a database seeded before the records existed as unedited once, then keeps edits", async () => {
    const vaccine = referenceData.vaccines[3];
    if (!vaccine) throw new Error("the dataset has too few vaccines");
    await database.pool.query("DELETE FROM reference_seed_rows");
    await database.pool.query("UPDATE vaccines SET source_note = 'Hand-edited' WHERE id = $1", [
      vaccine.id,
    ]);

    await seedReferenceData(database.db, referenceData, demoData);
    const restored = await queryOne<{ source_note: string }>(
      "SELECT source_note FROM vaccines WHERE id = $1",
      [vaccine.id],
    );
    expect(restored.source_note).toBe(vaccine.source_note);

    await database.pool.query("UPDATE vaccines SET source_note = 'Edited later' WHERE id = $1", [
      vaccine.id,
    ]);
    await seedReferenceData(database.db, referenceData, demoData);
    const kept = await queryOne<{ source_note: string }>(
      "SELECT source_note FROM vaccines WHERE id = $1",
      [vaccine.id],
    );
    expect(kept.source_note).toBe("Edited later");
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

  it("keeps an admin's template when a newer dataset ships one with the same id", async () => {
    const shipped = referenceData.shotTemplates[0];
    if (!shipped) throw new Error("the dataset has no shot templates");
    const added = await queryOne<{ id: number }>(
      `INSERT INTO shot_templates (vaccine_id, animal_id, breeding_days, custom_name)
       VALUES ($1, $2, -21, 'Admin booster') RETURNING id`,
      [shipped.vaccine_id, shipped.animal_id],
    );
    // As the admin protocol API records it.
    await database.pool.query(
      `INSERT INTO admin_audit_entries (user_label, occurred_at, action, entity, entity_id)
       VALUES ('admin@example.com', now(), 'create', 'shot_template', $1)`,
      [added.id],
    );
    const newer = {
      ...referenceData,
      shotTemplates: [
        ...referenceData.shotTemplates,
        { ...shipped, id: added.id, custom_name: "Shipped later" },
      ],
    };

    await seedReferenceData(database.db, newer, demoData);
    await seedReferenceData(database.db, newer, demoData);

    const kept = await queryOne<{ custom_name: string; breeding_days: number }>(
      "SELECT custom_name, breeding_days FROM shot_templates WHERE id = $1",
      [added.id],
    );
    expect(kept).toEqual({ custom_name: "Admin booster", breeding_days: -21 });
    await database.pool.query("DELETE FROM shot_templates WHERE id = $1", [added.id]);
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
