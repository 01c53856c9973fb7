import { referenceLists, type ReferenceListKey, type ReferenceLists } from "@vaxcal/contracts";
import { demoData, referenceDataWithWindows as referenceData } from "@vaxcal/reference-data";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { announceReferenceChange } from "../../db/reference-changes.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

async function getList<K extends ReferenceListKey>(key: K): Promise<ReferenceLists[K]> {
  const response = await testApp.app.inject({ method: "GET", url: referenceLists[key].path });
  expect(response.statusCode).toBe(200);
  return referenceLists[key].schema.parse(response.json()) as ReferenceLists[K];
}

const byId = <T extends { id: number }>(items: T[]): T[] => [...items].sort((a, b) => a.id - b.id);

describe("reference lists (docs/product.md §7)", () => {
  it.each(Object.entries(referenceLists))(
    "%s answers 200 with a body matching its contract",
    async (_key, { path, schema }) => {
      const response = await testApp.app.inject({ method: "GET", url: path });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toMatch(/^application\/json/);
      expect(schema.safeParse(response.json()).success).toBe(true);
    },
  );

  it("lists Dairy, Beef and Sheep with their animals in display order", async () => {
    const enterprises = await getList("enterprises");
    const summary = enterprises.map((enterprise) => ({
      id: enterprise.id,
      name: enterprise.name,
      animals: enterprise.animals.map((animal) => animal.name),
      animalArray: enterprise.animalArray,
      defaultSeasonId: enterprise.defaultSeasonId,
    }));
    expect(summary).toEqual([
      {
        id: 1,
        name: "Dairy",
        animals: ["Cows", "Replacement Heifers", "Weanlings", "Calves"],
        animalArray: [1, 2, 3, 4],
        defaultSeasonId: null,
      },
      {
        id: 2,
        name: "Beef",
        animals: ["Cows", "Replacement Heifers", "Weanlings", "Calves"],
        animalArray: [1, 2, 3, 4],
        defaultSeasonId: null,
      },
      {
        id: 3,
        name: "Sheep",
        animals: ["Ewes", "Hoggets", "Ram", "Lamb"],
        animalArray: [5, 7, 8, 6],
        // docs/product.md §9: enterprise 3 defaults the season to id 4.
        defaultSeasonId: 4,
      },
    ]);
  });

  it("lists the animals in sort order with their seasons and diseases", async () => {
    const animals = await getList("animals");
    expect(animals.map((animal) => animal.name).slice(0, 4)).toEqual([
      "Cows",
      "Replacement Heifers",
      "Weanlings",
      "Calves",
    ]);
    const ram = animals.find((animal) => animal.id === 8);
    expect(ram).toMatchObject({ name: "Ram", isAdult: true, hasBirthDate: false });
    expect(ram?.seasons).toEqual([3, 4, 5]);
    const cows = animals.find((animal) => animal.id === 1);
    expect(cows?.seasons).toEqual([1, 2]);
    const cowDiseases = referenceData.diseases
      .filter((disease) => disease.animals.some((link) => link.animal_id === 1))
      .map((disease) => disease.id)
      .sort((a, b) => a - b);
    expect(cows?.diseases).toEqual(cowDiseases);
  });

  it("serves every vaccine of the dataset, rules included, exactly", async () => {
    const vaccines = await getList("vaccines");
    expect(vaccines).toHaveLength(referenceData.vaccines.length);
    const normalise = (list: typeof vaccines) =>
      byId(list).map((vaccine) => ({
        ...vaccine,
        rules: {
          ...vaccine.rules,
          compatible_vaccine_ids: [...vaccine.rules.compatible_vaccine_ids].sort((a, b) => a - b),
        },
      }));
    expect(normalise(vaccines)).toEqual(normalise(referenceData.vaccines));
  });

  it("serves every disease with its animals and default vaccines", async () => {
    const diseases = await getList("diseases");
    const normalise = (list: typeof diseases) =>
      byId(list).map((disease) => ({
        ...disease,
        animals: [...disease.animals].sort((a, b) => a.animal_id - b.animal_id),
      }));
    expect(normalise(diseases)).toEqual(normalise(referenceData.diseases));
  });

  it("serves the combinations with their season default dates", async () => {
    const combinations = await getList("animalEnterpriseSeasonCombinations");
    expect(byId(combinations)).toEqual(byId(referenceData.combinations));
  });

  it("shows each season's animals with the dates of their enterprise as the pivot", async () => {
    const seasons = await getList("seasons");
    expect(seasons.map((season) => season.id)).toEqual(referenceData.seasons.map((s) => s.id));
    const springCalving = seasons.find((season) => season.id === 1);
    const dairyCows = springCalving?.animals.find(
      (animal) => animal.id === 1 && animal.pivot.enterprise_id === 1,
    );
    const beefCows = springCalving?.animals.find(
      (animal) => animal.id === 1 && animal.pivot.enterprise_id === 2,
    );
    const expected = (enterpriseId: number) =>
      referenceData.combinations.find(
        (c) => c.season_id === 1 && c.animal_id === 1 && c.enterprise_id === enterpriseId,
      );
    expect(dairyCows?.name).toBe("Cows");
    expect(dairyCows?.pivot.birth_date).toBe(expected(1)?.birth_date);
    expect(beefCows?.pivot.birth_date).toBe(expected(2)?.birth_date);
    // Dairy and beef calve on different dates in the same season (decision 102).
    expect(dairyCows?.pivot.birth_date).not.toBe(beefCows?.pivot.birth_date);
    const pivotCount = seasons.reduce((count, season) => count + season.animals.length, 0);
    expect(pivotCount).toBe(referenceData.combinations.length);
  });

  it("serves the popup presets by slug", async () => {
    const warnings = await getList("warnings");
    expect(byId(warnings)).toEqual(byId(referenceData.warnings));
  });

  it("serves the demo territory managers and vet practices outside production", async () => {
    const managers = await getList("territoryManagers");
    expect(byId(managers)).toEqual(byId(demoData.territoryManagers));
    const vets = await getList("vets");
    expect(vets.map((vet) => vet.vet_practice_name)).toEqual(
      demoData.vetPractices.map((practice) => practice.vet_practice_name).sort(),
    );
  });
});

