import { referenceData } from "@vaxcal/reference-data";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../test/database.ts";
import { createCalendarsRepository } from "./calendars.repository.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

describe("findCombination", () => {
  it.each(referenceData.combinations)(
    "reads combination $id with its names and its animal's facts",
    async (combination) => {
      const found = await createCalendarsRepository(database.db).findCombination({
        enterpriseId: combination.enterprise_id,
        animalId: combination.animal_id,
        seasonId: combination.season_id,
      });
      const animal = referenceData.animals.find((item) => item.id === combination.animal_id);
      expect(found).toMatchObject({
        id: combination.id,
        animal: animal?.name,
        isAdult: animal?.isAdult,
        hasBirthDate: animal?.hasBirthDate,
      });
    },
  );

  it("is null for a setup that is no combination", async () => {
    const repository = createCalendarsRepository(database.db);
    expect(await repository.findCombination({ enterpriseId: 3, animalId: 1, seasonId: 1 })).toBe(
      null,
    );
  });
});
