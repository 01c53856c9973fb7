import {
  AuditAction,
  type Animal,
  type AnimalEnterpriseSeasonCombination,
  type Disease,
  type Enterprise,
  type Season,
  type ShotTemplate,
  type TerritoryManager,
  type Vaccine,
  type Warning,
} from "@vaxcal/contracts";
import { eq, getTableColumns, getTableName, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db, Executor, Transaction } from "./database.ts";
import { announceReferenceChange } from "./reference-changes.ts";
import {
  toShotTemplateColumns,
  toVaccineColumns,
  toVaccineRulesColumns,
  toWarningColumns,
} from "./reference-rows.ts";
import * as schema from "./schema.ts";

/** The shape of `referenceData` in `@vaxcal/reference-data`. */
export type ReferenceDataset = {
  enterprises: Array<Pick<Enterprise, "id" | "name" | "defaultSeasonId" | "animalArray">>;
  animals: Array<Pick<Animal, "id" | "name" | "isAdult" | "hasBirthDate" | "sortOrder">>;
  seasons: Array<Pick<Season, "id" | "name">>;
  combinations: AnimalEnterpriseSeasonCombination[];
  vaccines: Vaccine[];
  diseases: Disease[];
  shotTemplates: ShotTemplate[];
  warnings: Warning[];
};

/** The shape of `demoData`: fictional practices and managers, never seeded in production. */
export type DemoDataset = {
  vetPractices: Array<{
    id: number;
    vet_practice_name: string;
    address1: string;
    town: string;
    county: string;
    country: string;
    eircode: string;
  }>;
  territoryManagers: TerritoryManager[];
};

// Concurrent starts of several nodes seed one after the other, never interleaved.
const seedLockKey = 7_462_002;

/**
 * One table's shipped rows: `key` names the row (ids, or both ids of a link), and every other
 * column of a row is one the seeder owns.
 */
export type ReferenceTableRows = {
  table: PgTable;
  key: PgColumn[];
  rows: Array<Record<string, unknown>>;
  /**
   * Rows an admin may create in this table, found by the audit's `create` entries for `entity`:
   * a shipped row whose `fields` name such an id, and that was never seeded, is left alone.
   */
  adminCreated?: { entity: string; fields: string[] };
};

/**
 * Seeds the reference data (and the demo data when given) in one transaction, without ever
 * overwriting an admin's work (decision 404). Each shipped row is compared with the values the
 * seeder last wrote for it (`reference_seed_rows`):
 * - a row not there yet, and never seeded, is inserted (a new product, a first start);
 * - a row whose values are still the ones last seeded is brought up to the dataset;
 * - a row an admin edited since is left as it is;
 * - a row an admin deleted is not brought back.
 * Rows that admins added are never touched, even when a newer dataset ships a row with the same
 * id (the admin's row took the id first): the audit says which products and templates an admin
 * created, and the shipped row with that id, its rules and its compatibilities stay out. An unchanged restart writes nothing. Identity
 * sequences then continue after the highest id.
 */
