import {
  CalendarDetailSchema,
  SubmitCalendarResponseSchema,
  type SubmitCalendarRequest,
} from "@vaxcal/contracts";
import { DiseaseId, referenceData } from "@vaxcal/reference-data";
import { formatShortDate, resolveSeasonDefaults } from "@vaxcal/schedule";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSession } from "../../../auth/sessions.ts";
import {
  listCalendarOccurrences,
  listOccurrencesOfAllCalendars,
  type CalendarOccurrence,
} from "./calendar-occurrences.ts";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { asUser, registerUser, type RegisteredUser } from "../../../test/accounts.ts";
import {
  buildEngineCalendar,
  buildSubmitPayload,
  dairySpringCows,
  listOfferedDiseaseIds,
  testToday,
  readPdfText,
  requireFeedUrls,
} from "../../../test/calendars.ts";

/*
 * A saved calendar is its plan (decision 402): the first occurrences with their recurrence. What a
 * farmer and a reminders worker see of it never runs out: the PDF two years on, the feed ten years
 * on, and every occurrence between any two dates.
 */

let now = new Date(`${testToday}T10:00:00Z`);
let testApp: TestApp;
let farmer: RegisteredUser;

beforeAll(async () => {
  testApp = await createTestApp({ publicUrl: "https://vaxcal.example.ie" }, () => now);
  farmer = await registerUser(testApp.app);
});
afterAll(() => testApp.close());

async function save(payload: SubmitCalendarRequest) {
  const response = await testApp.app.inject(
    asUser(farmer.token, { method: "POST", url: "/api/calendar", payload }),
  );
  expect(response.statusCode, response.body).toBe(201);
  return SubmitCalendarResponseSchema.parse(response.json()).calendar;
}

/** A calendar's shots as the save payload sent them: the first occurrences of recurring ones. */
function findSentSeeds(payload: SubmitCalendarRequest, period: number) {
  return payload.data.diseases.flatMap((column) =>
    column.shots.filter((shot) => shot.cycle === 1 && shot.is_recurrent === period),
  );
}

/** An event's dates as a phone expands its RRULE, up to `until`. */
function expandEvent(event: ICAL.Component, until: string): string[] {
  const iterator = new ICAL.Event(event).iterator();
  const dates: string[] = [];
  for (let next = iterator.next(); next && next.toString() <= until; next = iterator.next()) {
    dates.push(next.toString());
  }
  return dates;
}

/** Mid-season ewes with every disease offered to them ticked, Enzovax's 3-yearly dose among them. */
function buildEwePayload() {
  const combination = referenceData.combinations.find(
    (candidate) => candidate.animal_id === 5 && candidate.season_id === 4,
  );
  if (!combination) throw new Error("no mid-season ewes");
  const choice = {
    enterpriseId: combination.enterprise_id,
    animalId: combination.animal_id,
    seasonId: combination.season_id,
    ...resolveSeasonDefaults(combination, testToday),
  };
  const diseaseIds = listOfferedDiseaseIds(choice.animalId);
  expect(diseaseIds).toContain(DiseaseId.enzooticAbortion);
  return buildSubmitPayload(buildEngineCalendar(choice, diseaseIds), choice);
}

