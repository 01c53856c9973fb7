import {
  CalendarDetailSchema,
  SubmitCalendarResponseSchema,
  type SubmitCalendarRequest,
} from "@vaxcal/contracts";
import { AnimalId, DiseaseId, EnterpriseId, SeasonId } from "@vaxcal/reference-data";
import { updateShotDate, type Calendar } from "@vaxcal/schedule";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { asUser, registerUser, type RegisteredUser } from "../../../test/accounts.ts";
import {
  buildEngineCalendar,
  buildSubmitPayload,
  createVetUser,
  testToday,
} from "../../../test/calendars.ts";

/*
 * One farm, one timeline (decision 420): a saved calendar's detail carries the warnings across
 * its owner's calendars of the same animals, for the owner and for a vet of the linked practice
 * alike, and never mixes two farms.
 */

const linkedPractice = 1;
const autumnCalves = {
  enterpriseId: EnterpriseId.dairy,
  animalId: AnimalId.calves,
  seasonId: SeasonId.autumnCalving,
  birthDate: "2026-09-15",
  breedingDate: null,
} as const;
const autumnWeanlings = { ...autumnCalves, animalId: AnimalId.weanlings } as const;

let testApp: TestApp;
let owner: RegisteredUser;
let neighbour: RegisteredUser;
let vetToken = "";

beforeAll(async () => {
  testApp = await createTestApp({}, () => new Date(`${testToday}T10:00:00Z`));
  owner = await registerUser(testApp.app, { vet_id: linkedPractice });
  neighbour = await registerUser(testApp.app, { vet_id: linkedPractice });
  vetToken = (await createVetUser(testApp.database.db, linkedPractice)).token;
});
afterAll(() => testApp.close());

async function save(payload: SubmitCalendarRequest, token: string): Promise<number> {
  const response = await testApp.app.inject(
    asUser(token, { method: "POST", url: "/api/calendar", payload }),
  );
  expect(response.statusCode, response.body).toBe(201);
  return SubmitCalendarResponseSchema.parse(response.json()).calendar.id;
}

/** The engine's default calendar for `choice` with one disease, saved by `token`'s farmer. */
function saveDefault(
  choice: typeof autumnCalves | typeof autumnWeanlings,
  diseaseId: number,
  token: string,
) {
  return save(buildSubmitPayload(buildEngineCalendar(choice, [diseaseId]), choice), token);
}

async function readWarnings(calendarId: number, token: string) {
  const response = await testApp.app.inject(
    asUser(token, { method: "GET", url: `/api/calendars/${calendarId}` }),
  );
  expect(response.statusCode, response.body).toBe(200);
  return CalendarDetailSchema.parse(response.json()).farmTimelineWarnings;
}

/** The weanlings' first Bovipast RSP dose moved to `date`, as a farmer would drag it. */
function moveFirstBovipast(calendar: Calendar, date: string): Calendar {
  const shot = calendar.diseases
    .find((column) => column.diseaseId === DiseaseId.pneumonia)
    ?.shots.find((candidate) => candidate.custom_name === "Bovipast RSP (1st dose)");
  if (!shot) throw new Error("no first Bovipast dose");
  const moved = updateShotDate(calendar, shot.id, date);
  if (!moved.ok) throw new Error(moved.error.message);
  return moved.value;
}

describe("GET /api/calendars/:id farmTimelineWarnings", () => {
  let calvesId = 0;
  let weanlingsId = 0;

  beforeAll(async () => {
    calvesId = await saveDefault(autumnCalves, DiseaseId.clostridialCattle, owner.token);
  });

  it("has none for the default calves and weanlings of one season", async () => {
    const defaults = await saveDefault(autumnWeanlings, DiseaseId.pneumonia, owner.token);
    expect(await readWarnings(defaults, owner.token)).toEqual([]);
    expect(await readWarnings(calvesId, owner.token)).toEqual([]);
    const deleted = await testApp.app.inject(
      asUser(owner.token, { method: "DELETE", url: `/api/calendars/${defaults}` }),
    );
    expect(deleted.statusCode).toBe(204);
  });

  it("names the calves' Covexin and the weanlings' Bovipast 7 days apart, on both calendars, for the owner and the linked vet", async () => {
    const weanlings = moveFirstBovipast(
      buildEngineCalendar(autumnWeanlings, [DiseaseId.pneumonia]),
      "2026-10-27",
    );
    weanlingsId = await save(buildSubmitPayload(weanlings, autumnWeanlings), owner.token);
    const message =
      "The same animals get Covexin 10 (1st dose) on 20 October 2026 (Calves, Autumn calving 2026) " +
      "and Bovipast RSP (1st dose) on 27 October 2026 (Weanlings, Autumn calving 2026), 7 days apart. " +
      "Move one so there are at least 14 days between different vaccines, unless your vet says they can go together.";
    expect(await readWarnings(weanlingsId, owner.token)).toEqual([
      { rule: "spacing", otherCalendarId: calvesId, message },
    ]);
    expect(await readWarnings(calvesId, owner.token)).toEqual([
      { rule: "spacing", otherCalendarId: weanlingsId, message },
    ]);
    expect(await readWarnings(weanlingsId, vetToken)).toEqual([
      { rule: "spacing", otherCalendarId: calvesId, message },
    ]);
  });

  it("never sets one farm's calendars against another's", async () => {
    const neighbours = await saveDefault(
      autumnCalves,
      DiseaseId.clostridialCattle,
      neighbour.token,
    );
    expect(await readWarnings(neighbours, neighbour.token)).toEqual([]);
    const response = await testApp.app.inject(
      asUser(neighbour.token, { method: "GET", url: `/api/calendars/${weanlingsId}` }),
    );
    expect(response.statusCode).toBe(404);
  });
});
