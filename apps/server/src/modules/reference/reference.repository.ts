import type { ReferenceLists, Warning } from "@vaxcal/contracts";
import { asc, eq, isNull } from "drizzle-orm";
import { runReads, type Executor } from "../../db/database.ts";
import * as schema from "../../db/schema.ts";
import { isLinkablePractice } from "../../db/linkable-practices.ts";
import { toDisease, toShotTemplate, toWarning } from "../../db/reference-rows.ts";
import { createVaccinesRepository } from "./vaccines.repository.ts";

/** Reads the reference lists and maps their rows to the contracts' JSON (docs/product.md §7). */
export function createReferenceRepository(db: Executor) {
  return {
    async listEnterprises(): Promise<ReferenceLists["enterprises"]> {
      const [enterprises, members] = await runReads(db, [
        () => db.select().from(schema.enterprises).orderBy(asc(schema.enterprises.id)),
        () =>
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
      const [animals, seasonLinks, diseaseLinks] = await runReads(db, [
        () =>
          db
            .select()
            .from(schema.animals)
            .orderBy(asc(schema.animals.sortOrder), asc(schema.animals.id)),
        () =>
          db
            .selectDistinct({
              animalId: schema.animalEnterpriseSeasonCombinations.animalId,
              seasonId: schema.animalEnterpriseSeasonCombinations.seasonId,
            })
            .from(schema.animalEnterpriseSeasonCombinations)
            .orderBy(asc(schema.animalEnterpriseSeasonCombinations.seasonId)),
        () =>
          // A disease whose vaccine an admin retired is no longer offered to new calendars.
          db
            .select({
              animalId: schema.diseaseAnimals.animalId,
              diseaseId: schema.diseaseAnimals.diseaseId,
            })
            .from(schema.diseaseAnimals)
            .innerJoin(schema.vaccines, eq(schema.vaccines.id, schema.diseaseAnimals.vaccineId))
            .where(isNull(schema.vaccines.retiredAt))
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
      const [diseases, links] = await runReads(db, [
        () => db.select().from(schema.diseases).orderBy(asc(schema.diseases.id)),
        () =>
          db
            .select()
            .from(schema.diseaseAnimals)
            .orderBy(asc(schema.diseaseAnimals.diseaseId), asc(schema.diseaseAnimals.animalId)),
      ]);
      const linksByDisease = groupBy(links, (link) => link.diseaseId);
      return diseases.map((disease) => ({
        ...toDisease(disease),
        animals: (linksByDisease.get(disease.id) ?? []).map((link) => ({
          animal_id: link.animalId,
          vaccine_id: link.vaccineId,
          herd_status_question: link.herdStatusQuestion,
          herd_status_default: link.herdStatusDefault,
        })),
      }));
    },

    listVaccines(): Promise<ReferenceLists["vaccines"]> {
      return createVaccinesRepository(db).listVaccines();
    },

    async listSeasons(): Promise<ReferenceLists["seasons"]> {
      const [seasons, pivots] = await runReads(db, [
        () => db.select().from(schema.seasons).orderBy(asc(schema.seasons.id)),
        () =>
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

    async listShotTemplates(): Promise<ReferenceLists["shotTemplates"]> {
      const rows = await db
        .select()
        .from(schema.shotTemplates)
        .orderBy(asc(schema.shotTemplates.id));
      return rows.map(toShotTemplate);
    },

    async listWarnings(): Promise<Warning[]> {
      const rows = await db.select().from(schema.warnings).orderBy(asc(schema.warnings.id));
      return rows.map(toWarning);
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
        .select({
          id: schema.vetPractices.id,
          name: schema.vetPractices.vetPracticeName,
          town: schema.vetPractices.town,
        })
        .from(schema.vetPractices)
        // A practice whose e-mail nobody proved is not offered (decision 503).
        .where(isLinkablePractice)
        .orderBy(asc(schema.vetPractices.vetPracticeName), asc(schema.vetPractices.id));
      // The address lives on the practice row itself, so there is no separate address record.
      return rows.map((row) => ({
        id: row.id,
        vet_practice_name: row.name,
        vet_practice_address_id: null,
        town: row.town,
      }));
    },
  };
}

export type ReferenceRepository = ReturnType<typeof createReferenceRepository>;

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