describe("a saved calendar", () => {
  it("stores its first occurrences and its setup, never dated copies", async () => {
    const payload = buildSubmitPayload(buildEngineCalendar());
    expect(
      payload.data.diseases.some((column) => column.shots.some((shot) => shot.cycle > 1)),
    ).toBe(true);
    const saved = await save(payload);
    const stored = await testApp.database.pool.query<{ shot_key: string }>(
      "SELECT shot_key FROM calendar_shots WHERE calendar_id = $1 ORDER BY shot_key",
      [saved.id],
    );
    const firstOccurrences = payload.data.diseases
      .flatMap((column) => column.shots)
      .filter((shot) => shot.cycle === 1)
      .map((shot) => shot.id)
      .sort();
    expect(stored.rows.map((row) => row.shot_key)).toEqual(firstOccurrences);
    const setup = await testApp.database.pool.query<{ setup: unknown }>(
      "SELECT setup FROM calendars WHERE id = $1",
      [saved.id],
    );
    expect(setup.rows[0]?.setup).toEqual(payload.data.setup);
  });

  it("prints a yearly booster saved two years ago in today's 12-month PDF", async () => {
    const payload = buildSubmitPayload(buildEngineCalendar());
    const saved = await save(payload);
    const [booster] = findSentSeeds(payload, 1);
    if (!booster?.date) throw new Error("the calendar has no yearly booster");
    expect(booster.date.slice(0, 4)).toBe("2026");

    const savedAt = now;
    now = new Date("2028-03-10T10:00:00Z");
    try {
      const { token } = await startSession(testApp.database.db, farmer.id, now);
      const download = await testApp.app.inject(
        asUser(token, { method: "GET", url: saved.downloadUrl }),
      );
      expect(download.statusCode).toBe(200);
      const text = readPdfText(download.rawPayload);
      // March 2028 to February 2029: the booster's 2028 dose (or its 2029 one, if it falls in
      // January or February), and never the dose from the year it was saved.
      const month = Number(booster.date.slice(5, 7));
      const printedYear = month >= 3 ? 2028 : 2029;
      expect(text).toContain(formatShortDate(`${printedYear}${booster.date.slice(4)}`));
      expect(text).not.toContain(formatShortDate(`${printedYear + 1}${booster.date.slice(4)}`));
      expect(text).not.toContain(formatShortDate(booster.date));
      expect(text).toContain("Generated on 10 March 2028");

      const preview = await testApp.app.inject(
        asUser(token, { method: "GET", url: saved.previewImageUrl }),
      );
      expect(preview.body).toContain(">2029<");
      expect(preview.body).toContain("<circle ");

      const detail = CalendarDetailSchema.parse(
        (
          await testApp.app.inject(
            asUser(token, { method: "GET", url: `/api/calendars/${saved.id}` }),
          )
        ).json(),
      );
      const shots = detail.diseases.flatMap((column) => column.shots);
      expect(shots.find((shot) => shot.id === `${booster.id}~4`)).toMatchObject({
        date: `2029${booster.date.slice(4)}`,
        cycle: 4,
        isMirroredCopy: true,
        sourceShotId: booster.id,
      });
    } finally {
      now = savedAt;
    }
  });

  it("feeds a yearly booster for ten years and more, and a 3-yearly Enzovax its next doses", async () => {
    const payload = buildEwePayload();
    const saved = await save(payload);
    const response = await testApp.app.inject({
      method: "GET",
      url: new URL(requireFeedUrls(saved).https).pathname,
    });
    expect(response.statusCode).toBe(200);
    const events = new ICAL.Component(ICAL.parse(response.body)).getAllSubcomponents("vevent");
    const eventOf = (shotId: string) =>
      events.find((event) =>
        String(event.getFirstPropertyValue("uid")).startsWith(`calendar-${saved.id}-${shotId}@`),
      );

    const [booster] = findSentSeeds(payload, 1);
    if (!booster?.date) throw new Error("the ewes have no yearly booster");
    const boosterEvent = eventOf(booster.id);
    if (!boosterEvent) throw new Error("the booster is not in the feed");
    const firstYear = Number(booster.date.slice(0, 4));
    expect(expandEvent(boosterEvent, `${firstYear + 10}-12-31`)).toEqual(
      Array.from({ length: 11 }, (_, index) => `${firstYear + index}${booster.date?.slice(4)}`),
    );

    const [enzovax] = findSentSeeds(payload, 3);
    if (!enzovax?.date) throw new Error("Enzovax is not 3-yearly");
    const enzovaxEvent = eventOf(enzovax.id);
    if (!enzovaxEvent) throw new Error("Enzovax is not in the feed");
    const enzovaxYear = Number(enzovax.date.slice(0, 4));
    expect(expandEvent(enzovaxEvent, `${enzovaxYear + 10}-12-31`)).toEqual(
      [0, 3, 6, 9].map((years) => `${enzovaxYear + years}${enzovax.date?.slice(4)}`),
    );
  });
});

