import { AnimalId, EnterpriseId, SeasonId, referenceData } from "@vaxcal/reference-data";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { parseConfig } from "../config.ts";
import { createTestApp, type TestApp } from "../test/app.ts";
import { createTestDatabase, type TestDatabase } from "../test/database.ts";

/*
 * Decision 016: the browser journeys move the app's clock to the day they need with
 * POST /api/test/clock, a route that exists only when NODE_ENV is test.
 */

const clockPath = "/api/test/clock";

const springCows = referenceData.combinations.find(
  (combination) =>
    combination.enterprise_id === EnterpriseId.dairy &&
    combination.animal_id === AnimalId.cows &&
    combination.season_id === SeasonId.springCalving,
);

describe("POST /api/test/clock in test mode", () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({}, () => new Date("2026-11-27T09:00:00Z"));
  });
  afterAll(() => testApp.close());

  const setToday = (today: unknown) =>
    testApp.app.inject({ method: "POST", url: clockPath, payload: { today } });

  /** The earliest dose the engine plans for spring-calving cows calving on 1 February 2027. */
  async function findFirstCowDose(): Promise<string | undefined> {
    const response = await testApp.app.inject({
      method: "GET",
      url: `/api/diseases?include=vaccine,vaccine.shots&seasonComboId=${springCows?.id}&birthDate=2027-02-01&breedingDate=2027-04-25`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const dates = response
      .json<Array<{ vaccine?: { shots?: Array<{ date: string | null }> } }>>()
      .flatMap((disease) => disease.vaccine?.shots ?? [])
      .flatMap((shot) => (shot.date === null ? [] : [shot.date]));
    return dates.sort()[0];
  }

  it("moves the engine's today to the day given, and back", async () => {
    // On 27 November 2026 the pre-calving doses are still ahead, in November and December.
    expect(await findFirstCowDose()).toMatch(/^2026-1[12]-/);

    const moved = await setToday("2027-01-01");
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toEqual({ today: "2027-01-01" });
    expect(await findFirstCowDose()).toMatch(/^2027-01-/);

    const back = await setToday(null);
    expect(back.json()).toEqual({ today: "2026-11-27" });
    expect(await findFirstCowDose()).toMatch(/^2026-1[12]-/);
  });

  it("refuses a day that is not a date, and keeps the clock", async () => {
    const response = await setToday("1 January");
    expect(response.statusCode).toBe(400);
    expect(await findFirstCowDose()).toMatch(/^2026-1[12]-/);
  });
});

describe("POST /api/test/clock outside test mode", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  it.each([
    {
      NODE_ENV: "production",
      APP_SECRET: "kV3r8-Qz_uN1mXw7pLc2TbYh6sGd0eJa9oFiR4",
      // Parsed only: the app is given the test database.
      DATABASE_URL: "postgresql://vaxcal@db.internal/vaxcal",
    },
    { NODE_ENV: "development" },
  ])("does not exist with NODE_ENV=$NODE_ENV: 404, and the clock stays", async (env) => {
    const app = await buildApp({
      config: parseConfig({ ...env, LOG_LEVEL: "silent", PUBLIC_URL: "https://vaxcal.example.ie" }),
      database,
    });
    try {
      const response = await app.inject({
        method: "POST",
        url: clockPath,
        payload: { today: "2027-01-01" },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe("NOT_FOUND");
    } finally {
      await app.close();
    }
  });
});
