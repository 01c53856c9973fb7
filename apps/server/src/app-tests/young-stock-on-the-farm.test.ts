import { ScopedDiseasesResponseSchema } from "@vaxcal/contracts";
import { DiseaseId, referenceDataWithWindows } from "@vaxcal/reference-data";
import { buildCalendar } from "@vaxcal/schedule";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asUser, registerUser } from "../test/accounts.ts";
import { createTestApp, type TestApp } from "../test/app.ts";
import { buildSubmitPayload } from "../test/calendars.ts";

/*
 * Issue 24, item 4 (decision 418): on 15 February 2027 the spring calves' calendar is for the
 * calves born from 1 February 2027. A dose of theirs whose window has closed (the intranasal RSP
 * dose in the first week of life) comes from the server's engine undated, missed this season,
 * never a past date; a calendar that carries it saves.
 */

const today = "2027-02-15";
const dairySpringCalves = { enterpriseId: 1, animalId: 4, seasonId: 1 } as const;
const calvesCombination = referenceDataWithWindows.combinations.find(
  (combination) =>
    combination.enterprise_id === dairySpringCalves.enterpriseId &&
    combination.animal_id === dairySpringCalves.animalId &&
    combination.season_id === dairySpringCalves.seasonId,
)!;

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({}, () => new Date(`${today}T12:00:00Z`));
});
afterAll(() => testApp.close());

describe("spring calves on 15 February 2027 (decision 418)", () => {
  it("step 2's shots: the missed dose undated and marked, nothing before today", async () => {
    const response = await testApp.app.inject({
      method: "GET",
      url: `/api/diseases?include=vaccine,vaccine.shots,vaccine.rules&seasonComboId=${calvesCombination.id}&birthDate=2027-02-01`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const diseases = ScopedDiseasesResponseSchema.parse(response.json());
    const shots = diseases.flatMap((disease) => disease.vaccine?.shots ?? []);
    expect(shots.filter((shot) => shot.date !== null && shot.date < today)).toEqual([]);
    const pneumonia = diseases.find((disease) => disease.id === DiseaseId.pneumonia);
    expect(pneumonia?.vaccine?.shots).toEqual([
      expect.objectContaining({
        date: null,
        seasonTiming: { state: "missed", window: { from: "2027-02-01", to: "2027-02-08" } },
      }),
    ]);
  });

  it("saves a calendar that sends the missed dose as it is, without a date", async () => {
    const animal = referenceDataWithWindows.animals.find(
      (candidate) => candidate.id === dairySpringCalves.animalId,
    )!;
    const choice = { ...dairySpringCalves, birthDate: "2027-02-01", breedingDate: null };
    const calendar = buildCalendar({
      setup: {
        enterprise: { id: choice.enterpriseId },
        season: { id: choice.seasonId },
        animal,
        birthDate: choice.birthDate,
        breedingDate: null,
      },
      diseases: referenceDataWithWindows.diseases.filter((disease) =>
        ([DiseaseId.pneumonia, DiseaseId.clostridialCattle] as number[]).includes(disease.id),
      ),
      vaccines: referenceDataWithWindows.vaccines,
      shotTemplates: referenceDataWithWindows.shotTemplates,
      today,
    });
    const payload = buildSubmitPayload(calendar, choice);
    // The browser's submit skips undated shots; a client that sends the missed one is accepted.
    const missed = calendar.diseases
      .flatMap((column) => column.shots)
      .find((shot) => shot.date === null && shot.seasonTiming?.state === "missed");
    expect(missed).toBeDefined();
    const column = payload.data.diseases.find((disease) => disease.id === missed!.diseaseId)!;
    column.shots.push({
      id: missed!.id,
      templateId: missed!.templateId,
      date: null,
      custom_name: missed!.custom_name,
      is_recurrent: 0,
      cycle: 1,
      userInitiated: false,
    });

    const farmer = await registerUser(testApp.app);
    const saved = await testApp.app.inject(
      asUser(farmer.token, { method: "POST", url: "/api/calendar", payload }),
    );
    expect(saved.statusCode, saved.body).toBe(201);
  });
});
