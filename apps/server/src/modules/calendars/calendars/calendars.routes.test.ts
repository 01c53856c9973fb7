import {
  CalendarDetailSchema,
  ListCalendarsResponseSchema,
  RegenerateFeedResponseSchema,
  SubmitCalendarResponseSchema,
  UserProfileSchema,
  calendarMessages,
  type SubmitCalendarRequest,
} from "@vaxcal/contracts";
import { DiseaseId, referenceData } from "@vaxcal/reference-data";
import { findMonthWindow, resolveSeasonDefaults } from "@vaxcal/schedule";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { asUser, registerUser, type RegisteredUser } from "../../../test/accounts.ts";
import {
  buildContact,
  buildEngineCalendar,
  buildSubmitPayload,
  dairySpringCows,
  editCalendar,
  listOfferedDiseaseIds,
  testToday,
  readPdfText,
  requireFeedUrls,
} from "../../../test/calendars.ts";

const publicUrl = "https://vaxcal.example.ie";
let testApp: TestApp;
let farmer: RegisteredUser;
/** Today for the server, fixed: the PDF prints the 12 months from March 2026. */
const now = new Date(`${testToday}T10:00:00Z`);
const printed = findMonthWindow(testToday, 12);
/** The preview (My Calendars' thumbnail) still shows 24 months. */
const previewed = findMonthWindow(testToday, 24);

beforeAll(async () => {
  testApp = await createTestApp({ publicUrl }, () => now);
  farmer = await registerUser(testApp.app, { farmer_name: "Ó Súilleabháin's Farm, Dún Laoghaire" });
});
afterAll(() => testApp.close());

async function saveCalendar(payload: SubmitCalendarRequest, token = farmer.token) {
  const response = await testApp.app.inject(
    asUser(token, { method: "POST", url: "/api/calendar", payload }),
  );
  expect(response.statusCode, response.body).toBe(201);
  return SubmitCalendarResponseSchema.parse(response.json()).calendar;
}

async function getDetail(id: number, token = farmer.token) {
  const response = await testApp.app.inject(
    asUser(token, { method: "GET", url: `/api/calendars/${id}` }),
  );
  expect(response.statusCode, response.body).toBe(200);
  return CalendarDetailSchema.parse(response.json());
}

type SentDiseases = SubmitCalendarRequest["data"]["diseases"];
type DetailDiseases = ReturnType<typeof CalendarDetailSchema.parse>["diseases"];

/**
 * A saved calendar gives back every shot it was sent, exactly, and lays further copies of its
 * recurring shots out after them (decision 402): nothing else.
 */
function expectSentShotsKept(detail: DetailDiseases, sent: SentDiseases) {
  expect(detail.map(({ id, vaccineId }) => ({ id, vaccineId }))).toEqual(
    sent.map(({ id, vaccineId }) => ({ id, vaccineId })),
  );
  detail.forEach((column, index) => {
    const sentShots = sent[index]?.shots ?? [];
    const sentIds = new Set(sentShots.map((shot) => shot.id));
    expect(column.shots.filter((shot) => sentIds.has(shot.id))).toEqual(sentShots);
    const lastSent = sentShots.reduce((last, shot) => (shot.date! > last ? shot.date! : last), "");
    for (const shot of column.shots.filter((candidate) => !sentIds.has(candidate.id))) {
      expect(shot.isMirroredCopy, shot.id).toBe(true);
      expect(shot.date! > lastSent, shot.id).toBe(true);
    }
  });
}

/** `2026-03-14` as the PDF prints it: `14 Mar 2026`. */
function formatPrintedDate(date: string): string {
  const [year, month, day] = date.split("-").map(Number);
  const monthName = new Date(Date.UTC(2000, (month ?? 1) - 1, 1)).toLocaleString("en-GB", {
    month: "short",
    timeZone: "UTC",
  });
  return `${day} ${monthName} ${year}`;
}

