import type { Disease, HerdStatus, ShotTemplate, Vaccine } from "@vaxcal/contracts";
import { getTableColumns, sql, type SQL, type Table } from "drizzle-orm";
import { executePrepared, type Executor } from "../../db/database.ts";
import {
  toDisease,
  toShotTemplate,
  toVaccineFields,
  toVaccineRules,
} from "../../db/reference-rows.ts";
import * as schema from "../../db/schema.ts";

/**
 * A disease offered for an animal, with the vaccine it defaults to for that animal. `retired`: an
 * admin retired the vaccine, so new calendars must not offer it; saved calendars keep it.
 */
export type AnimalOffer = {
  disease: Omit<Disease, "animals">;
  vaccine: Vaccine;
  retired: boolean;
  /** The answer an unanswered herd status question takes (decision 421). */
  herdStatusDefault: HerdStatus;
};

/** What the engine needs to lay out, check or remind about one animal's calendar. */
export type AnimalVaccineInputs = {
  /** By disease id. */
  offers: AnimalOffer[];
  /** The animal's protocol shots, by id. */
  shotTemplates: ShotTemplate[];
};

type VaccineRow = {
  vaccine: typeof schema.vaccines.$inferSelect;
  rules: typeof schema.vaccineRules.$inferSelect | null;
  compatibleVaccineIds: number[];
};

type DiseaseOfferRow = {
  disease: typeof schema.diseases.$inferSelect;
  vaccineId: number;
  herdStatusDefault: HerdStatus;
};

type InputsRow = {
  diseases: DiseaseOfferRow[];
  vaccines: VaccineRow[];
  templates: (typeof schema.shotTemplates.$inferSelect)[];
};

/**
 * A table's row as a JSON object keyed like Drizzle's own rows, so that rows read as JSON map the
 * same way as rows read by a select. Timestamps arrive as text; no mapper here reads them.
 */
function jsonRow(table: Table): SQL {
  const pairs = Object.entries(getTableColumns(table)).map(
    ([key, column]) => sql`${sql.raw(`'${key}'`)}, ${column}`,
  );
  return sql`json_build_object(${sql.join(pairs, sql`, `)})`;
}

/** Vaccines with their rules and compatible partners, as one JSON array, in `vaccines.id` order. */
function vaccinesJson(vaccineIds?: SQL): SQL {
  const where = vaccineIds ? sql`WHERE ${schema.vaccines.id} IN ${vaccineIds}` : sql``;
  return sql`coalesce((
    SELECT json_agg(json_build_object(
      'vaccine', ${jsonRow(schema.vaccines)},
      'rules', CASE WHEN ${schema.vaccineRules.vaccineId} IS NULL THEN NULL
        ELSE ${jsonRow(schema.vaccineRules)} END,
      'compatibleVaccineIds', coalesce((
        SELECT json_agg(${schema.vaccineCompatibilities.compatibleVaccineId}
          ORDER BY ${schema.vaccineCompatibilities.compatibleVaccineId})
        FROM ${schema.vaccineCompatibilities}
        WHERE ${schema.vaccineCompatibilities.vaccineId} = ${schema.vaccines.id}
      ), '[]'::json)
    ) ORDER BY ${schema.vaccines.id})
    FROM ${schema.vaccines}
    LEFT JOIN ${schema.vaccineRules} ON ${schema.vaccineRules.vaccineId} = ${schema.vaccines.id}
    ${where}
  ), '[]'::json)`;
}

/**
 * The one reader of vaccines as the contracts and the schedule engine take them (rules and
 * compatibilities included): the reference list, the scoped diseases call and the save check
 * all go through it, so they cannot disagree on a vaccine. Each call is one statement.
 */
