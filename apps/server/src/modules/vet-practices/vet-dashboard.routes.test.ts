import { brotliDecompressSync, gunzipSync } from "node:zlib";
import {
  CalendarDetailSchema,
  DoseDueWeekSchema,
  DosesDueSummarySchema,
  type DosesDue,
  ListCalendarsResponseSchema,
  SubmitCalendarResponseSchema,
  VetDashboardSchema,
} from "@vaxcal/contracts";
import { listOccurrences } from "@vaxcal/schedule";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listCalendarOccurrences, createCalendarPlansRepository } from "../calendars/index.ts";
import {
  asUser,
  createAccountsTestApp,
  registerUser,
  saveSettings,
  type AccountsTestApp,
  type RegisteredUser,
} from "../../test/accounts.ts";
import {
  buildContact,
  buildEngineCalendar,
  buildSubmitPayload,
  dairySpringCows,
  editCalendar,
  readPdfText,
} from "../../test/calendars.ts";
import { eq, sql } from "drizzle-orm";
import { users } from "../../db/schema/accounts.ts";
import { findWeekStart } from "../../lib/clock.ts";
import { registerVetPractice } from "../../test/vet-practices.ts";

/*
 * The vet dashboard (docs/product.md D3): a practice sees only its own clients, their calendars,
 * and the doses due across them; a vet's access to a calendar ends with the farmer's unlink.
 * The test clock's today is 2 March 2026, a Monday.
 */

let testApp: AccountsTestApp;
let practiceId = 0;
let managerToken = "";
let managerId = 0;
let otherManagerToken = "";
let farmer: RegisteredUser;
let calendarId = 0;

async function registerPractice(name: string) {
  return registerVetPractice(testApp, {
    vet_practice_name: name,
    vet_practice_email: `${name.replace(/\W/g, "").toLowerCase()}@vets.example.ie`,
    town: "Bandon",
    mobile_number: "0871234567",
    vet_practice_landline: null,
  });
}

beforeAll(async () => {
  testApp = await createAccountsTestApp();
  const practice = await registerPractice("Bandon Farm Vets");
  practiceId = practice.id;
  managerToken = practice.token;
  managerId = practice.managerId;
  otherManagerToken = (await registerPractice("Other Vets")).token;
  farmer = await registerUser(testApp.app, {
    vet_id: practiceId,
    name: "Nora",
    herd_size: "51-100",
  });
  const saved = await testApp.app.inject(
    asUser(farmer.token, {
      method: "POST",
      url: "/api/calendar",
      payload: buildSubmitPayload(buildEngineCalendar()),
    }),
  );
  expect(saved.statusCode, saved.body).toBe(201);
  calendarId = SubmitCalendarResponseSchema.parse(saved.json()).calendar.id;
});
afterAll(() => testApp.close());

function get(token: string, url: string) {
  return testApp.app.inject(asUser(token, { method: "GET", url }));
}

/** The summary, then each week's shots, as a vet's dashboard asks for them; checked. */
async function readDosesDue(token: string): Promise<DosesDue> {
  const summary = DosesDueSummarySchema.parse((await get(token, "/api/vet/doses-due")).json());
  const weeks = [];
  for (const week of summary.weeks) {
    const detail = DoseDueWeekSchema.parse(
      (await get(token, `/api/vet/doses-due/weeks/${week.week_start}`)).json(),
    );
    // The summary's totals are the week's.
    expect(detail.vaccines.map((vaccine) => vaccine.shots.length)).toEqual(
      week.vaccines.map((vaccine) => vaccine.shot_count),
    );
    expect(detail.vaccines.map((vaccine) => vaccine.doses)).toEqual(
      week.vaccines.map((vaccine) => vaccine.doses),
    );
    weeks.push(detail);
  }
  return { from: summary.from, to: summary.to, weeks };
}

describe("the dashboard", () => {
  it("lists the practice's linked farmers with their calendars, and no one else's", async () => {
    await registerUser(testApp.app, { name: "Unlinked" });
    const dashboard = VetDashboardSchema.parse(
      (await get(managerToken, "/api/vet/dashboard")).json(),
    );
    expect(dashboard.practice).toMatchObject({ name: "Bandon Farm Vets", town: "Bandon" });
    expect(dashboard.role).toBe("VET_MANAGER");
    expect(dashboard.clients.map((client) => client.name)).toEqual(["Nora"]);
    expect(dashboard.clients[0]?.calendars.map((calendar) => calendar.id)).toEqual([calendarId]);

    expect(dashboard.clients[0]).toMatchObject({ town: "Macroom", county: "Cork" });

    const other = VetDashboardSchema.parse(
      (await get(otherManagerToken, "/api/vet/dashboard")).json(),
    );
    expect(other.clients).toEqual([]);
  });

  it("lists a farmer who signed up without a postal address (decision 429)", async () => {
    const bare = await registerUser(testApp.app, {
      vet_id: practiceId,
      name: "Aoife",
      surname: "Aaron",
      address1: null,
      town: null,
      eircode: null,
      county: null,
    });
    const response = await get(managerToken, "/api/vet/dashboard");
    expect(response.statusCode).toBe(200);
    const dashboard = VetDashboardSchema.parse(response.json());
    expect(dashboard.clients.find((client) => client.id === bare.id)).toMatchObject({
      name: "Aoife",
      town: null,
      county: null,
    });
    expect((await get(managerToken, "/api/vet/doses-due")).statusCode).toBe(200);
    await testApp.database.db.delete(users).where(eq(users.id, bare.id));
  });
});

