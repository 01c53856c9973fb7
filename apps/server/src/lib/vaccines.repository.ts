import type { Disease, ShotTemplate, Vaccine, VaccineRules } from "@vaxcal/contracts";
import { asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Executor } from "../db/database.ts";
import * as schema from "../db/schema.ts";

/** A disease offered for an animal, with the vaccine it defaults to for that animal. */
export type AnimalOffer = { disease: Omit<Disease, "animals">; vaccine: Vaccine };

/** What the engine needs to lay out, check or remind about one animal's calendar. */
export type AnimalVaccineInputs = {
  /** By disease id. */
  offers: AnimalOffer[];
  /** The animal's protocol shots, by id. */
  shotTemplates: ShotTemplate[];
};

/**
 * The one reader of vaccines as the contracts and the schedule engine take them (rules and
 * compatibilities included): the reference list, the scoped diseases call and the save check
 * all go through it, so they cannot disagree on a vaccine.
 */
export function createVaccinesRepository(db: Executor) {
  async function selectVaccines(vaccineIds?: SQL): Promise<Vaccine[]> {
    const rows = await db
      .select({
        vaccine: schema.vaccines,
        rules: schema.vaccineRules,
        // In the same query, so a vaccine costs one round trip however many partners it has.
        compatibleVaccineIds: sql<number[]>`coalesce((
          SELECT json_agg(${schema.vaccineCompatibilities.compatibleVaccineId}
            ORDER BY ${schema.vaccineCompatibilities.compatibleVaccineId})
          FROM ${schema.vaccineCompatibilities}
          WHERE ${schema.vaccineCompatibilities.vaccineId} = ${schema.vaccines.id}
        ), '[]'::json)`,
      })
      .from(schema.vaccines)
      .leftJoin(schema.vaccineRules, eq(schema.vaccineRules.vaccineId, schema.vaccines.id))
      .where(vaccineIds && inArray(schema.vaccines.id, vaccineIds))
      .orderBy(asc(schema.vaccines.id));
    return rows.map(({ vaccine, rules, compatibleVaccineIds }) => ({
      id: vaccine.id,
      name: vaccine.name,
      size_info: vaccine.sizeInfo,
      vaccine_type: vaccine.vaccineType,
      logo_url: vaccine.logoUrl,
      product_spc_url: vaccine.productSpcUrl,
      accent_color: vaccine.accentColor,
      information: vaccine.information,
      warning_message: vaccine.warningMessage,
      source_note: vaccine.sourceNote,
      rules: mapRules(rules, compatibleVaccineIds),
    }));
  }

  return {
    /** Every vaccine, by id. */
    listVaccines(): Promise<Vaccine[]> {
      return selectVaccines();
    },

    /** The diseases offered for an animal with their default vaccines, and its shot templates. */
    async readAnimalVaccineInputs(animalId: number): Promise<AnimalVaccineInputs> {
      const offeredVaccineIds = sql`(${db
        .select({ id: schema.diseaseAnimals.vaccineId })
        .from(schema.diseaseAnimals)
        .where(eq(schema.diseaseAnimals.animalId, animalId))})`;
      const [diseases, vaccines, templates] = await Promise.all([
        db
          .select({ disease: schema.diseases, vaccineId: schema.diseaseAnimals.vaccineId })
          .from(schema.diseaseAnimals)
          .innerJoin(schema.diseases, eq(schema.diseases.id, schema.diseaseAnimals.diseaseId))
          .where(eq(schema.diseaseAnimals.animalId, animalId))
          .orderBy(asc(schema.diseases.id)),
        selectVaccines(offeredVaccineIds),
        db
          .select()
          .from(schema.shotTemplates)
          .where(eq(schema.shotTemplates.animalId, animalId))
          .orderBy(asc(schema.shotTemplates.id)),
      ]);
      const vaccinesById = new Map(vaccines.map((vaccine) => [vaccine.id, vaccine]));
      return {
        offers: diseases.flatMap(({ disease, vaccineId }) => {
          const vaccine = vaccinesById.get(vaccineId);
          return vaccine === undefined ? [] : [{ disease: mapDisease(disease), vaccine }];
        }),
        shotTemplates: templates.map(mapShotTemplate),
      };
    },
  };
}

export type VaccinesRepository = ReturnType<typeof createVaccinesRepository>;

/** A shot template row as the contracts name its fields. */
export function mapShotTemplate(row: typeof schema.shotTemplates.$inferSelect): ShotTemplate {
  return {
    id: row.id,
    vaccine_id: row.vaccineId,
    animal_id: row.animalId,
    birth_days: row.birthDays,
    breeding_days: row.breedingDays,
    custom_name: row.customName,
    is_recurrent: row.isRecurrent,
    herd_status: row.herdStatus,
    season_id: row.seasonId,
  };
}

/** A disease row as the contracts name its fields, without the animals it is offered for. */
export function mapDisease(row: typeof schema.diseases.$inferSelect): Omit<Disease, "animals"> {
  return {
    id: row.id,
    name: row.name,
    desc_name: row.descName,
    footnote: row.footnote,
    footnoteNumber: row.footnoteNumber,
  };
}

function mapRules(
  rules: typeof schema.vaccineRules.$inferSelect | null,
  compatibleVaccineIds: number[],
): VaccineRules {
  return {
    max_shots: rules?.maxShots ?? null,
    min_age_days: rules?.minAgeDays ?? null,
    live: rules?.live ?? false,
    not_in_pregnancy: rules?.notInPregnancy ?? false,
    min_days_before_breeding: rules?.minDaysBeforeBreeding ?? null,
    blackout_birth_days: toWindow(rules?.blackoutBirthFromDays, rules?.blackoutBirthToDays),
    window_birth_days: toWindow(rules?.windowBirthFromDays, rules?.windowBirthToDays),
    compatible_vaccine_ids: compatibleVaccineIds,
    course_interval_days: toWindow(rules?.courseIntervalFromDays, rules?.courseIntervalToDays),
    booster_window_birth_days: toWindow(
      rules?.boosterWindowBirthFromDays,
      rules?.boosterWindowBirthToDays,
    ),
    max_days_before_breeding: rules?.maxDaysBeforeBreeding ?? null,
    min_days_before_birth: rules?.minDaysBeforeBirth ?? null,
    not_protective_in_pregnancy: rules?.notProtectiveInPregnancy ?? false,
  };
}

function toWindow(
  from: number | null | undefined,
  to: number | null | undefined,
): VaccineRules["window_birth_days"] {
  return from === null || from === undefined || to === null || to === undefined
    ? null
    : { from, to };
}