describe("reference list caching", () => {
  it("sends an ETag, asks browsers to revalidate every time, and answers 304 when the copy is current", async () => {
    const first = await testApp.app.inject({ method: "GET", url: "/api/vaccines" });
    const entityTag = first.headers.etag;
    expect(entityTag).toMatch(/^".+"$/);
    expect(first.headers["cache-control"]).toBe("public, no-cache");

    const again = await testApp.app.inject({
      method: "GET",
      url: "/api/vaccines",
      headers: { "if-none-match": String(entityTag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");

    const stale = await testApp.app.inject({
      method: "GET",
      url: "/api/vaccines",
      headers: { "if-none-match": '"something-else"' },
    });
    expect(stale.statusCode).toBe(200);
  });

  it("changes the ETag when a change to the data is announced", async () => {
    const before = await testApp.app.inject({ method: "GET", url: "/api/warnings" });
    await testApp.database.db.transaction(async (transaction) => {
      await transaction.execute(
        sql`UPDATE warnings SET title = title || ' (edited)' WHERE id = (SELECT MIN(id) FROM warnings)`,
      );
      await announceReferenceChange(transaction);
    });
    await expect
      .poll(
        async () =>
          (
            await testApp.app.inject({
              method: "GET",
              url: "/api/warnings",
              headers: { "if-none-match": String(before.headers.etag) },
            })
          ).statusCode,
      )
      .toBe(200);
    const after = await testApp.app.inject({ method: "GET", url: "/api/warnings" });
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });
});
