import { referenceData } from "@vaxcal/reference-data";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../test/database.ts";
import { createCalendarsRepository } from "./calendars.repository.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

describe("readSubmissionReference", () => {
  it.each(referenceData.combinations)(
    "reads combination $id with its animal's diseases, vaccines with rules, and templates",
    async (combination) => {
      const reference = await createCalendarsRepository(database.db).readSubmissionReference({
        enterpriseId: combination.enterprise_id,
        animalId: combination.animal_id,
        seasonId: combination.season_id,
      });
      const animal = referenceData.animals.find((item) => item.id === combination.animal_id);
      expect(reference?.combination).toMatchObject({
        id: combination.id,
        isAdult: animal?.isAdult,
        hasBirthDate: animal?.hasBirthDate,
      });
      const expectedOffers = referenceData.diseases.flatMap((disease) =>
        disease.animals
          .filter((offer) => offer.animal_id === combination.animal_id)
          .map((offer) => {
            const vaccine = referenceData.vaccines.find((item) => item.id === offer.vaccine_id);
            const { live: _live, ...rules } = vaccine?.rules ?? { live: false };
            return {
              diseaseId: disease.id,
              diseaseName: disease.name,
              vaccine: {
                id: vaccine?.id,
                name: vaccine?.name,
                source_note: vaccine?.source_note,
                rules,
              },
            };
          }),
      );
      expect(reference?.offers).toEqual(expectedOffers);
      expect(reference?.templates).toEqual(
        referenceData.shotTemplates
          .filter((template) => template.animal_id === combination.animal_id)
          .map((template) => ({ id: template.id, vaccineId: template.vaccine_id })),
      );
    },
  );

  it("is null for a setup that is no combination", async () => {
    const repository = createCalendarsRepository(database.db);
    expect(
      await repository.readSubmissionReference({ enterpriseId: 3, animalId: 1, seasonId: 1 }),
    ).toBeNull();
  });
});
