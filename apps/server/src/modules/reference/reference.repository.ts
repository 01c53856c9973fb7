import type { ReferenceLists, VaccineRules, Warning } from "@vaxcal/contracts";
import { asc, eq } from "drizzle-orm";
import type { Executor } from "../../db/database.ts";
import * as schema from "../../db/schema.ts";

/** Reads the reference lists and maps their rows to the contracts' JSON (spec §7). */
export function createReferenceRepository(db: Executor) {
  return {
    async listEnterprises(): Promise<ReferenceLists["enterprises"]> {
      const [enterprises, members] = await Promise.all([
        db.select().from(schema.enterprises).orderBy(asc(schema.enterprises.id)),
        db
          .select({
            enterpriseId: schema.enterpriseAnimals.enterpriseId,
            id: schema.animals.id,
            name: schema.animals.name,
          })
          .from(schema.enterpriseAnimals)
          .innerJoin(schema.animals, eq(schema.animals.id, schema.enterpriseAnimals.animalId))
          .orderBy(asc(schema.enterpriseAnimals.position), asc(schema.animals.sortOrder)),
      ]);
      const animalsByEnterprise = groupBy(members, (member) => member.enterpriseId);
      return enterprises.map((enterprise) => {
        const animals = (animalsByEnterprise.get(enterprise.id) ?? []).map(({ id, name }) => ({
          id,
          name,
        }));
        return {
          id: enterprise.id,
          name: enterprise.name,
          animalArray: animals.map((animal) => animal.id),
          animals,
          defaultSeasonId: enterprise.defaultSeasonId,
        };
      });
    },

    async listAnimals(): Promise<ReferenceLists["animals"]> {
      const [animals, seasonLinks, diseaseLinks] = await Promise.all([
        db
          .select()
          .from(schema.animals)
          .orderBy(asc(schema.animals.sortOrder), asc(schema.animals.id)),
        db
          .selectDistinct({
            animalId: schema.animalEnterpriseSeasonCombinations.animalId,
            seasonId: schema.animalEnterpriseSeasonCombinations.seasonId,
          })
          .from(schema.animalEnterpriseSeasonCombinations)
          .orderBy(asc(schema.animalEnterpriseSeasonCombinations.seasonId)),
        db
          .select({
            animalId: schema.diseaseAnimals.animalId,
            diseaseId: schema.diseaseAnimals.diseaseId,
          })
          .from(schema.diseaseAnimals)
          .orderBy(asc(schema.diseaseAnimals.diseaseId)),
      ]);
      const seasonsByAnimal = groupBy(seasonLinks, (link) => link.animalId);
      const diseasesByAnimal = groupBy(diseaseLinks, (link) => link.animalId);
      return animals.map((animal) => ({
        id: animal.id,
        name: animal.name,
        isAdult: animal.isAdult,
        hasBirthDate: animal.hasBirthDate,
        sortOrder: animal.sortOrder,
        seasons: (seasonsByAnimal.get(animal.id) ?? []).map((link) => link.seasonId),
        diseases: (diseasesByAnimal.get(animal.id) ?? []).map((link) => link.diseaseId),
      }));
    },

    async listDiseases(): Promise<ReferenceLists["diseases"]> {
      const [diseases, links] = await Promise.all([
        db.select().from(schema.diseases).orderBy(asc(schema.diseases.id)),
        db
          .select()
          .from(schema.diseaseAnimals)
          .orderBy(asc(schema.diseaseAnimals.diseaseId), asc(schema.diseaseAnimals.animalId)),
      ]);
      const linksByDisease = groupBy(links, (link) => link.diseaseId);
      return diseases.map((disease) => ({
        id: disease.id,
        name: disease.name,
        desc_name: disease.descName,
        footnote: disease.footnote,
        footnoteNumber: disease.footnoteNumber,
        animals: (linksByDisease.get(disease.id) ?? []).map((link) => ({
          animal_id: link.animalId,
          vaccine_id: link.vaccineId,
        })),
      }));
    },

    async listVaccines(): Promise<ReferenceLists["vaccines"]> {
      const [rows, compatibilities] = await Promise.all([
        db
          .select({ vaccine: schema.vaccines, rules: schema.vaccineRules })
          .from(schema.vaccines)
          .leftJoin(schema.vaccineRules, eq(schema.vaccineRules.vaccineId, schema.vaccines.id))
          .orderBy(asc(schema.vaccines.id)),
        db
          .select()
          .from(schema.vaccineCompatibilities)
          .orderBy(asc(schema.vaccineCompatibilities.compatibleVaccineId)),
      ]);
      const compatibleByVaccine = groupBy(compatibilities, (pair) => pair.vaccineId);
      return rows.map(({ vaccine, rules }) => ({
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
        rules: mapRules(
          rules,
          (compatibleByVaccine.get(vaccine.id) ?? []).map((pair) => pair.compatibleVaccineId),
        ),
      }));
    },

    async listSeasons(): Promise<ReferenceLists["seasons"]> {
      const [seasons, pivots] = await Promise.all([
        db.select().from(schema.seasons).orderBy(asc(schema.seasons.id)),
        db
          .select({
            combination: schema.animalEnterpriseSeasonCombinations,
            animalName: schema.animals.name,
          })
          .from(schema.animalEnterpriseSeasonCombinations)
          .innerJoin(
            schema.animals,
            eq(schema.animals.id, schema.animalEnterpriseSeasonCombinations.animalId),
          )
          .orderBy(
            asc(schema.animalEnterpriseSeasonCombinations.enterpriseId),
            asc(schema.animals.sortOrder),
            asc(schema.animals.id),
          ),
      ]);
      const pivotsBySeason = groupBy(pivots, (pivot) => pivot.combination.seasonId);
      return seasons.map((season) => ({
        id: season.id,
        name: season.name,
        animals: (pivotsBySeason.get(season.id) ?? []).map(({ combination, animalName }) => ({
          id: combination.animalId,
          name: animalName,
          pivot: {
            enterprise_id: combination.enterpriseId,
            birth_date: combination.birthDate,
            breeding_date: combination.breedingDate,
          },
        })),
      }));
    },

    async listCombinations(): Promise<ReferenceLists["animalEnterpriseSeasonCombinations"]> {
      const rows = await db
        .select()
        .from(schema.animalEnterpriseSeasonCombinations)
        .orderBy(asc(schema.animalEnterpriseSeasonCombinations.id));
      return rows.map((row) => ({
        id: row.id,
        animal_id: row.animalId,
        enterprise_id: row.enterpriseId,
        season_id: row.seasonId,
        birth_date: row.birthDate,
        breeding_date: row.breedingDate,
      }));
    },

    async listWarnings(): Promise<Warning[]> {
      const rows = await db.select().from(schema.warnings).orderBy(asc(schema.warnings.id));
      return rows.map((row) => ({
        id: row.id,
        slug: row.slug,
        title: row.title,
        body: row.body,
        button_confirm: row.buttonConfirm,
        button_cancel: row.buttonCancel,
        severity: row.severity,
      }));
    },

    async listTerritoryManagers(): Promise<ReferenceLists["territoryManagers"]> {
      const rows = await db
        .select()
        .from(schema.territoryManagers)
        .orderBy(asc(schema.territoryManagers.id));
      return rows.map((row) => ({
        id: row.id,
        territory_manager_name: row.territoryManagerName,
        territory_manager_email: row.territoryManagerEmail,
      }));
    },

    async listVets(): Promise<ReferenceLists["vets"]> {
      const rows = await db
        .select({ id: schema.vetPractices.id, name: schema.vetPractices.vetPracticeName })
        .from(schema.vetPractices)
        .orderBy(asc(schema.vetPractices.vetPracticeName), asc(schema.vetPractices.id));
      // The address lives on the practice row itself, so there is no separate address record.
      return rows.map((row) => ({
        id: row.id,
        vet_practice_name: row.name,
        vet_practice_address_id: null,
      }));
    },
  };
}

export type ReferenceRepository = ReturnType<typeof createReferenceRepository>;

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

function groupBy<T, K>(items: T[], keyOf: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}