describe("saving and reopening a calendar", () => {
  it("gives back every shot exactly as sent, including moved and user-added ones", async () => {
    const edited = editCalendar(buildEngineCalendar(), "2026-01-09", "2027-06-18");
    const payload = buildSubmitPayload(edited);
    const saved = await saveCalendar(payload);

    const detail = await getDetail(saved.id);
    expect(detail.calendarId).toBe(saved.id);
    expectSentShotsKept(detail.diseases, payload.data.diseases);
    const shots = detail.diseases.flatMap((disease) => disease.shots);
    expect(shots.find((shot) => shot.date === "2026-01-09")?.userInitiated).toBe(true);
    expect(shots.find((shot) => shot.date === "2027-06-18")?.id).toMatch(/-u1$/);
    expect(detail.setup).toEqual({
      enterprise: { id: 1, name: "Dairy" },
      animal: { id: 1, name: "Cows", isAdult: true },
      season: { id: 1, name: "Spring calving" },
      birthDate: "2026-02-01",
      breedingDate: "2026-04-25",
    });
  });

  it("answers the save with the spec's listing fields and links built on PUBLIC_URL", async () => {
    const diseaseIds = listOfferedDiseaseIds(1, 3);
    const saved = await saveCalendar(
      buildSubmitPayload(buildEngineCalendar(dairySpringCows, diseaseIds)),
    );
    const names = diseaseIds.map(
      (id) => referenceData.diseases.find((disease) => disease.id === id)?.name,
    );
    expect(saved).toMatchObject({
      year: 2026,
      enterprise: "Dairy",
      animal: "Cows",
      season: "Spring calving",
      birth_date: "2026-02-01",
      breeding_date: "2026-04-25",
      diseases: names.join(", "),
      previewImageUrl: `/api/calendars/${saved.id}/preview.svg`,
      downloadUrl: `/api/calendars/${saved.id}/download`,
    });
    const { https, webcal, google, outlook } = requireFeedUrls(saved);
    expect(https).toMatch(/^https:\/\/vaxcal\.example\.ie\/api\/calendars\/feed\/[\w-]{43}\.ics$/);
    expect(webcal).toBe(https.replace("https://", "webcal://"));
    expect(google).toBe(`https://calendar.google.com/calendar/r?cid=${encodeURIComponent(webcal)}`);
    expect(outlook).toBe(
      `https://outlook.live.com/calendar/0/addfromweb?url=${encodeURIComponent(https)}`,
    );
  });

  it("lists the user's own calendars newest first, and only theirs", async () => {
    const other = await registerUser(testApp.app);
    const mine = await saveCalendar(buildSubmitPayload(buildEngineCalendar()));
    await saveCalendar(buildSubmitPayload(buildEngineCalendar()), other.token);

    const response = await testApp.app.inject(
      asUser(farmer.token, { method: "GET", url: "/api/user/calendars" }),
    );
    expect(response.statusCode).toBe(200);
    const listing = ListCalendarsResponseSchema.parse(response.json()).calendars;
    expect(listing[0]?.id).toBe(mine.id);
    expect(listing.length).toBeGreaterThanOrEqual(1);
    const otherListing = ListCalendarsResponseSchema.parse(
      (
        await testApp.app.inject(asUser(other.token, { method: "GET", url: "/api/user/calendars" }))
      ).json(),
    ).calendars;
    expect(otherListing).toHaveLength(1);
    expect(listing.map((calendar) => calendar.id)).not.toContain(otherListing[0]?.id);
  });

  it("replaces the calendar on update, and the PDF prints the moved date", async () => {
    const calendar = buildEngineCalendar();
    const saved = await saveCalendar(buildSubmitPayload(calendar));
    const moved = editCalendar(calendar, "2026-03-23", "2026-08-07");
    const payload = buildSubmitPayload(moved, dairySpringCows, {
      action: "update",
      calendarId: saved.id,
    });
    // The update drops the last disease: PUT replaces, so its column must be gone afterwards.
    payload.data.diseases = payload.data.diseases.slice(0, -1);

    const response = await testApp.app.inject(
      asUser(farmer.token, { method: "PUT", url: `/api/calendar/${saved.id}`, payload }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(SubmitCalendarResponseSchema.parse(response.json()).calendar.id).toBe(saved.id);
    const detail = await getDetail(saved.id);
    expectSentShotsKept(detail.diseases, payload.data.diseases);

    const download = await testApp.app.inject(
      asUser(farmer.token, { method: "GET", url: `/api/calendars/${saved.id}/download` }),
    );
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-type"]).toBe("application/pdf");
    expect(download.headers["content-disposition"]).toBe(
      `attachment; filename="calendar-${saved.id}.pdf"`,
    );
    const text = readPdfText(download.rawPayload);
    expect(text).toContain("23 Mar 2026");
    expect(text).toContain("7 Aug 2026");
    expect(text).toContain("Ó Súilleabháin's Farm, Dún Laoghaire");
    expect(text).toContain(farmer.email ?? "");
    for (const disease of detail.diseases) {
      const name = referenceData.diseases.find((candidate) => candidate.id === disease.id)?.name;
      expect(text).toContain(name);
      // Every shot of the 12 printed months, copies included.
      for (const shot of disease.shots) {
        if (shot.date! < printed.from || shot.date! > printed.to) continue;
        expect(text, shot.id).toContain(formatPrintedDate(shot.date!));
      }
    }
  });

  it("deletes the calendar with its feed", async () => {
    const saved = await saveCalendar(buildSubmitPayload(buildEngineCalendar()));
    const feedPath = new URL(requireFeedUrls(saved).https).pathname;
    expect((await testApp.app.inject({ method: "GET", url: feedPath })).statusCode).toBe(200);

    const response = await testApp.app.inject(
      asUser(farmer.token, { method: "DELETE", url: `/api/calendars/${saved.id}` }),
    );
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe("");
    const again = await testApp.app.inject(
      asUser(farmer.token, { method: "GET", url: `/api/calendars/${saved.id}` }),
    );
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ error: { message: calendarMessages.notFound } });
    expect((await testApp.app.inject({ method: "GET", url: feedPath })).statusCode).toBe(404);
  });
});

