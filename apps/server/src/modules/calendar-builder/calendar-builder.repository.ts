import { eq } from "drizzle-orm";
import type { Executor } from "../../db/database.ts";
import * as schema from "../../db/schema.ts";

export type ScopedCombination = {
  id: number;
  enterpriseId: number;
  seasonId: number;
  animal: { id: number; isAdult: boolean; hasBirthDate: boolean };
};

/** What the scoped diseases call reads beyond the animal's vaccine inputs: its combination. */
export function createCalendarBuilderRepository(db: Executor) {
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
  };
}

export type CalendarBuilderRepository = ReturnType<typeof createCalendarBuilderRepository>;
