import {
  CalendarDetailSchema,
  ProtocolUpdatePreviewSchema,
  SubmitCalendarResponseSchema,
} from "@vaxcal/contracts";
import {
  AnimalId,
  DiseaseId,
  VaccineId,
  referenceData as windowlessReferenceData,
  referenceDataWithWindows,
} from "@vaxcal/reference-data";
import { buildCalendar, type ShotTemplateInput } from "@vaxcal/schedule";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedReferenceData } from "../../../db/seed.ts";
import { asUser, registerUser, type RegisteredUser } from "../../../test/accounts.ts";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import {
  buildSubmitPayload,
  dairySpringCows,
  listOfferedDiseaseIds,
  testToday,
} from "../../../test/calendars.ts";

/*
 * Issue 24, decision 414: "Saved calendars from before the change keep every shot and their feed
 * link." A database from before migration 0020 holds its templates without windows, and with the
 * preferred days of before decision 411 (Covexin 10 before calving at −56). The first start after
 * the upgrade migrates (the columns come empty) and seeds the shipped windows and days. A
 * calendar saved before keeps its shots and its feed link; where the new protocol moved a
 * template's day, the farmer is offered the update as for any protocol change (decision 405).
 */

const covexinBeforeCalving = windowlessReferenceData.shotTemplates.find(
  (template) =>
    template.vaccine_id === VaccineId.covexin10 &&
    template.animal_id === AnimalId.cows &&
    template.birth_days === -35,
);
if (covexinBeforeCalving === undefined) throw new Error("no Covexin 10 booster for cows");

/** The dataset as a server before issue 24 seeded it: no windows, Covexin 10 at calving −56. */
const datasetBefore = {
  ...windowlessReferenceData,
  shotTemplates: windowlessReferenceData.shotTemplates.map((template) =>
    template.id === covexinBeforeCalving.id ? { ...template, birth_days: -56 } : template,
  ),
};

let testApp: TestApp;
let farmer: RegisteredUser;
beforeAll(async () => {
  testApp = await createTestApp(
    { publicUrl: "https://vaxcal.example.ie" },
    () => new Date(`${testToday}T10:00:00Z`),
  );
  farmer = await registerUser(testApp.app);
});
afterAll(() => testApp.close());

/** Saves the dairy cows' default calendar, laid out by the engine from `templates`. */
async function saveCalendar(templates: readonly ShotTemplateInput[]) {
  const diseaseIds = listOfferedDiseaseIds(AnimalId.cows);
  const calendar = buildCalendar({
    setup: {
      enterprise: { id: dairySpringCows.enterpriseId },
      season: { id: dairySpringCows.seasonId },
      animal: { id: AnimalId.cows, isAdult: true },
      birthDate: dairySpringCows.birthDate,
      breedingDate: dairySpringCows.breedingDate,
    },
    diseases: windowlessReferenceData.diseases.filter((disease) => diseaseIds.includes(disease.id)),
    vaccines: windowlessReferenceData.vaccines,
    shotTemplates: templates,
    today: testToday,
  });
  const response = await testApp.app.inject(
    asUser(farmer.token, {
      method: "POST",
      url: "/api/calendar",
      payload: buildSubmitPayload(calendar),
    }),
  );
  expect(response.statusCode, response.body).toBe(201);
  return SubmitCalendarResponseSchema.parse(response.json()).calendar.id;
}

async function readSaved(calendarId: number) {
  const response = await testApp.app.inject(
    asUser(farmer.token, { method: "GET", url: `/api/calendars/${calendarId}` }),
  );
  expect(response.statusCode, response.body).toBe(200);
  const detail = CalendarDetailSchema.parse(response.json());
  const feedUrl = detail.feedUrls?.https;
  if (feedUrl === undefined) throw new Error("the owner is given the feed link");
  return { shots: detail.diseases, feedPath: new URL(feedUrl).pathname };
}

async function readFeedDates(feedPath: string): Promise<string[]> {
  const response = await testApp.app.inject({ method: "GET", url: feedPath });
  expect(response.statusCode).toBe(200);
  return response.body.match(/^DTSTART;VALUE=DATE:\d{8}/gm) ?? [];
}

async function previewUpdate(calendarId: number) {
  const response = await testApp.app.inject(
    asUser(farmer.token, { method: "GET", url: `/api/calendars/${calendarId}/protocol-update` }),
  );
  expect(response.statusCode, response.body).toBe(200);
  return ProtocolUpdatePreviewSchema.parse(response.json());
}

describe("saved calendars from before the template windows (decision 414)", () => {
  it("keep every shot and their feed link through the upgrade, and are offered the moved Covexin dose", async () => {
    await seedReferenceData(testApp.database.db, datasetBefore);
    const { rows } = await testApp.database.pool.query<{ count: string }>(
      "SELECT count(*) FROM shot_templates WHERE earliest_days IS NOT NULL OR latest_days IS NOT NULL",
    );
    expect(Number(rows[0]?.count)).toBe(0);
    const calendarId = await saveCalendar(datasetBefore.shotTemplates);
    const before = await readSaved(calendarId);
    const feedBefore = await readFeedDates(before.feedPath);
    expect(feedBefore.length).toBeGreaterThan(0);
    expect((await previewUpdate(calendarId)).changes).toEqual([]);

    // The first start after the upgrade: migration 0020 has run, the seeder fills the windows.
    await seedReferenceData(testApp.database.db, referenceDataWithWindows);

    const after = await readSaved(calendarId);
    expect(after.shots).toEqual(before.shots);
    expect(after.feedPath).toBe(before.feedPath);
    expect(await readFeedDates(after.feedPath)).toEqual(feedBefore);
    // The protocol behind it moved Covexin 10 from calving −56 to −35: offered, not imposed.
    const update = await previewUpdate(calendarId);
    expect(update.changes).toEqual([
      expect.objectContaining({
        kind: "moved",
        diseaseId: DiseaseId.clostridialCattle,
        before: expect.objectContaining({ date: "2026-12-07" }),
        after: expect.objectContaining({ date: "2026-12-28" }),
      }),
    ]);
    expect(update.token).not.toBeNull();
  });

  it("are not offered an update for a window alone: a window changes no saved date", async () => {
    await seedReferenceData(testApp.database.db, windowlessReferenceData);
    const calendarId = await saveCalendar(windowlessReferenceData.shotTemplates);
    const before = await readSaved(calendarId);

    await seedReferenceData(testApp.database.db, referenceDataWithWindows);

    expect((await readSaved(calendarId)).shots).toEqual(before.shots);
    expect((await previewUpdate(calendarId)).changes).toEqual([]);
  });
});