export async function seedReferenceData(
  db: Db,
  reference: ReferenceDataset,
  demo?: DemoDataset,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${seedLockKey})`);
    const tables = await listShippedRows(tx, reference, demo);
    const adminCreatedIds = await listAdminCreatedIds(tx);
    for (const shipped of tables) await seedTable(tx, shipped, adminCreatedIds);
    await resetIdentitySequences(tx);
    await announceReferenceChange(tx);
  });
}

/**
 * The shipped rows of every reference table, in the order foreign keys need, mapped to the
 * Drizzle row shape. The reference data's own demo practices and managers come last, when given.
 * Also what the admin area compares the database with (`listReferenceDifferences`).
 */
export async function listShippedRows(
  executor: Executor,
  reference: ReferenceDataset,
  demo?: DemoDataset,
): Promise<ReferenceTableRows[]> {
  const tables: ReferenceTableRows[] = [
    { table: schema.seasons, key: [schema.seasons.id], rows: reference.seasons },
    {
      table: schema.animals,
      key: [schema.animals.id],
      rows: reference.animals.map((animal) => ({
        id: animal.id,
        name: animal.name,
        isAdult: animal.isAdult,
        hasBirthDate: animal.hasBirthDate,
        sortOrder: animal.sortOrder,
      })),
    },
    {
      table: schema.enterprises,
      key: [schema.enterprises.id],
      rows: reference.enterprises.map(({ id, name, defaultSeasonId }) => ({
        id,
        name,
        defaultSeasonId,
      })),
    },
    {
      table: schema.enterpriseAnimals,
      key: [schema.enterpriseAnimals.enterpriseId, schema.enterpriseAnimals.animalId],
      rows: reference.enterprises.flatMap((enterprise) =>
        enterprise.animalArray.map((animalId, position) => ({
          enterpriseId: enterprise.id,
          animalId,
          position,
        })),
      ),
    },
    {
      table: schema.animalEnterpriseSeasonCombinations,
      key: [schema.animalEnterpriseSeasonCombinations.id],
      rows: reference.combinations.map((combination) => ({
        id: combination.id,
        animalId: combination.animal_id,
        enterpriseId: combination.enterprise_id,
        seasonId: combination.season_id,
        birthDate: combination.birth_date,
        breedingDate: combination.breeding_date,
      })),
    },
    ...listVaccineRows(reference.vaccines),
    {
      table: schema.diseases,
      key: [schema.diseases.id],
      rows: reference.diseases.map((disease) => ({
        id: disease.id,
        name: disease.name,
        descName: disease.desc_name,
        footnote: disease.footnote,
        footnoteNumber: disease.footnoteNumber,
      })),
    },
    {
      table: schema.diseaseAnimals,
      key: [schema.diseaseAnimals.diseaseId, schema.diseaseAnimals.animalId],
      rows: reference.diseases.flatMap((disease) =>
        disease.animals.map(
          ({ animal_id, vaccine_id, herd_status_question, herd_status_default }) => ({
            diseaseId: disease.id,
            animalId: animal_id,
            vaccineId: vaccine_id,
            herdStatusQuestion: herd_status_question,
            herdStatusDefault: herd_status_default ?? "primed",
          }),
        ),
      ),
    },
    {
      table: schema.shotTemplates,
      key: [schema.shotTemplates.id],
      adminCreated: { entity: "shot_template", fields: ["id"] },
      rows: reference.shotTemplates.map((template) => ({
        id: template.id,
        ...toShotTemplateColumns(template),
      })),
    },
    {
      table: schema.warnings,
      key: [schema.warnings.id],
      rows: await listWarningRows(executor, reference.warnings),
    },
  ];
  if (demo) {
    tables.push(
      {
        table: schema.vetPractices,
        key: [schema.vetPractices.id],
        rows: demo.vetPractices.map((practice) => ({
          id: practice.id,
          vetPracticeName: practice.vet_practice_name,
          address1: practice.address1,
          town: practice.town,
          county: practice.county,
          country: practice.country,
          eircode: practice.eircode,
        })),
      },
      {
        table: schema.territoryManagers,
        key: [schema.territoryManagers.id],
        rows: demo.territoryManagers.map((manager) => ({
          id: manager.id,
          territoryManagerName: manager.territory_manager_name,
          territoryManagerEmail: manager.territory_manager_email,
        })),
      },
    );
  }
  return tables;
}

/** The row's key as stored in `reference_seed_rows.row_key`: `{"id":3}`. */
export function toRowKey(shipped: ReferenceTableRows, row: Record<string, unknown>): string {
  return JSON.stringify(Object.fromEntries(keyFields(shipped).map((field) => [field, row[field]])));
}

/** The table's rows as they are now, by `toRowKey`. */
export async function readCurrentRows(
  executor: Executor,
  shipped: ReferenceTableRows,
): Promise<Map<string, Record<string, unknown>>> {
  const rows = (await executor.select().from(shipped.table)) as Array<Record<string, unknown>>;
  return new Map(rows.map((row) => [toRowKey(shipped, row), row]));
}

/** The Drizzle field names of the key columns (`id`, or `diseaseId` and `animalId`). */
export function keyFields(shipped: ReferenceTableRows): string[] {
  const columns = Object.entries(getTableColumns(shipped.table));
  return shipped.key.map((keyColumn) => {
    const entry = columns.find(([, column]) => column === keyColumn);
    if (!entry) throw new Error(`key column ${keyColumn.name} is not in its table`);
    return entry[0];
  });
}

/** The fields the seeder owns: every field of a shipped row but the key. */
export function ownedFields(shipped: ReferenceTableRows): string[] {
  const keys = new Set(keyFields(shipped));
  const [firstRow] = shipped.rows;
  return firstRow ? Object.keys(firstRow).filter((field) => !keys.has(field)) : [];
}

/** The owned fields whose values differ between two rows; absent and null count as the same. */
export function listDifferingFields(
  fields: readonly string[],
  left: Record<string, unknown>,
  right: Record<string, unknown>,
): string[] {
  return fields.filter((field) => (left[field] ?? null) !== (right[field] ?? null));
}

/** Whether two rows hold the same owned values. */
function haveSameValues(
  fields: readonly string[],
  left: Record<string, unknown>,
  right: Record<string, unknown>,
): boolean {
  return listDifferingFields(fields, left, right).length === 0;
}

/** The ids of the rows admins created, by audit entity (the audit's `create` entries). */
async function listAdminCreatedIds(tx: Transaction): Promise<Map<string, Set<number>>> {
  const rows = await tx
    .select({ entity: schema.adminAuditEntries.entity, id: schema.adminAuditEntries.entityId })
    .from(schema.adminAuditEntries)
    .where(eq(schema.adminAuditEntries.action, AuditAction.create));
  const byEntity = new Map<string, Set<number>>();
  for (const row of rows) {
    const ids = byEntity.get(row.entity) ?? new Set<number>();
    ids.add(row.id);
    byEntity.set(row.entity, ids);
  }
  return byEntity;
}

async function seedTable(
  tx: Transaction,
  shipped: ReferenceTableRows,
  adminCreatedIds: ReadonlyMap<string, ReadonlySet<number>>,
): Promise<void> {
  if (shipped.rows.length === 0) return;
  const tableName = getTableName(shipped.table);
  const fields = ownedFields(shipped);
  const currentByKey = await readCurrentRows(tx, shipped);
  const records = await tx
    .select({
      rowKey: schema.referenceSeedRows.rowKey,
      seededValues: schema.referenceSeedRows.seededValues,
    })
    .from(schema.referenceSeedRows)
    .where(eq(schema.referenceSeedRows.tableName, tableName));
  const createdByAdmin = adminCreatedIds.get(shipped.adminCreated?.entity ?? "") ?? new Set();
  const seededByKey = new Map(
    records.map((record) => [record.rowKey, record.seededValues as Record<string, unknown>]),
  );

  const rowsToWrite: Array<Record<string, unknown>> = [];
  const recordsToWrite: Array<typeof schema.referenceSeedRows.$inferInsert> = [];
  for (const row of shipped.rows) {
    const rowKey = toRowKey(shipped, row);
    const current = currentByKey.get(rowKey);
    const seeded = seededByKey.get(rowKey);
    const values = Object.fromEntries(fields.map((field) => [field, row[field] ?? null]));
    const record = { tableName, rowKey, seededValues: values };
    const takenByAdmin = shipped.adminCreated?.fields.some((field) =>
      createdByAdmin.has(Number(row[field])),
    );
    if (!seeded && takenByAdmin) continue;
    if (!current) {
      // Seeded before and gone now: an admin deleted it.
      if (seeded) continue;
      rowsToWrite.push(row);
      recordsToWrite.push(record);
      continue;
    }
    // A row seeded before records existed is taken as unedited: the old seeder rewrote it at
    // every start, so it held the dataset of the last start.
    const isEditedByAdmin = seeded !== undefined && !haveSameValues(fields, current, seeded);
    const isUpToDate = haveSameValues(fields, current, row);
    if (isEditedByAdmin && !isUpToDate) continue;
    if (!isUpToDate) rowsToWrite.push(row);
    if (!seeded || !haveSameValues(fields, seeded, row)) recordsToWrite.push(record);
  }

  await upsertRows(tx, shipped.table, shipped.key, rowsToWrite as never);
  if (recordsToWrite.length > 0) {
    await tx
      .insert(schema.referenceSeedRows)
      .values(recordsToWrite)
      .onConflictDoUpdate({
        target: [schema.referenceSeedRows.tableName, schema.referenceSeedRows.rowKey],
        set: { seededValues: sql`excluded.seeded_values`, seededAt: sql`now()` },
      });
  }
}

function listVaccineRows(vaccines: Vaccine[]): ReferenceTableRows[] {
  return [
    {
      table: schema.vaccines,
      key: [schema.vaccines.id],
      adminCreated: { entity: "vaccine", fields: ["id"] },
      rows: vaccines.map((vaccine) => ({ id: vaccine.id, ...toVaccineColumns(vaccine) })),
    },
    {
      table: schema.vaccineRules,
      key: [schema.vaccineRules.vaccineId],
      adminCreated: { entity: "vaccine", fields: ["vaccineId"] },
      rows: vaccines.map(({ id, rules }) => ({ vaccineId: id, ...toVaccineRulesColumns(rules) })),
    },
    {
      table: schema.vaccineCompatibilities,
      key: [
        schema.vaccineCompatibilities.vaccineId,
        schema.vaccineCompatibilities.compatibleVaccineId,
      ],
      adminCreated: { entity: "vaccine", fields: ["vaccineId", "compatibleVaccineId"] },
      rows: vaccines.flatMap(({ id, rules }) =>
        rules.compatible_vaccine_ids.map((compatibleVaccineId) => ({
          vaccineId: id,
          compatibleVaccineId,
        })),
      ),
    },
  ];
}

/**
 * Warnings are found by slug in the app, so a slug keeps its row even if the dataset renumbers
 * it: a shipped warning takes the id of the existing row with its slug.
 */
async function listWarningRows(
  executor: Executor,
  warnings: Warning[],
): Promise<Array<Record<string, unknown>>> {
  const existing = await executor
    .select({ id: schema.warnings.id, slug: schema.warnings.slug })
    .from(schema.warnings);
  const idBySlug = new Map(existing.map((row) => [row.slug, row.id]));
  return warnings.map((warning) => ({
    id: idBySlug.get(warning.slug) ?? warning.id,
    slug: warning.slug,
    ...toWarningColumns(warning),
  }));
}

/**
 * `INSERT … ON CONFLICT DO UPDATE` for the given columns, touching only rows whose values
 * differ, so an unchanged restart writes nothing and keeps `updated_at` meaningful.
 */
async function upsertRows<TTable extends PgTable>(
  tx: Transaction,
  table: TTable,
  conflictTarget: PgColumn[],
  rows: Array<TTable["$inferInsert"]>,
): Promise<void> {
  const [firstRow] = rows;
  if (!firstRow) return;
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const targetNames = new Set(conflictTarget.map((column) => column.name));
  const updatable = Object.keys(firstRow).filter((key) => {
    const column = columns[key];
    return column !== undefined && !targetNames.has(column.name);
  });
  const insert = tx.insert(table).values(rows);
  if (updatable.length === 0) {
    await insert.onConflictDoNothing({ target: conflictTarget });
    return;
  }
  const set: Record<string, SQL> = {};
  const changes: SQL[] = [];
  for (const key of updatable) {
    const column = columns[key] as PgColumn;
    set[key] = sql.raw(`excluded.${quoteIdentifier(column.name)}`);
    changes.push(sql`${column} IS DISTINCT FROM ${set[key]}`);
  }
  if (columns.updatedAt) set.updatedAt = sql`now()`;
  await insert.onConflictDoUpdate({
    target: conflictTarget,
    set: set as never,
    setWhere: sql.join(changes, sql` OR `),
  });
}

const tablesWithIdentity = [
  schema.seasons,
  schema.animals,
  schema.enterprises,
  schema.animalEnterpriseSeasonCombinations,
  schema.vaccines,
  schema.diseases,
  schema.shotTemplates,
  schema.warnings,
  schema.vetPractices,
  schema.territoryManagers,
];

// Explicit ids do not advance an identity sequence; without this the next admin insert collides.
async function resetIdentitySequences(tx: Transaction): Promise<void> {
  for (const table of tablesWithIdentity) {
    const name = quoteIdentifier(getTableName(table));
    await tx.execute(
      sql.raw(
        `SELECT setval(pg_get_serial_sequence('${name}', 'id'), COALESCE((SELECT MAX(id) FROM ${name}), 0) + 1, false)`,
      ),
    );
  }
}

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
