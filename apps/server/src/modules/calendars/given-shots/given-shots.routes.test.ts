import {
  ListGivenShotsResponseSchema,
  RecordGivenShotResponseSchema,
  SubmitCalendarResponseSchema,
  givenShotMessages,
  type SubmitCalendarRequest,
} from "@vaxcal/contracts";
import { addDays, formatShortDate, type Calendar, type Shot } from "@vaxcal/schedule";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  listCalendarOccurrences,
  listOccurrencesOfAllCalendars,
} from "../calendars/calendar-occurrences.ts";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { asUser, registerUser, type RegisteredUser } from "../../../test/accounts.ts";
import {
  buildEngineCalendar,
  buildSubmitPayload,
  createVetUser,
  dairySpringCows,
  editCalendar,
  listOfferedDiseaseIds,
  readPdfText,
} from "../../../test/calendars.ts";

/*
 * Shots marked as given (docs/product.md D19, decision 403): recorded against one dated shot of
 * the saved plan, undone with DELETE, kept through edits while the shot is on the plan, and shown
 * wherever the calendar is: the list, the occurrences the reminders read, the PDF and the feed.
 */

/** Today for the server: the calendar (built on 2 March 2026) has shots before and after it. */
const today = "2026-06-15";
const now = new Date(`${today}T10:00:00Z`);
const linkedPractice = 1;
let testApp: TestApp;
let farmer: RegisteredUser;
let otherFarmer: RegisteredUser;
let vetToken = "";

beforeAll(async () => {
  testApp = await createTestApp({ publicUrl: "https://vaxcal.example.ie" }, () => now);
  farmer = await registerUser(testApp.app, { vet_id: linkedPractice });
  otherFarmer = await registerUser(testApp.app);
  vetToken = (await createVetUser(testApp.database.db, linkedPractice, now)).token;
});
afterAll(() => testApp.close());

const engineCalendar = buildEngineCalendar();

function listDatedShots(calendar: Calendar): Shot[] {
  return calendar.diseases
    .flatMap((column) => column.shots)
    .filter((shot) => shot.date !== null)
    .sort((left, right) => (left.date ?? "").localeCompare(right.date ?? ""));
}

const shots = listDatedShots(engineCalendar);
/** A first occurrence planned before today, and the first one planned after it. */
const pastShot = shots.find((shot) => !shot.isMirroredCopy && (shot.date ?? "") < today)!;
const futureShot = shots.find((shot) => !shot.isMirroredCopy && (shot.date ?? "") > today)!;

async function saveCalendar(payload: SubmitCalendarRequest = buildSubmitPayload(engineCalendar)) {
  const response = await testApp.app.inject(
    asUser(farmer.token, { method: "POST", url: "/api/calendar", payload }),
  );
  expect(response.statusCode, response.body).toBe(201);
  return SubmitCalendarResponseSchema.parse(response.json()).calendar.id;
}

function markGiven(calendarId: number, shotId: string, payload: object, token = farmer.token) {
  return testApp.app.inject(
    asUser(token, {
      method: "PUT",
      url: `/api/calendars/${calendarId}/given-shots/${encodeURIComponent(shotId)}`,
      payload,
    }),
  );
}

async function listGiven(calendarId: number, token = farmer.token) {
  const response = await testApp.app.inject(
    asUser(token, { method: "GET", url: `/api/calendars/${calendarId}/given-shots` }),
  );
  expect(response.statusCode, response.body).toBe(200);
  return ListGivenShotsResponseSchema.parse(response.json()).givenShots;
}