describe("doses due", () => {
  it("groups the next 8 weeks' shots by week then vaccine, on the dates the plan gives", async () => {
    const dosesDue = await readDosesDue(managerToken);
    expect(dosesDue).toMatchObject({ from: "2026-03-02", to: "2026-04-26" });

    // The expected dates: the engine's occurrences of the stored plan, in the window.
    const plans = await createCalendarPlansRepository(testApp.database.db).readPlans([calendarId]);
    const seeds = (plans.get(calendarId) ?? []).flatMap((column) => column.seeds);
    const expected = listOccurrences(seeds, "2026-03-02", "2026-04-26").map((shot) => shot.date);
    expect(expected.length).toBeGreaterThan(0);

    const shots = dosesDue.weeks.flatMap((week) =>
      week.vaccines.flatMap((vaccine) => vaccine.shots.map((shot) => ({ week, vaccine, shot }))),
    );
    expect(shots.map(({ shot }) => shot.date).sort()).toEqual([...expected].sort());
    for (const { week, vaccine, shot } of shots) {
      expect(findWeekStart(shot.date)).toBe(week.week_start);
      expect(shot).toMatchObject({
        calendar_id: calendarId,
        client_name: "Nora Murphy",
        doses: { min: 51, max: 100 },
      });
      expect(vaccine.unknown_farms).toBe(0);
      expect(vaccine.doses.min).toBe(51 * vaccine.shots.length);
    }
    const weekStarts = dosesDue.weeks.map((week) => week.week_start);
    expect(weekStarts).toEqual([...weekStarts].sort());
  });

  it("answers the same doses compressed, for a phone on a weak signal", async () => {
    const plain = await get(managerToken, "/api/vet/doses-due");
    for (const encoding of ["br", "gzip"] as const) {
      const compressed = await testApp.app.inject(
        asUser(managerToken, {
          method: "GET",
          url: "/api/vet/doses-due",
          headers: { "accept-encoding": encoding },
        }),
      );
      expect(compressed.headers["content-encoding"]).toBe(encoding);
      const decoded = (encoding === "br" ? brotliDecompressSync : gunzipSync)(
        compressed.rawPayload,
      ).toString("utf8");
      expect(JSON.parse(decoded)).toEqual(plain.json());
    }
  });

  it("answers 404 for a week outside the 8 weeks", async () => {
    const response = await get(managerToken, "/api/vet/doses-due/weeks/2031-01-06");
    expect(response.statusCode).toBe(404);
  });

  it("exports the same shots as CSV", async () => {
    const dosesDue = await readDosesDue(managerToken);
    const csv = await get(managerToken, "/api/vet/doses-due.csv");
    expect(csv.headers["content-type"]).toContain("text/csv");
    expect(csv.headers["content-disposition"]).toBe(
      'attachment; filename="doses-due-2026-03-02.csv"',
    );
    const lines = csv.body.trim().split("\r\n");
    expect(lines[0]).toBe("Week starting,Vaccine,Date,Farmer,Farm,Animal,Disease,Doses");
    const count = dosesDue.weeks.flatMap((week) => week.vaccines.flatMap((v) => v.shots)).length;
    expect(lines).toHaveLength(count + 1);
    expect(lines[1]).toContain("Nora Murphy,Hill Farm,Cows");
    expect(lines[1]).toMatch(/,51 to 100$/);
  });

  it("leaves out a shot once the farm marks it as given, and counts it again after the undo", async () => {
    const countShots = (dosesDue: DosesDue) =>
      dosesDue.weeks.flatMap((week) => week.vaccines.flatMap((vaccine) => vaccine.shots)).length;
    const before = await readDosesDue(managerToken);
    const [first] = await listCalendarOccurrences(
      testApp.database.db,
      calendarId,
      before.from,
      before.to,
    );
    expect(first).toBeDefined();
    const givenPath = `/api/calendars/${calendarId}/given-shots/${encodeURIComponent(first!.shotId)}`;
    const given = await testApp.app.inject(
      asUser(farmer.token, { method: "PUT", url: givenPath, payload: { batch: "B-1" } }),
    );
    expect(given.statusCode, given.body).toBe(200);
    expect(countShots(await readDosesDue(managerToken))).toBe(countShots(before) - 1);

    const undo = await testApp.app.inject(
      asUser(farmer.token, { method: "DELETE", url: givenPath }),
    );
    expect(undo.statusCode).toBe(204);
    expect(countShots(await readDosesDue(managerToken))).toBe(countShots(before));
  });

  it("follows a farm size change and shows nothing to another practice", async () => {
    expect((await saveSettings(testApp.app, farmer, { herd_size: "200+" })).statusCode).toBe(200);
    const dosesDue = await readDosesDue(managerToken);
    const first = dosesDue.weeks[0]?.vaccines[0];
    expect(first?.shots[0]?.doses).toEqual({ min: 201, max: null });
    expect(first?.doses.max).toBeNull();
    const other = await readDosesDue(otherManagerToken);
    expect(other.weeks).toEqual([]);
  });
});