export function createVaccinesRepository(db: Executor) {
  return {
    /** Every vaccine, by id. */
    async listVaccines(): Promise<Vaccine[]> {
      const result = await db.execute<{ vaccines: VaccineRow[] }>(
        sql`SELECT ${vaccinesJson()} AS vaccines`,
      );
      return (result.rows[0]?.vaccines ?? []).map(mapVaccine);
    },

    /** The diseases offered for an animal with their default vaccines, and its shot templates. */
    async readAnimalVaccineInputs(animalId: number): Promise<AnimalVaccineInputs> {
      return (await readAnimalVaccineInputsWith(animalId, {})).inputs;
    },

    readAnimalVaccineInputsWith,
  };

  /**
   * The same, with more values read in the same statement (a caller's own JSON subqueries, from
   * its repository), so that a save's check costs one round trip.
   */
  async function readAnimalVaccineInputsWith<Extra extends Record<string, unknown>>(
    animalId: number,
    alongside: { [Key in keyof Extra]: SQL },
  ): Promise<{ inputs: AnimalVaccineInputs; alongside: Extra }> {
    // The same text for every animal: prepared once per connection, as planning it costs more
    // than running it.
    const rows = await executePrepared<AnimalVaccineInputsRow>(
      db,
      "vaccine-inputs",
      buildAnimalVaccineInputsSql(sql`${animalId}`, alongside),
    );
    return readAnimalVaccineInputsRow<Extra>(rows[0], Object.keys(alongside));
  }
}

/** One row of `buildAnimalVaccineInputsSql`. */
export type AnimalVaccineInputsRow = InputsRow & Record<string, unknown>;

/**
 * The statement behind `readAnimalVaccineInputsWith`: the animal's offers, their vaccines and its
 * templates as JSON, and the caller's `alongside` subqueries as more columns. `animalId` may be a
 * value or a `sql.placeholder` (for a statement compiled once: `definePreparedQuery`).
 */
export function buildAnimalVaccineInputsSql(animalId: SQL, alongside: Record<string, SQL>): SQL {
  const offered = sql`${schema.diseaseAnimals.animalId} = ${animalId}`;
  return sql`SELECT
    coalesce((
      SELECT json_agg(json_build_object(
        'disease', ${jsonRow(schema.diseases)},
        'vaccineId', ${schema.diseaseAnimals.vaccineId},
        'herdStatusDefault', ${schema.diseaseAnimals.herdStatusDefault}
      ) ORDER BY ${schema.diseases.id})
      FROM ${schema.diseaseAnimals}
      INNER JOIN ${schema.diseases} ON ${schema.diseases.id} = ${schema.diseaseAnimals.diseaseId}
      WHERE ${offered}
    ), '[]'::json) AS diseases,
    ${vaccinesJson(sql`(SELECT ${schema.diseaseAnimals.vaccineId} FROM ${schema.diseaseAnimals} WHERE ${offered})`)} AS vaccines,
    coalesce((
      SELECT json_agg(${jsonRow(schema.shotTemplates)} ORDER BY ${schema.shotTemplates.id})
      FROM ${schema.shotTemplates}
      WHERE ${schema.shotTemplates.animalId} = ${animalId}
    ), '[]'::json) AS templates
    ${sql.join(
      Object.entries(alongside).map(([name, value]) => sql`, ${value} AS ${sql.identifier(name)}`),
    )}`;
}

/** The engine's inputs, and the `alongside` columns by name, from that statement's row. */
export function readAnimalVaccineInputsRow<Extra extends Record<string, unknown>>(
  row: AnimalVaccineInputsRow | undefined,
  alongsideNames: readonly string[],
): { inputs: AnimalVaccineInputs; alongside: Extra } {
  if (!row) throw new Error("the vaccine inputs statement returned no row");
  const vaccinesById = new Map(
    row.vaccines.map(mapVaccine).map((vaccine) => [vaccine.id, vaccine]),
  );
  const retiredIds = new Set(
    row.vaccines
      .filter((entry) => entry.vaccine.retiredAt !== null)
      .map((entry) => entry.vaccine.id),
  );
  const inputs = {
    offers: row.diseases.flatMap(({ disease, vaccineId, herdStatusDefault }) => {
      const vaccine = vaccinesById.get(vaccineId);
      const retired = retiredIds.has(vaccineId);
      return vaccine === undefined
        ? []
        : [{ disease: toDisease(disease), vaccine, retired, herdStatusDefault }];
    }),
    shotTemplates: row.templates.map(toShotTemplate),
  };
  const extra = Object.fromEntries(alongsideNames.map((name) => [name, row[name]]));
  return { inputs, alongside: extra as Extra };
}

function mapVaccine({ vaccine, rules, compatibleVaccineIds }: VaccineRow): Vaccine {
  return { ...toVaccineFields(vaccine), rules: toVaccineRules(rules, compatibleVaccineIds) };
}

export type VaccinesRepository = ReturnType<typeof createVaccinesRepository>;
