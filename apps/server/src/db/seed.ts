import type {
  Animal,
  AnimalEnterpriseSeasonCombination,
  Disease,
  Enterprise,
  Season,
  ShotTemplate,
  TerritoryManager,
  Vaccine,
  Warning,
} from "@vaxcal/contracts";
import { getTableColumns, getTableName, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db, Transaction } from "./database.ts";
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
 * Upserts the reference data (and the demo data when given) in one transaction: rows are matched
 * by id (warnings also by slug), changed rows are updated, nothing is duplicated, and rows that
 * admins added are never deleted. Identity sequences then continue after the highest id.
 */
export async function seedReferenceData(
  db: Db,
  reference: ReferenceDataset,
  demo?: DemoDataset,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${seedLockKey})`);

    await upsertRows(tx, schema.seasons, [schema.seasons.id], reference.seasons);
    await upsertRows(
      tx,
      schema.animals,
      [schema.animals.id],
      reference.animals.map((animal) => ({
        id: animal.id,
        name: animal.name,
        isAdult: animal.isAdult,
        hasBirthDate: animal.hasBirthDate,
        sortOrder: animal.sortOrder,
      })),
    );
    await upsertRows(
      tx,
      schema.enterprises,
      [schema.enterprises.id],
      reference.enterprises.map(({ id, name, defaultSeasonId }) => ({ id, name, defaultSeasonId })),
    );
    await upsertRows(
      tx,
      schema.enterpriseAnimals,
      [schema.enterpriseAnimals.enterpriseId, schema.enterpriseAnimals.animalId],
      reference.enterprises.flatMap((enterprise) =>
        enterprise.animalArray.map((animalId, position) => ({
          enterpriseId: enterprise.id,
          animalId,
          position,
        })),
      ),
    );
    await upsertRows(
      tx,
      schema.animalEnterpriseSeasonCombinations,
      [schema.animalEnterpriseSeasonCombinations.id],
      reference.combinations.map((combination) => ({
        id: combination.id,
        animalId: combination.animal_id,
        enterpriseId: combination.enterprise_id,
        seasonId: combination.season_id,
        birthDate: combination.birth_date,
        breedingDate: combination.breeding_date,
      })),
    );
    await seedVaccines(tx, reference.vaccines);
    await upsertRows(
      tx,
      schema.diseases,
      [schema.diseases.id],
      reference.diseases.map((disease) => ({
        id: disease.id,
        name: disease.name,
        descName: disease.desc_name,
        footnote: disease.footnote,
        footnoteNumber: disease.footnoteNumber,
      })),
    );
    await upsertRows(
      tx,
      schema.diseaseAnimals,
      [schema.diseaseAnimals.diseaseId, schema.diseaseAnimals.animalId],
      reference.diseases.flatMap((disease) =>
        disease.animals.map(({ animal_id, vaccine_id, herd_status_question }) => ({
          diseaseId: disease.id,
          animalId: animal_id,
          vaccineId: vaccine_id,
          herdStatusQuestion: herd_status_question,
        })),
      ),
    );
    await upsertRows(
      tx,
      schema.shotTemplates,
      [schema.shotTemplates.id],
      reference.shotTemplates.map((template) => ({
        id: template.id,
        vaccineId: template.vaccine_id,
        animalId: template.animal_id,
        birthDays: template.birth_days,
        breedingDays: template.breeding_days,
        customName: template.custom_name,
        isRecurrent: template.is_recurrent,
        herdStatus: template.herd_status,
        seasonId: template.season_id,
      })),
    );
    await seedWarnings(tx, reference.warnings);

    if (demo) {
      await upsertRows(
        tx,
        schema.vetPractices,
        [schema.vetPractices.id],
        demo.vetPractices.map((practice) => ({
          id: practice.id,
          vetPracticeName: practice.vet_practice_name,
          address1: practice.address1,
          town: practice.town,
          county: practice.county,
          country: practice.country,
          eircode: practice.eircode,
        })),
      );
      await upsertRows(
        tx,
        schema.territoryManagers,
        [schema.territoryManagers.id],
        demo.territoryManagers.map((manager) => ({
          id: manager.id,
          territoryManagerName: manager.territory_manager_name,
          territoryManagerEmail: manager.territory_manager_email,
        })),
      );
    }

    await resetIdentitySequences(tx);
  });
}

async function seedVaccines(tx: Transaction, vaccines: Vaccine[]): Promise<void> {
  await upsertRows(
    tx,
    schema.vaccines,
    [schema.vaccines.id],
    vaccines.map((vaccine) => ({
      id: vaccine.id,
      name: vaccine.name,
      sizeInfo: vaccine.size_info,
      vaccineType: vaccine.vaccine_type,
      logoUrl: vaccine.logo_url,
      productSpcUrl: vaccine.product_spc_url,
      accentColor: vaccine.accent_color,
      information: vaccine.information,
      warningMessage: vaccine.warning_message,
      sourceNote: vaccine.source_note,
    })),
  );
  await upsertRows(
    tx,
    schema.vaccineRules,
    [schema.vaccineRules.vaccineId],
    vaccines.map(({ id, rules }) => ({
      vaccineId: id,
      maxShots: rules.max_shots,
      minAgeDays: rules.min_age_days,
      live: rules.live,
      notInPregnancy: rules.not_in_pregnancy,
      minDaysBeforeBreeding: rules.min_days_before_breeding,
      blackoutBirthFromDays: rules.blackout_birth_days?.from ?? null,
      blackoutBirthToDays: rules.blackout_birth_days?.to ?? null,
      windowBirthFromDays: rules.window_birth_days?.from ?? null,
      windowBirthToDays: rules.window_birth_days?.to ?? null,
      courseIntervalFromDays: rules.course_interval_days?.from ?? null,
      courseIntervalToDays: rules.course_interval_days?.to ?? null,
      boosterWindowBirthFromDays: rules.booster_window_birth_days?.from ?? null,
      boosterWindowBirthToDays: rules.booster_window_birth_days?.to ?? null,
      maxDaysBeforeBreeding: rules.max_days_before_breeding,
      minDaysBeforeBirth: rules.min_days_before_birth,
      notProtectiveInPregnancy: rules.not_protective_in_pregnancy,
    })),
  );
  await upsertRows(
    tx,
    schema.vaccineCompatibilities,
    [schema.vaccineCompatibilities.vaccineId, schema.vaccineCompatibilities.compatibleVaccineId],
    vaccines.flatMap(({ id, rules }) =>
      rules.compatible_vaccine_ids.map((compatibleVaccineId) => ({
        vaccineId: id,
        compatibleVaccineId,
      })),
    ),
  );
}

/**
 * Warnings are found by slug in the app, so a slug keeps its row even if the dataset renumbers
 * it: an existing row with the slug is updated in place, otherwise the row is upserted by id.
 */
async function seedWarnings(tx: Transaction, warnings: Warning[]): Promise<void> {
  const rows = warnings.map((warning) => ({
    id: warning.id,
    slug: warning.slug,
    title: warning.title,
    body: warning.body,
    buttonConfirm: warning.button_confirm,
    buttonCancel: warning.button_cancel,
    severity: warning.severity,
  }));
  const existing = await tx
    .select({ id: schema.warnings.id, slug: schema.warnings.slug })
    .from(schema.warnings);
  const idBySlug = new Map(existing.map((row) => [row.slug, row.id]));
  await upsertRows(
    tx,
    schema.warnings,
    [schema.warnings.id],
    rows.map((row) => ({ ...row, id: idBySlug.get(row.slug) ?? row.id })),
  );
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