describe("every occurrence between two dates", () => {
  it("lists a calendar's shots ten years out, yearly ones every year and Enzovax every third", async () => {
    const cows = buildSubmitPayload(buildEngineCalendar(dairySpringCows));
    const ewes = buildEwePayload();
    const cowsId = (await save(cows)).id;
    const ewesId = (await save(ewes)).id;

    const in2036 = await listCalendarOccurrences(
      testApp.database.db,
      cowsId,
      "2036-01-01",
      "2036-12-31",
    );
    const yearly = findSentSeeds(cows, 1);
    expect(in2036.map(({ shotId, date, cycle }) => ({ shotId, date, cycle }))).toEqual(
      yearly
        .map((shot) => {
          const cycle = 2036 - Number(shot.date?.slice(0, 4)) + 1;
          return { shotId: `${shot.id}~${cycle}`, date: `2036${shot.date?.slice(4)}`, cycle };
        })
        .sort((left, right) =>
          left.date === right.date
            ? left.shotId.localeCompare(right.shotId)
            : left.date.localeCompare(right.date),
        ),
    );
    const column = cows.data.diseases.find((candidate) =>
      candidate.shots.some((shot) => shot.id === yearly[0]?.id),
    );
    expect(in2036.find((occurrence) => occurrence.seedId === yearly[0]?.id)).toMatchObject({
      calendarId: cowsId,
      diseaseId: column?.id,
      vaccineId: column?.vaccineId,
      isRecurrent: 1,
    });

    const [enzovax] = findSentSeeds(ewes, 3);
    if (!enzovax?.date) throw new Error("Enzovax is not 3-yearly");
    const enzovaxYear = Number(enzovax.date.slice(0, 4));
    const enzovaxDates = async (year: number) =>
      (await listCalendarOccurrences(testApp.database.db, ewesId, `${year}-01-01`, `${year}-12-31`))
        .filter((occurrence) => occurrence.seedId === enzovax.id)
        .map((occurrence) => occurrence.date);
    expect(await enzovaxDates(enzovaxYear + 9)).toEqual([
      `${enzovaxYear + 9}${enzovax.date.slice(4)}`,
    ]);
    expect(await enzovaxDates(enzovaxYear + 10)).toEqual([]);
    expect(await enzovaxDates(enzovaxYear + 11)).toEqual([]);
    expect(await enzovaxDates(enzovaxYear + 12)).toEqual([
      `${enzovaxYear + 12}${enzovax.date.slice(4)}`,
    ]);
  });

  it("lists every calendar's, a page of calendars at a time, and nothing of a deleted one", async () => {
    const deleted = await save(buildSubmitPayload(buildEngineCalendar()));
    const removal = await testApp.app.inject(
      asUser(farmer.token, { method: "DELETE", url: `/api/calendars/${deleted.id}` }),
    );
    expect(removal.statusCode).toBe(204);
    const window = { from: "2035-06-01", to: "2036-05-31" };
    const ids = await testApp.database.pool.query<{ id: number }>(
      "SELECT id FROM calendars ORDER BY id",
    );
    expect(ids.rows.length).toBeGreaterThan(2);
    const expected: CalendarOccurrence[] = [];
    for (const { id } of ids.rows) {
      expected.push(
        ...(await listCalendarOccurrences(testApp.database.db, id, window.from, window.to)),
      );
    }
    expect(expected.length).toBeGreaterThan(0);

    const paged: CalendarOccurrence[] = [];
    let afterCalendarId: number | undefined;
    let pages = 0;
    do {
      const page = await listOccurrencesOfAllCalendars(testApp.database.db, {
        ...window,
        afterCalendarId,
        calendarsPerPage: 2,
      });
      paged.push(...page.occurrences);
      afterCalendarId = page.nextAfterCalendarId ?? undefined;
      pages++;
    } while (afterCalendarId !== undefined);
    expect(pages).toBeGreaterThan(1);
    expect(paged).toEqual(expected);
    expect(paged.some((occurrence) => occurrence.calendarId === deleted.id)).toBe(false);
    expect(
      paged.every((occurrence) => occurrence.date >= window.from && occurrence.date <= window.to),
    ).toBe(true);
  });
});