describe("marking a shot as given", () => {
  it("records the date, batch, who and note, and lists it", async () => {
    const id = await saveCalendar();
    const response = await markGiven(id, pastShot.id, {
      givenOn: pastShot.date,
      batch: "  A1234-B ",
      givenBy: "Seán Ó Súilleabháin",
      note: "Two cows\nheld back: lame",
    });
    expect(response.statusCode, response.body).toBe(200);
    const { givenShot } = RecordGivenShotResponseSchema.parse(response.json());
    expect(givenShot).toEqual({
      shotId: pastShot.id,
      plannedOn: pastShot.date,
      givenOn: pastShot.date,
      batch: "A1234-B",
      givenBy: "Seán Ó Súilleabháin",
      note: "Two cows\nheld back: lame",
      recordedAt: now.toISOString(),
    });
    expect(await listGiven(id)).toEqual([givenShot]);
  });

  it("dates it the planned day by default, or today for a shot planned later", async () => {
    const id = await saveCalendar();
    const past = await markGiven(id, pastShot.id, { batch: "B1" });
    expect(past.json()).toMatchObject({ givenShot: { givenOn: pastShot.date } });
    const future = await markGiven(id, futureShot.id, { batch: "B2" });
    expect(future.json()).toMatchObject({
      givenShot: { givenOn: today, plannedOn: futureShot.date },
    });
  });

  it("takes a copy of a recurring shot by its `{first}~{cycle}` id, with the copy's date", async () => {
    const copy = shots.find(
      (shot) => shot.isMirroredCopy && (shot.date ?? "") <= addDays(today, 300),
    );
    expect(copy, "the calendar has a copy within the year").toBeDefined();
    const id = await saveCalendar();
    const response = await markGiven(id, copy!.id, { batch: "C9" });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      givenShot: { shotId: copy!.id, plannedOn: copy!.date },
    });
  });

  it("corrects a record when the shot is marked again", async () => {
    const id = await saveCalendar();
    await markGiven(id, pastShot.id, { batch: "OLD" });
    await markGiven(id, pastShot.id, { batch: "NEW", givenBy: "Vet" });
    expect(await listGiven(id)).toMatchObject([
      { shotId: pastShot.id, batch: "NEW", givenBy: "Vet" },
    ]);
  });

  it("with If-None-Match: *, a new record only: a shot already given answers 409 and its record stays (decision 603)", async () => {
    const id = await saveCalendar();
    const markNew = (batch: string) =>
      testApp.app.inject(
        asUser(farmer.token, {
          method: "PUT",
          url: `/api/calendars/${id}/given-shots/${encodeURIComponent(pastShot.id)}`,
          headers: { "if-none-match": "*" },
          payload: { batch },
        }),
      );
    const first = await markNew("FIRST");
    expect(first.statusCode, first.body).toBe(200);
    const second = await markNew("SECOND");
    expect(second.statusCode, second.body).toBe(409);
    expect(second.json<{ error: { message: string } }>().error.message).toBe(
      givenShotMessages.alreadyGiven,
    );
    expect(await listGiven(id)).toMatchObject([{ shotId: pastShot.id, batch: "FIRST" }]);
  });

  it("may be done by the linked practice's vet, and by no other farmer", async () => {
    const id = await saveCalendar();
    expect((await markGiven(id, pastShot.id, { batch: "V1" }, vetToken)).statusCode).toBe(200);
    const refused = await markGiven(id, pastShot.id, { batch: "X" }, otherFarmer.token);
    expect(refused.statusCode).toBe(404);
    expect((await listGiven(id)).map((record) => record.batch)).toEqual(["V1"]);
    const listing = await testApp.app.inject(
      asUser(otherFarmer.token, { method: "GET", url: `/api/calendars/${id}/given-shots` }),
    );
    expect(listing.statusCode).toBe(404);
  });
});

describe("bad input is refused with a clear message and writes nothing", () => {
  const cases: [string, object, string][] = [
    ["no batch", { givenBy: "Me" }, "body.batch"],
    ["a blank batch", { batch: "   " }, givenShotMessages.batchRequired],
    [
      "a 10,000-character batch",
      { batch: "9".repeat(10_000) },
      "Please use at most 40 characters.",
    ],
    [
      "a 10,000-character note",
      { batch: "B", note: "n".repeat(10_000) },
      "Please use at most 500 characters.",
    ],
    [
      "a right-to-left override in the name",
      { batch: "B", givenBy: "Seán\u202Eevil" },
      givenShotMessages.textInvalid,
    ],
    ["an emoji batch", { batch: "💉123" }, givenShotMessages.textInvalid],
    [
      "a date after today",
      { batch: "B", givenOn: addDays(today, 1) },
      givenShotMessages.givenOnInFuture,
    ],
    ["a date in 1900", { batch: "B", givenOn: "1900-01-01" }, givenShotMessages.givenOnTooFar],
    ["a date in 9999", { batch: "B", givenOn: "9999-12-31" }, givenShotMessages.givenOnInFuture],
    ["30 February", { batch: "B", givenOn: "2026-02-30" }, "body.givenOn"],
  ];
  it.each(cases)("%s", async (_name, payload, expected) => {
    const id = await saveCalendar();
    const response = await markGiven(id, pastShot.id, payload);
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json() as {
      error: { message: string; issues?: { path: string; message: string }[] };
    };
    const said = [
      body.error.message,
      ...(body.error.issues ?? []).flatMap((issue) => [issue.path, issue.message]),
    ];
    expect(said).toContain(expected);
    expect(await listGiven(id)).toEqual([]);
  });

  const foreignIds: [string, string][] = [
    ["a shot the plan does not have", "1-99999"],
    ["a copy too far ahead", `${pastShot.id}~9999`],
    ["a path-like id", "..%2F..%2Fx"],
    ["an id with odd unicode", "1-1\u202E"],
  ];
  it.each(foreignIds)("%s is not on the calendar (404)", async (_name, shotId) => {
    const id = await saveCalendar();
    const response = await testApp.app.inject(
      asUser(farmer.token, {
        method: "PUT",
        url: `/api/calendars/${id}/given-shots/${shotId.includes("%") ? shotId : encodeURIComponent(shotId)}`,
        payload: { batch: "B" },
      }),
    );
    expect(response.statusCode, response.body).toBe(404);
    expect(await listGiven(id)).toEqual([]);
  });

  it("a copy of a shot given once is not on the calendar", async () => {
    const withAdded = editCalendar(engineCalendar, pastShot.date ?? today, "2026-05-20");
    const added = withAdded.diseases
      .flatMap((column) => column.shots)
      .find((shot) => shot.userInitiated);
    if (!added) throw new Error("no shot was added");
    // The farmer's own shot, set to be given once: no copies.
    const payload = buildSubmitPayload(withAdded);
    for (const column of payload.data.diseases) {
      column.shots = column.shots
        .filter((shot) => shot.sourceShotId !== added.id)
        .map((shot) => (shot.id === added.id ? { ...shot, is_recurrent: 0 } : shot));
    }
    const id = await saveCalendar(payload);
    expect((await markGiven(id, `${added!.id}~2`, { batch: "B" })).statusCode).toBe(404);
    expect((await markGiven(id, added!.id, { batch: "B" })).statusCode).toBe(200);
  });

  it("a shot of another farmer's calendar is not on this one", async () => {
    const id = await saveCalendar();
    const other = await testApp.app.inject(
      asUser(otherFarmer.token, {
        method: "POST",
        url: "/api/calendar",
        payload: buildSubmitPayload(engineCalendar),
      }),
    );
    const otherId = SubmitCalendarResponseSchema.parse(other.json()).calendar.id;
    expect((await markGiven(otherId, pastShot.id, { batch: "B" })).statusCode).toBe(404);
    expect(await listGiven(id)).toEqual([]);
  });

  it("a 10,000-character shot id is refused before anything is read", async () => {
    const id = await saveCalendar();
    const response = await markGiven(id, "1".repeat(10_000), { batch: "B" });
    expect(response.statusCode).toBe(400);
  });
});