describe("a save carries the version it was made on (decision 424)", () => {
  function put(id: number, payload: SubmitCalendarRequest) {
    return testApp.app.inject(
      asUser(farmer.token, { method: "PUT", url: `/api/calendar/${id}`, payload }),
    );
  }

  it("moves the version on at every save, and refuses a save made on an older one", async () => {
    const calendar = buildEngineCalendar();
    const saved = await saveCalendar(buildSubmitPayload(calendar));
    const opened = (await getDetail(saved.id)).updated_at;
    const update = (onCalendar: typeof calendar) =>
      buildSubmitPayload(onCalendar, dairySpringCows, { action: "update", calendarId: saved.id });

    // The test clock stands still: the version moves on all the same.
    const edited = editCalendar(calendar, "2026-03-20", "2026-04-09");
    const first = await put(saved.id, { ...update(edited), updated_at: opened });
    expect(first.statusCode, first.body).toBe(200);
    const firstVersion = SubmitCalendarResponseSchema.parse(first.json()).calendar.updated_at;
    expect(firstVersion).not.toBe(opened);
    expect((await getDetail(saved.id)).updated_at).toBe(firstVersion);

    // Another tab, still on the version it opened: refused, and nothing written.
    const stale = await put(saved.id, { ...update(calendar), updated_at: opened });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json()).toMatchObject({
      error: { code: "CONFLICT", message: calendarMessages.savedElsewhere },
    });
    const detail = await getDetail(saved.id);
    expect(detail.updated_at).toBe(firstVersion);
    expectSentShotsKept(detail.diseases, update(edited).data.diseases);

    // On the version it was answered, the next save goes through.
    const next = await put(saved.id, { ...update(calendar), updated_at: firstVersion });
    expect(next.statusCode, next.body).toBe(200);
  });
});