describe("the farmer's printed calendar", () => {
  it("names the linked practice and its phone number", async () => {
    const pdf = await get(farmer.token, `/api/calendars/${calendarId}/download`);
    expect(pdf.statusCode).toBe(200);
    const text = readPdfText(pdf.rawPayload).replace(/\s+/g, " ");
    expect(text).toContain("Practice: Bandon Farm Vets");
    expect(text).toContain("Practice phone: 087 123 4567");
  });
});

describe("the calendar detail's farm size", () => {
  it("is the owner's herd size band, for the owner and for a vet of the linked practice", async () => {
    expect((await saveSettings(testApp.app, farmer, { herd_size: "101-200" })).statusCode).toBe(
      200,
    );
    for (const token of [farmer.token, managerToken]) {
      const response = await get(token, `/api/calendars/${calendarId}`);
      expect(response.statusCode, response.body).toBe(200);
      // The owner's band, never the viewer's: the practice's account has no herd at all.
      expect(CalendarDetailSchema.parse(response.json()).farm_size).toBe("101-200");
    }
    const other = await get(otherManagerToken, `/api/calendars/${calendarId}`);
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain("101-200");
  });
});

describe("a vet editing a client's calendar", () => {
  it("is recorded on the calendar, who and when, and the farmer sees it", async () => {
    const edited = await testApp.app.inject(
      asUser(managerToken, {
        method: "PUT",
        url: `/api/calendar/${calendarId}`,
        payload: buildSubmitPayload(
          editCalendar(buildEngineCalendar(), "2026-03-20", "2026-04-09"),
          dairySpringCows,
          { action: "update", calendarId },
        ),
      }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    const detail = CalendarDetailSchema.parse(
      (await get(farmer.token, `/api/calendars/${calendarId}`)).json(),
    );
    expect(detail.vet_edit).toEqual({
      by: "Aoife Byrne",
      practice: "Bandon Farm Vets",
      at: "2026-03-02T09:00:00.000Z",
    });
    const list = ListCalendarsResponseSchema.parse(
      (await get(farmer.token, "/api/user/calendars")).json(),
    );
    expect(list.calendars[0]?.vet_edit?.by).toBe("Aoife Byrne");

    // The edit reaches the doses due at once: the added shot on 9 April is there.
    const dosesDue = await readDosesDue(managerToken);
    const dates = dosesDue.weeks.flatMap((week) =>
      week.vaccines.flatMap((v) => v.shots.map((s) => s.date)),
    );
    expect(dates).toContain("2026-04-09");

    // The farmer's own save clears nothing of the record, and records no vet.
    const own = await testApp.app.inject(
      asUser(farmer.token, {
        method: "PUT",
        url: `/api/calendar/${calendarId}`,
        payload: buildSubmitPayload(buildEngineCalendar(), dairySpringCows, {
          action: "update",
          calendarId,
        }),
      }),
    );
    expect(own.statusCode).toBe(200);
    const after = CalendarDetailSchema.parse(
      (await get(farmer.token, `/api/calendars/${calendarId}`)).json(),
    );
    expect(after.vet_edit?.by).toBe("Aoife Byrne");
  });
});

describe("a vet's save (decision 424)", () => {
  it("never changes the farmer's confirmed contact details", async () => {
    const detail = () =>
      get(farmer.token, `/api/calendars/${calendarId}`).then((response) =>
        CalendarDetailSchema.parse(response.json()),
      );
    const before = (await detail()).contact;
    expect(before?.name).toBe("Máire");
    const edited = await testApp.app.inject(
      asUser(managerToken, {
        method: "PUT",
        url: `/api/calendar/${calendarId}`,
        payload: buildSubmitPayload(buildEngineCalendar(), dairySpringCows, {
          action: "update",
          calendarId,
          contact: buildContact({
            name: "Aoife",
            surname: "Byrne",
            email: "aoife@bandonvets.example.ie",
            phone_number: "086 111 2222",
            vet_email_address: null,
          }),
        }),
      }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await detail()).contact).toEqual(before);
  });

  it("needs no contact details and no terms from the vet (decision 425)", async () => {
    const detail = () =>
      get(farmer.token, `/api/calendars/${calendarId}`).then((response) =>
        CalendarDetailSchema.parse(response.json()),
      );
    const before = (await detail()).contact;
    // A vet who has not agreed to the current terms version is not asked on the farmer's calendar.
    await testApp.database.db
      .update(users)
      .set({ termsVersion: "an-older-version" })
      .where(eq(users.id, managerId));
    const { contact: _contact, ...payload } = buildSubmitPayload(
      buildEngineCalendar(),
      dairySpringCows,
      { action: "update", calendarId },
    );
    const edited = await testApp.app.inject(
      asUser(managerToken, { method: "PUT", url: `/api/calendar/${calendarId}`, payload }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await detail()).contact).toEqual(before);
  });

  it("moves the farmer's reminders to the new date", async () => {
    // The farmer's reminder channels are confirmed and on.
    await testApp.database.db.execute(sql`
      UPDATE users SET email_verified_at = now(), phone_verified_at = now(),
        notify_phone = true, notify_email = true
      WHERE id = ${farmer.id}`);
    const engine = buildEngineCalendar();
    const first = engine.diseases[0]?.shots.find((shot) => !shot.isMirroredCopy);
    if (!first?.date) throw new Error("no shot");
    const { contact: _contact, ...payload } = buildSubmitPayload(
      editCalendar(engine, "2026-03-20", "2026-05-20"),
      dairySpringCows,
      { action: "update", calendarId },
    );
    const edited = await testApp.app.inject(
      asUser(managerToken, { method: "PUT", url: `/api/calendar/${calendarId}`, payload }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    await testApp.whenIdle();
    const ledger = await testApp.database.db.execute<{ due_date: string; status: string }>(
      sql`SELECT due_date::text AS due_date, status FROM reminder_deliveries
        WHERE calendar_id = ${calendarId} AND user_id = ${farmer.id}`,
    );
    const planned = ledger.rows.filter((row) => row.status === "planned");
    expect(planned.map((row) => row.due_date)).toContain("2026-03-20");
    if (first.date !== "2026-03-20") {
      expect(planned.map((row) => row.due_date)).not.toContain(first.date);
    }
  });

  it("the farmer's own save still needs the contact details", async () => {
    const { contact: _contact, ...payload } = buildSubmitPayload(
      buildEngineCalendar(),
      dairySpringCows,
      { action: "update", calendarId },
    );
    const edited = await testApp.app.inject(
      asUser(farmer.token, { method: "PUT", url: `/api/calendar/${calendarId}`, payload }),
    );
    expect(edited.statusCode, edited.body).toBe(400);
    expect(edited.body).toContain("body.contact");
  });
});

describe("the farm named for the vet (decision 425)", () => {
  it("a vet of the linked practice reads the farmer's name and farm; the farmer's own detail has neither", async () => {
    const forVet = CalendarDetailSchema.parse(
      (await get(managerToken, `/api/calendars/${calendarId}`)).json(),
    );
    expect(forVet.owner).toEqual({ name: "Nora Murphy", farm_name: "Hill Farm" });
    const forFarmer = CalendarDetailSchema.parse(
      (await get(farmer.token, `/api/calendars/${calendarId}`)).json(),
    );
    expect(forFarmer.owner).toBeUndefined();
  });
});

describe("access", () => {
  it("a vet of another practice cannot read the calendar; after the unlink, neither can the old practice", async () => {
    expect((await get(otherManagerToken, `/api/calendars/${calendarId}`)).statusCode).toBe(404);
    expect((await get(managerToken, `/api/calendars/${calendarId}`)).statusCode).toBe(200);

    const unlink = { vet_id: null, current_password: farmer.password };
    expect((await saveSettings(testApp.app, farmer, unlink)).statusCode).toBe(200);
    for (const url of [`/api/calendars/${calendarId}`, `/api/calendars/${calendarId}/download`]) {
      expect((await get(managerToken, url)).statusCode, url).toBe(404);
    }
    const dashboard = VetDashboardSchema.parse(
      (await get(managerToken, "/api/vet/dashboard")).json(),
    );
    expect(dashboard.clients).toEqual([]);
    const dosesDue = await readDosesDue(managerToken);
    expect(dosesDue.weeks).toEqual([]);
  });
});
