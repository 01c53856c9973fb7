import { FarmWeekResponseSchema, type FarmWeekResponse } from "@vaxcal/contracts";
import { addDays } from "@vaxcal/schedule";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asUser, logIn, registerUser, type RegisteredUser } from "../../test/accounts.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { buildEngineCalendar, buildSubmitPayload, editCalendar } from "../../test/calendars.ts";
import { registerVetPractice } from "../../test/vet-practices.ts";

/*
 * "This week on the farm" (decision 603) against real PostgreSQL, with a clock the test moves:
 * one farmer's three calendars saved through the API, a vet of the practice the farmer linked,
 * and another farmer. Expectations are written in Irish wall-clock terms, never with the
 * server's own send-time function.
 */

let now = new Date("2026-03-02T10:00:00Z");
const clock = () => now;
let testApp: TestApp;
let farmer: RegisteredUser;
let otherFarmer: RegisteredUser;
let unverifiedFarmer: RegisteredUser;
let vetToken = "";
const calendarIds: number[] = [];

const dublin = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Europe/Dublin",
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
});

/** An instant as Irish wall-clock time: `2026-03-29 09:00`. */
function toIrishWallClock(instant: string): string {
  const parts = Object.fromEntries(
    dublin.formatToParts(new Date(instant)).map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

async function verifyContacts(user: RegisteredUser, options: { texts: boolean; emails: boolean }) {
  await testApp.database.db.execute(sql`
    UPDATE users SET email_verified_at = ${now}, phone_verified_at = ${now},
      notify_phone = ${options.texts}, notify_email = ${options.emails}
    WHERE id = ${user.id}`);
}

async function saveCalendar(user: RegisteredUser, edits?: { movedTo: string; addedOn: string }) {
  const engine = buildEngineCalendar();
  const calendar = edits ? editCalendar(engine, edits.movedTo, edits.addedOn) : engine;
  const response = await testApp.app.inject(
    asUser(user.token, {
      method: "POST",
      url: "/api/calendar",
      payload: buildSubmitPayload(calendar),
    }),
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ calendar: { id: number } }>().calendar.id;
}

/** A session started at the test clock's now: moving the clock months on ends older ones. */
async function signIn(user: RegisteredUser): Promise<string> {
  const response = await logIn(testApp.app, user.email ?? "", user.password);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ token: string }>().token;
}

async function readWeek(token: string, query = ""): Promise<FarmWeekResponse> {
  const response = await testApp.app.inject(
    asUser(token, { method: "GET", url: `/api/user/farm-week${query}` }),
  );
  expect(response.statusCode, response.body).toBe(200);
  return FarmWeekResponseSchema.parse(response.json());
}

beforeAll(async () => {
  testApp = await createTestApp({}, clock);
  const practice = await registerVetPractice(testApp, {
    vet_practice_name: "Bandon Farm Vets",
    vet_practice_email: "bandon@vets.example.ie",
    town: "Bandon",
    mobile_number: "0871234567",
    vet_practice_landline: null,
  });
  vetToken = practice.token;
  farmer = await registerUser(testApp.app, { vet_id: practice.id });
  otherFarmer = await registerUser(testApp.app);
  unverifiedFarmer = await registerUser(testApp.app);
  await verifyContacts(farmer, { texts: true, emails: true });
  await verifyContacts(otherFarmer, { texts: true, emails: true });
  calendarIds.push(await saveCalendar(farmer));
  // Shots whose reminders fall on the days Ireland's clocks change: Sunday 29 March 2026 (forward)
  // and Sunday 25 October 2026 (back).
  calendarIds.push(await saveCalendar(farmer, { movedTo: "2026-04-05", addedOn: "2026-11-01" }));
  calendarIds.push(await saveCalendar(farmer, { movedTo: "2026-03-10", addedOn: "2026-03-04" }));
  await saveCalendar(unverifiedFarmer);
  await testApp.whenIdle();
});

afterAll(() => testApp.close());

describe("GET /api/user/farm-week", () => {
  it("lists the farmer's shots across all three calendars, by date, in groups, each with the text and e-mail that will go at 09:00 Irish time 7 days before", async () => {
    now = new Date("2026-03-02T10:00:00Z"); // Monday 2 March
    const week = await readWeek(await signIn(farmer));
    expect(week.today).toBe("2026-03-02");
    expect(week.calendars).toBe(3);
    expect(new Set(week.items.map((item) => item.calendar_id))).toEqual(new Set(calendarIds));
    const dates = week.items.map((item) => item.date);
    expect(dates).toEqual([...dates].sort());
    expect(dates.every((date) => date >= "2026-01-05" && date <= "2026-05-03")).toBe(true);
    for (const item of week.items) {
      expect(item.calendar).toMatch(/^Cows, /);
      expect(item.disease).not.toBe("");
      if (item.date < "2026-03-02") {
        expect(item.group).toBe("overdue");
        expect(item.no_reminder).toBe("date_passed");
        expect(item.reminders).toEqual([]);
        continue;
      }
      expect(item.group).toBe(item.date <= "2026-03-08" ? "this_week" : "later");
      expect(item.reminders.map((reminder) => [reminder.channel, reminder.recipient])).toEqual([
        ["sms", farmer.phone],
        ["email", farmer.email],
      ]);
      for (const reminder of item.reminders) {
        expect(reminder.status).toBe("planned");
        expect(toIrishWallClock(reminder.at)).toBe(`${addDays(item.date, -7)} 09:00`);
      }
    }
    const added = week.items.find((item) => item.date === "2026-03-04");
    expect(added?.group).toBe("this_week");
    expect(week.no_reminder_reason).toBeNull();
    expect(week.channels).toEqual([
      { channel: "sms", recipient: farmer.phone, verified: true, on: true },
      { channel: "email", recipient: farmer.email, verified: true, on: true },
    ]);
  });

  it("keeps 09:00 Irish time on both clock-change days: 08:00 UTC in summer time, 09:00 UTC in winter", async () => {
    now = new Date("2026-03-26T12:00:00Z");
    const spring = (await readWeek(await signIn(farmer))).items.find(
      (item) => item.date === "2026-04-05",
    );
    expect(spring?.reminders[0]?.at).toBe("2026-03-29T08:00:00.000Z");
    expect(toIrishWallClock(spring?.reminders[0]?.at ?? "")).toBe("2026-03-29 09:00");

    now = new Date("2026-10-22T12:00:00Z");
    const autumn = (await readWeek(await signIn(farmer))).items.find(
      (item) => item.date === "2026-11-01",
    );
    expect(autumn?.reminders[0]?.at).toBe("2026-10-25T09:00:00.000Z");
    expect(toIrishWallClock(autumn?.reminders[0]?.at ?? "")).toBe("2026-10-25 09:00");
  });

  it.each([
    ["2026-01-14T09:00:00Z", "2026-01-14"],
    ["2026-03-31T23:30:00Z", "2026-04-01"], // after midnight in Ireland under summer time
    ["2026-10-24T23:30:00Z", "2026-10-25"],
    ["2026-12-31T23:30:00Z", "2026-12-31"], // before midnight in Ireland under GMT
  ])(
    "at %s, today is %s in Ireland and every reminder is at 09:00 there",
    async (instant, today) => {
      now = new Date(instant);
      const week = await readWeek(await signIn(farmer));
      expect(week.today).toBe(today);
      expect(week.items.flatMap((item) => item.reminders).length).toBeGreaterThan(0);
      for (const item of week.items) {
        expect(item.group === "overdue").toBe(item.date < today);
        for (const reminder of item.reminders) {
          expect(toIrishWallClock(reminder.at)).toBe(`${addDays(item.date, -7)} 09:00`);
        }
      }
    },
  );

  it("leaves out a shot once it is marked as given, without touching its record", async () => {
    now = new Date("2026-03-02T10:00:00Z");
    const before = await readWeek(await signIn(farmer));
    const item = before.items.find((candidate) => candidate.group === "this_week");
    if (!item) throw new Error("nothing due this week");
    const marked = await testApp.app.inject(
      asUser(await signIn(farmer), {
        method: "PUT",
        url: `/api/calendars/${item.calendar_id}/given-shots/${encodeURIComponent(item.shot_id)}`,
        payload: { batch: "A123" },
      }),
    );
    expect(marked.statusCode, marked.body).toBe(200);
    const after = await readWeek(await signIn(farmer));
    expect(
      after.items.some(
        (candidate) =>
          candidate.calendar_id === item.calendar_id && candidate.shot_id === item.shot_id,
      ),
    ).toBe(false);
    expect(after.items).toHaveLength(before.items.length - 1);
  });

  it("is the caller's own: the linked vet and another farmer get nothing of this farm", async () => {
    now = new Date("2026-03-02T10:00:00Z");
    const vet = await readWeek(vetToken);
    expect(vet.calendars).toBe(0);
    expect(vet.items).toEqual([]);
    const other = await readWeek(await signIn(otherFarmer));
    expect(other.calendars).toBe(0);
    expect(other.items).toEqual([]);
    expect(JSON.stringify(other)).not.toContain(String(farmer.phone));
  });

  it("says why no reminder will go: no verified contact, or reminders turned off", async () => {
    now = new Date("2026-03-02T10:00:00Z");
    const unverified = await readWeek(await signIn(unverifiedFarmer));
    expect(unverified.items.length).toBeGreaterThan(0);
    expect(unverified.items.every((item) => item.reminders.length === 0)).toBe(true);
    expect(unverified.no_reminder_reason).toBe("unverified");
    await verifyContacts(unverifiedFarmer, { texts: false, emails: false });
    expect((await readWeek(await signIn(unverifiedFarmer))).no_reminder_reason).toBe("off");
  });

  it("covers fewer weeks when asked, and refuses a bad number of weeks or no login", async () => {
    now = new Date("2026-03-02T10:00:00Z");
    const oneWeek = await readWeek(await signIn(farmer), "?weeks=1");
    expect(oneWeek.to).toBe("2026-03-15");
    expect(oneWeek.items.every((item) => item.date <= "2026-03-15")).toBe(true);
    for (const weeks of ["0", "9", "abc", "1.5"]) {
      const response = await testApp.app.inject(
        asUser(await signIn(farmer), {
          method: "GET",
          url: `/api/user/farm-week?weeks=${weeks}`,
        }),
      );
      expect(response.statusCode, weeks).toBe(400);
      expect(response.json<{ error: { message: string } }>().error.message).toBeTruthy();
    }
    const anonymous = await testApp.app.inject({ method: "GET", url: "/api/user/farm-week" });
    expect(anonymous.statusCode).toBe(401);
  });
});
