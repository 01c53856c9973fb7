import type { ShotTemplate } from "@vaxcal/contracts";
import { asc, eq } from "drizzle-orm";
import type { Executor } from "../../db/database.ts";
import * as schema from "../../db/schema.ts";

export type ScopedCombination = {
  id: number;
  enterpriseId: number;
  seasonId: number;
  animal: { id: number; isAdult: boolean; hasBirthDate: boolean };
};

/** What the scoped diseases call reads beyond the reference lists: a combination and templates. */
export function createScopedDiseasesRepository(db: Executor) {
  return {
    async findCombination(id: number): Promise<ScopedCombination | null> {
      const [row] = await db
        .select({
          id: schema.animalEnterpriseSeasonCombinations.id,
          enterpriseId: schema.animalEnterpriseSeasonCombinations.enterpriseId,
          seasonId: schema.animalEnterpriseSeasonCombinations.seasonId,
          animalId: schema.animals.id,
          isAdult: schema.animals.isAdult,
          hasBirthDate: schema.animals.hasBirthDate,
        })
        .from(schema.animalEnterpriseSeasonCombinations)
        .innerJoin(
          schema.animals,
          eq(schema.animals.id, schema.animalEnterpriseSeasonCombinations.animalId),
        )
        .where(eq(schema.animalEnterpriseSeasonCombinations.id, id));
      if (!row) return null;
      return {
        id: row.id,
        enterpriseId: row.enterpriseId,
        seasonId: row.seasonId,
        animal: { id: row.animalId, isAdult: row.isAdult, hasBirthDate: row.hasBirthDate },
      };
    },

    async listShotTemplates(animalId: number): Promise<ShotTemplate[]> {
      const rows = await db
        .select()
        .from(schema.shotTemplates)
        .where(eq(schema.shotTemplates.animalId, animalId))
        .orderBy(asc(schema.shotTemplates.id));
      return rows.map((row) => ({
        id: row.id,
        vaccine_id: row.vaccineId,
        animal_id: row.animalId,
        birth_days: row.birthDays,
        breeding_days: row.breedingDays,
        custom_name: row.customName,
        is_recurrent: row.isRecurrent,
      }));
    },
  };
}

export type ScopedDiseasesRepository = ReturnType<typeof createScopedDiseasesRepository>;