describe("the contact details confirmed at finish (docs/product.md §3)", () => {
  async function readProfile() {
    const response = await testApp.app.inject(
      asUser(farmer.token, { method: "GET", url: "/api/user" }),
    );
    return UserProfileSchema.parse(response.json());
  }

  async function downloadText(calendarId: number) {
    const download = await testApp.app.inject(
      asUser(farmer.token, { method: "GET", url: `/api/calendars/${calendarId}/download` }),
    );
    expect(download.statusCode).toBe(200);
    return readPdfText(download.rawPayload).replace(/\s+/g, " ");
  }

  it("are kept with the calendar, given back for edit mode, and name the vet on the PDF", async () => {
    const profileBefore = await readProfile();
    const saved = await saveCalendar(
      buildSubmitPayload(buildEngineCalendar(), dairySpringCows, {
        contact: buildContact({ email: " Maire@Example.IE ", phone_number: "087 123 4567" }),
      }),
    );

    expect((await getDetail(saved.id)).contact).toEqual({
      name: "Máire",
      surname: "Ní Dhomhnaill",
      phone_number: "0871234567",
      vet_email_address: "clinic@macroomvets.example.ie",
      email: "maire@example.ie",
    });
    expect(await downloadText(saved.id)).toContain("Vet: clinic@macroomvets.example.ie");
    // The popup's details belong to this calendar: the account keeps its own.
    expect(await readProfile()).toEqual(profileBefore);
  });

  it("are replaced on update, and a calendar without a vet prints none", async () => {
    const calendar = buildEngineCalendar();
    const saved = await saveCalendar(buildSubmitPayload(calendar));
    const payload = buildSubmitPayload(calendar, dairySpringCows, {
      action: "update",
      calendarId: saved.id,
      contact: buildContact({
        name: "Seán",
        surname: "",
        phone_number: "",
        vet_email_address: "out.of.hours@bandonvets.example.ie",
      }),
    });
    const response = await testApp.app.inject(
      asUser(farmer.token, { method: "PUT", url: `/api/calendar/${saved.id}`, payload }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect((await getDetail(saved.id)).contact).toEqual({
      name: "Seán",
      surname: null,
      phone_number: null,
      vet_email_address: "out.of.hours@bandonvets.example.ie",
      email: "maire@example.ie",
    });
    const text = await downloadText(saved.id);
    expect(text).toContain("Vet: out.of.hours@bandonvets.example.ie");
    expect(text).not.toContain("clinic@macroomvets.example.ie");

    payload.contact = buildContact({ vet_email_address: null });
    const withoutVet = await testApp.app.inject(
      asUser(farmer.token, { method: "PUT", url: `/api/calendar/${saved.id}`, payload }),
    );
    expect(withoutVet.statusCode, withoutVet.body).toBe(200);
    expect((await getDetail(saved.id)).contact?.vet_email_address).toBeNull();
    expect(await downloadText(saved.id)).not.toContain("Vet:");
  });

  it("are null in the detail of a calendar saved before they were kept", async () => {
    const saved = await saveCalendar(buildSubmitPayload(buildEngineCalendar()));
    await testApp.database.pool.query(
      `UPDATE calendars SET contact_name = NULL, contact_surname = NULL,
         contact_phone_number = NULL, contact_email = NULL, vet_email_address = NULL,
         terms_accepted_at = NULL
       WHERE id = $1`,
      [saved.id],
    );
    expect((await getDetail(saved.id)).contact).toBeNull();
    expect(await downloadText(saved.id)).not.toContain("Vet:");
  });
});

describe("every seeded combination", () => {
  it.each(referenceData.combinations)(
    "saves combination $id with all its diseases, as step 2 lays it out",
    async (combination) => {
      const choice = {
        enterpriseId: combination.enterprise_id,
        animalId: combination.animal_id,
        seasonId: combination.season_id,
        ...resolveSeasonDefaults(combination, testToday),
      };
      const payload = buildSubmitPayload(buildEngineCalendar(choice), choice);
      const saved = await saveCalendar(payload);
      expectSentShotsKept((await getDetail(saved.id)).diseases, payload.data.diseases);
    },
  );
});

describe("a calendar with no shot yet", () => {
  it("saves, prints, previews and feeds without failing", async () => {
    // Bluetongue has no protocol shots: the farmer adds them with the vet later.
    const payload = buildSubmitPayload(
      buildEngineCalendar(dairySpringCows, [DiseaseId.bluetongue]),
    );
    expect(payload.data.diseases[0]?.shots).toEqual([]);
    const saved = await saveCalendar(payload);
    for (const url of [saved.downloadUrl, saved.previewImageUrl]) {
      const response = await testApp.app.inject(asUser(farmer.token, { method: "GET", url }));
      expect(response.statusCode, url).toBe(200);
    }
    const feed = await testApp.app.inject({
      method: "GET",
      url: new URL(requireFeedUrls(saved).https).pathname,
    });
    expect(feed.statusCode).toBe(200);
    const calendar = new ICAL.Component(ICAL.parse(feed.body));
    expect(calendar.getAllSubcomponents("vevent")).toHaveLength(0);
  });
});

describe("the preview", () => {
  it("draws one dot per shot of the 24 printed months in its vaccine's colour", async () => {
    const calendar = buildEngineCalendar();
    const saved = await saveCalendar(buildSubmitPayload(calendar));
    const response = await testApp.app.inject(
      asUser(farmer.token, { method: "GET", url: saved.previewImageUrl }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("image/svg+xml; charset=utf-8");
    const detail = await getDetail(saved.id);
    const dots = response.body.match(/<circle /g) ?? [];
    const printedShots = detail.diseases
      .flatMap((disease) => disease.shots)
      .filter((shot) => shot.date! >= previewed.from && shot.date! <= previewed.to);
    expect(printedShots.some((shot) => shot.isMirroredCopy)).toBe(true);
    expect(dots.length).toBe(printedShots.length);
    const firstVaccine = referenceData.vaccines.find(
      (vaccine) => vaccine.id === detail.diseases[0]?.vaccineId,
    );
    expect(response.body).toContain(`fill="rgb(${firstVaccine?.accent_color})"`);

    const cached = await testApp.app.inject(
      asUser(farmer.token, {
        method: "GET",
        url: saved.previewImageUrl,
        headers: { "if-none-match": String(response.headers.etag) },
      }),
    );
    expect(cached.statusCode).toBe(304);
  });
});

describe("the calendar feed", () => {
  it("is an iCalendar with one all-day event per first occurrence and an alarm at 09:00 7 days before", async () => {
    const saved = await saveCalendar(buildSubmitPayload(buildEngineCalendar()));
    const response = await testApp.app.inject({
      method: "GET",
      url: new URL(requireFeedUrls(saved).https).pathname,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/calendar; charset=utf-8");

    const calendar = new ICAL.Component(ICAL.parse(response.body));
    const events = calendar.getAllSubcomponents("vevent");
    const detail = await getDetail(saved.id);
    // Copies are the events' own repeats (RRULE), not events of their own.
    const shots = detail.diseases.flatMap((disease) =>
      disease.shots
        .filter((shot) => !shot.isMirroredCopy)
        .map((shot) => ({ shot, diseaseId: disease.id, vaccineId: disease.vaccineId })),
    );
    expect(events).toHaveLength(shots.length);
    for (const { shot, diseaseId, vaccineId } of shots) {
      const event = events.find((candidate) =>
        String(candidate.getFirstPropertyValue("uid")).startsWith(
          `calendar-${saved.id}-${shot.id}@`,
        ),
      );
      expect(event, shot.id).toBeDefined();
      const start = event?.getFirstPropertyValue("dtstart") as ICAL.Time;
      expect(start.isDate).toBe(true);
      expect(start.toString()).toBe(shot.date);
      const rule = event?.getFirstPropertyValue("rrule") as ICAL.Recur | null;
      if (shot.is_recurrent >= 1) {
        expect(rule?.freq, shot.id).toBe("YEARLY");
        expect(rule?.interval, shot.id).toBe(shot.is_recurrent);
      } else {
        expect(rule, shot.id).toBeNull();
      }
      const disease = referenceData.diseases.find((candidate) => candidate.id === diseaseId);
      const vaccine = referenceData.vaccines.find((candidate) => candidate.id === vaccineId);
      const summary = String(event?.getFirstPropertyValue("summary"));
      expect(summary).toContain(disease?.name);
      expect(summary).toContain(shot.custom_name ?? vaccine?.name);
      const description = String(event?.getFirstPropertyValue("description"));
      expect(description).toContain("Dairy, Cows (Spring calving)");
      expect(description).toContain(calendarMessages.disclaimer);
      const alarm = event?.getFirstSubcomponent("valarm");
      const trigger = alarm?.getFirstPropertyValue("trigger") as ICAL.Duration;
      // Midnight of the shot's day, back six days and fifteen hours: 09:00 a week before.
      expect(trigger.toSeconds()).toBe(-(6 * 24 + 15) * 3600);
    }
  });

  it("moves to new links on regenerate, and the old link answers 404", async () => {
    const saved = await saveCalendar(buildSubmitPayload(buildEngineCalendar()));
    const response = await testApp.app.inject(
      asUser(farmer.token, { method: "POST", url: `/api/calendars/${saved.id}/feed/regenerate` }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const { feedUrls, message } = RegenerateFeedResponseSchema.parse(response.json());
    expect(message).toBe(calendarMessages.feedRegenerated);
    expect(feedUrls.https).not.toBe(requireFeedUrls(saved).https);

    const oldFeed = await testApp.app.inject({
      method: "GET",
      url: new URL(requireFeedUrls(saved).https).pathname,
    });
    expect(oldFeed.statusCode).toBe(404);
    const newFeed = await testApp.app.inject({
      method: "GET",
      url: new URL(feedUrls.https).pathname,
    });
    expect(newFeed.statusCode).toBe(200);
    expect((await getDetail(saved.id)).feedUrls).toEqual(feedUrls);
  });

  it("answers 404 for a token that was never issued", async () => {
    for (const file of ["A".repeat(43) + ".ics", "short.ics", "x".repeat(43), "../etc.ics"]) {
      const response = await testApp.app.inject({
        method: "GET",
        url: `/api/calendars/feed/${encodeURIComponent(file)}`,
      });
      expect(response.statusCode, file).toBe(404);
    }
  });

  it("never takes its links from the Host header", async () => {
    const response = await testApp.app.inject(
      asUser(farmer.token, {
        method: "GET",
        url: "/api/user/calendars",
        headers: { host: "attacker.example.com", "x-forwarded-host": "attacker.example.com" },
      }),
    );
    expect(response.body).not.toContain("attacker");
  });
});

describe("the API docs", () => {
  it("document every saved-calendar route", async () => {
    const response = await testApp.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(response.statusCode).toBe(200);
    const { paths } = response.json() as { paths: Record<string, Record<string, unknown>> };
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining([
        "/api/calendar",
        "/api/calendar/{id}",
        "/api/user/calendars",
        "/api/calendars/{id}",
        "/api/calendars/{id}/download",
        "/api/calendars/{id}/preview.svg",
        "/api/calendars/{id}/feed/regenerate",
        "/api/calendars/feed/{file}",
      ]),
    );
    expect(Object.keys(paths["/api/calendars/{id}"] ?? {})).toEqual(
      expect.arrayContaining(["get", "delete"]),
    );
  });
});
