// The farmer the browser benches (Lighthouse, the yard phone) sign in as: registered through the
// public API of a running VaxCal, with three calendars whose calvings fall in the coming weeks of
// the server's today, so "This week on the farm" has shots in every group. Any answer that is not
// a 2xx stops the bench.
import { randomBytes } from "node:crypto";
import { referenceData } from "@vaxcal/reference-data";
import { addDays, type IsoDate } from "@vaxcal/schedule";
import {
  buildEngineCalendar,
  buildSubmitPayload,
  dairySpringCows,
  listOfferedDiseaseIds,
} from "../apps/server/src/test/calendars.ts";

export const benchFarmerPassword = "Bench-password-2026";

export type BenchFarmer = {
  email: string;
  /** The bearer token a signed-in browser keeps in localStorage (`authToken`). */
  token: string;
  calendarIds: number[];
  /** The server's today. */
  today: IsoDate;
};

async function callApi(
  baseUrl: string,
  path: string,
  init: { method?: string; body?: unknown; token?: string } = {},
): Promise<unknown> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: init.method ?? "GET",
    headers: {
      "content-type": "application/json",
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  if (!response.ok) {
    throw new Error(`${init.method ?? "GET"} ${path}: ${response.status} ${await response.text()}`);
  }
  return response.json();
}

/** Dairy spring-calving cows calving `weeksAhead` weeks after `today`. */
function springCowsCalving(today: IsoDate, weeksAhead: number) {
  return {
    ...dairySpringCows,
    birthDate: addDays(today, weeksAhead * 7),
    breedingDate: addDays(today, weeksAhead * 7 + 84),
  };
}

export async function createBenchFarmer(baseUrl: string): Promise<BenchFarmer> {
  const email = `bench-${randomBytes(4).toString("hex")}@bench.example.ie`;
  const { token } = (await callApi(baseUrl, "/api/register", {
    method: "POST",
    body: {
      name: "Bench",
      surname: "Farmer",
      email,
      farmer_name: "Bench Farm",
      address1: "Main Road",
      town: "Macroom",
      eircode: "P12 K7Y8",
      county: "Cork",
      country: "Ireland",
      agree_to_terms: true,
      password: benchFarmerPassword,
      password_confirmation: benchFarmerPassword,
    },
  })) as { token: string };
  const { today } = (await callApi(baseUrl, "/api/user/farm-week", { token })) as {
    today: IsoDate;
  };
  const calendarIds: number[] = [];
  for (const weeksAhead of [0, 2, 4]) {
    const choice = springCowsCalving(today, weeksAhead);
    const saved = (await callApi(baseUrl, "/api/calendar", {
      method: "POST",
      token,
      body: buildSubmitPayload(buildEngineCalendar(choice), choice),
    })) as { calendar: { id: number } };
    calendarIds.push(saved.calendar.id);
  }
  return { email, token, calendarIds, today };
}

/**
 * Step 1's draft as the browser keeps it in localStorage (`calendarForm`) when "Next step" takes
 * the farmer to step 2 (`/calendar`): the same spring-calving cows, every offered disease.
 */
export function buildStepOneDraft(today: IsoDate): string {
  const choice = springCowsCalving(today, 2);
  const combination = referenceData.combinations.find(
    (candidate) =>
      candidate.animal_id === choice.animalId &&
      candidate.enterprise_id === choice.enterpriseId &&
      candidate.season_id === choice.seasonId,
  );
  if (!combination) throw new Error("no combination for dairy spring-calving cows");
  return JSON.stringify({
    id: null,
    animalID: choice.animalId,
    birthDate: choice.birthDate,
    birthEndDate: null,
    breedingDate: choice.breedingDate,
    diseases: listOfferedDiseaseIds(choice.animalId),
    enterpriseID: choice.enterpriseId,
    seasonID: choice.seasonId,
    animalEnterpriseSeasonCombination: combination,
    herdStatus: {},
    lungwormRisk: null,
    youngestBirthDate: null,
  });
}