describe("undo", () => {
  it("DELETE takes the mark away; a second DELETE says it is not marked", async () => {
    const id = await saveCalendar();
    await markGiven(id, pastShot.id, { batch: "B" });
    const url = `/api/calendars/${id}/given-shots/${pastShot.id}`;
    const undone = await testApp.app.inject(asUser(farmer.token, { method: "DELETE", url }));
    expect(undone.statusCode, undone.body).toBe(204);
    expect(await listGiven(id)).toEqual([]);
    const again = await testApp.app.inject(asUser(farmer.token, { method: "DELETE", url }));
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ error: { message: givenShotMessages.notMarked } });
  });

  it("someone else's DELETE is a 404 and the mark stays", async () => {
    const id = await saveCalendar();
    await markGiven(id, pastShot.id, { batch: "B" });
    const refused = await testApp.app.inject(
      asUser(otherFarmer.token, {
        method: "DELETE",
        url: `/api/calendars/${id}/given-shots/${pastShot.id}`,
      }),
    );
    expect(refused.statusCode).toBe(404);
    expect(await listGiven(id)).toHaveLength(1);
  });
});

describe("editing the calendar", () => {
  it("keeps the records of shots still on the plan, even moved, and drops the others", async () => {
    const diseaseIds = listOfferedDiseaseIds(dairySpringCows.animalId, 2);
    const calendar = buildEngineCalendar(dairySpringCows, diseaseIds);
    const [first, second] = calendar.diseases;
    const keptShot = first?.shots.find((shot) => !shot.isMirroredCopy && shot.date !== null);
    const droppedShot = second?.shots.find((shot) => !shot.isMirroredCopy && shot.date !== null);
    if (!first || !keptShot || !droppedShot) throw new Error("two dated columns expected");
    const id = await saveCalendar(buildSubmitPayload(calendar));
    expect((await markGiven(id, keptShot.id, { batch: "KEEP" })).statusCode).toBe(200);
    expect((await markGiven(id, droppedShot.id, { batch: "DROP" })).statusCode).toBe(200);

    // The farmer removes the second disease and saves again.
    const edited: Calendar = { ...calendar, diseases: [first] };
    const update = await testApp.app.inject(
      asUser(farmer.token, {
        method: "PUT",
        url: `/api/calendar/${id}`,
        payload: buildSubmitPayload(edited, dairySpringCows, { action: "update", calendarId: id }),
      }),
    );
    expect(update.statusCode, update.body).toBe(200);
    expect((await listGiven(id)).map((record) => record.batch)).toEqual(["KEEP"]);
  });
});

