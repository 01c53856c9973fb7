import { referenceDataWithWindows as referenceData } from "@vaxcal/reference-data";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../test/database.ts";
import { createVaccinesRepository } from "./vaccines.repository.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

describe("listVaccines", () => {
  it("gives back every vaccine of the reference data, rules included", async () => {
    const vaccines = await createVaccinesRepository(database.db).listVaccines();
    expect(vaccines).toEqual(referenceData.vaccines);
  });
});

describe("readAnimalVaccineInputs", () => {
  it.each(referenceData.animals)(
    "reads the $name's diseases, each with its vaccine and rules, and its templates",
    async (animal) => {
      const inputs = await createVaccinesRepository(database.db).readAnimalVaccineInputs(animal.id);
      const expectedOffers = referenceData.diseases.flatMap((disease) =>
        disease.animals
          .filter((offer) => offer.animal_id === animal.id)
          .map((offer) => {
            const { animals: _animals, ...fields } = disease;
            return {
              disease: fields,
              vaccine: referenceData.vaccines.find((item) => item.id === offer.vaccine_id),
              // No product is retired in the shipped data.
              retired: false,
              // Decision 421: the offer's answer to an unanswered herd status question.
              herdStatusDefault: offer.herd_status_default ?? "primed",
            };
          }),
      );
      expect(inputs.offers).toEqual(expectedOffers);
      expect(inputs.shotTemplates).toEqual(
        referenceData.shotTemplates.filter((template) => template.animal_id === animal.id),
      );
    },
  );
});