describe("where a given shot shows", () => {
  it("the occurrences the reminders read carry the record, and null for the others", async () => {
    const id = await saveCalendar();
    await markGiven(id, pastShot.id, { batch: "R1" });
    const from = "2026-01-01";
    const to = "2027-12-31";
    const occurrences = await listCalendarOccurrences(testApp.database.db, id, from, to);
    const given = occurrences.filter((occurrence) => occurrence.given !== null);
    expect(given.map((occurrence) => [occurrence.shotId, occurrence.given?.batch])).toEqual([
      [pastShot.id, "R1"],
    ]);
    expect(occurrences.length).toBeGreaterThan(1);

    const everyCalendar = [];
    let after: number | undefined;
    for (;;) {
      const page = await listOccurrencesOfAllCalendars(testApp.database.db, {
        from,
        to,
        afterCalendarId: after,
      });
      everyCalendar.push(...page.occurrences);
      if (page.nextAfterCalendarId === null) break;
      after = page.nextAfterCalendarId;
    }
    expect(everyCalendar.filter((occurrence) => occurrence.calendarId === id)).toEqual(occurrences);
  });

  it("the PDF ticks it in the grid and fills its checklist row", async () => {
    const id = await saveCalendar();
    // A shot of the 12 printed months: the wall PDF leaves past months out.
    await markGiven(id, futureShot.id, { batch: "LOT-77", givenBy: "Máire" });
    const response = await testApp.app.inject(
      asUser(farmer.token, { method: "GET", url: `/api/calendars/${id}/download` }),
    );
    expect(response.statusCode).toBe(200);
    const text = readPdfText(response.rawPayload);
    const row = text.split("\n").find((line) => line.includes("LOT-77"));
    expect(row, text).toBeDefined();
    expect(row).toContain("✓");
    expect(row).toContain(formatShortDate(futureShot.date ?? ""));
    expect(row).toContain(formatShortDate(today));
    expect(row).toContain("Máire");
  });

  async function readFeedEvents(calendarId: number) {
    const detail = await testApp.app.inject(
      asUser(farmer.token, { method: "GET", url: `/api/calendars/${calendarId}` }),
    );
    const feedPath = new URL((detail.json() as { feedUrls: { https: string } }).feedUrls.https)
      .pathname;
    const feed = await testApp.app.inject({ method: "GET", url: feedPath });
    return new ICAL.Component(ICAL.parse(feed.body))
      .getAllSubcomponents("vevent")
      .map((event) => new ICAL.Event(event));
  }

  /** The first `count` dates a feed event falls on, its recurrence and exclusions applied. */
  function listEventDates(event: ICAL.Event, count: number): string[] {
    const iterator = event.iterator();
    const dates: string[] = [];
    for (let next = iterator.next(); next && dates.length < count; next = iterator.next()) {
      dates.push(next.toString());
    }
    return dates;
  }

  it("the feed takes a given copy out of its series and says Given: on an event of its own", async () => {
    expect(pastShot.is_recurrent).toBeGreaterThan(0);
    const id = await saveCalendar();
    await markGiven(id, pastShot.id, { batch: "F1" });
    const events = await readFeedEvents(id);
    const givenEvents = events.filter((event) => event.summary.startsWith("Given: "));
    expect(givenEvents.map((event) => event.startDate.toString())).toEqual([pastShot.date]);
    expect(givenEvents[0]?.description).toContain("Batch: F1");
    const series = events.find((event) => event.uid.startsWith(`calendar-${id}-${pastShot.id}@`));
    expect(series?.isRecurring()).toBe(true);
    const seriesDates = listEventDates(series!, 3);
    expect(seriesDates).not.toContain(pastShot.date);
    expect(seriesDates[0]).toBe(
      `${Number(pastShot.date!.slice(0, 4)) + 1}${pastShot.date!.slice(4)}`,
    );
  });

  it("the feed marks a shot given once as Given: and drops its reminder", async () => {
    const withAdded = editCalendar(engineCalendar, pastShot.date ?? today, "2026-05-20");
    const added = withAdded.diseases
      .flatMap((column) => column.shots)
      .find((shot) => shot.userInitiated);
    if (!added) throw new Error("no shot was added");
    const payload = buildSubmitPayload(withAdded);
    for (const column of payload.data.diseases) {
      column.shots = column.shots
        .filter((shot) => shot.sourceShotId !== added.id)
        .map((shot) => (shot.id === added.id ? { ...shot, is_recurrent: 0 } : shot));
    }
    const id = await saveCalendar(payload);
    await markGiven(id, added.id, { batch: "ONCE-1" });
    const events = await readFeedEvents(id);
    const event = events.find((candidate) =>
      candidate.uid.startsWith(`calendar-${id}-${added.id}@`),
    );
    expect(event?.summary).toMatch(/^Given: /);
    expect(event?.description).toContain("Batch: ONCE-1");
    expect(event?.component.getAllSubcomponents("valarm")).toEqual([]);
  });
});
