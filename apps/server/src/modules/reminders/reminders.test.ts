import { addDays, type IsoDate } from "@vaxcal/schedule";
import { sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listCalendarOccurrences, createCalendarPdfReader } from "../calendars/index.ts";
import { readIrishToday } from "../../lib/clock.ts";
import { buildEngineCalendar, buildSubmitPayload, editCalendar } from "../../test/calendars.ts";
import { createTwilioSmsTransport } from "../../sms/sms-transport.ts";
import { asUser, registerUser, type RegisteredUser } from "../../test/accounts.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { startLoopbackFakes, type LoopbackFakes } from "../../test/loopback-fakes.ts";
import { createLoopbackReminderSender } from "../../test/reminder-fixtures.ts";
import { planAllReminders } from "./plan-reminders.ts";
import { findReminderSendAt } from "./reminder-schedule.ts";
import { createReminderSender } from "./send-reminders.ts";

/*
 * Reminders end to end against real PostgreSQL, the loopback SMTP relay and fake Twilio, with a
 * clock the test moves: calendars saved through the API, the daily plan and the sends run as the
 * worker runs them.
 */

let now = new Date("2026-03-02T09:00:00Z");
const clock = () => now;
let testApp: TestApp;
let fakes: LoopbackFakes;
const log = pino({ level: "silent" });

beforeAll(async () => {
  fakes = await startLoopbackFakes();
  testApp = await createTestApp({}, clock);
});

afterAll(async () => {
  await testApp.close();
  await fakes.close();
});

function createSender() {
  return createLoopbackReminderSender({ db: testApp.database.db, clock, fakes });
}

async function createFarmer(options: {
  emailVerified?: boolean;
  phoneVerified?: boolean;
  texts?: boolean;
  emails?: boolean;
}): Promise<RegisteredUser> {
  const user = await registerUser(testApp.app);
  await testApp.database.db.execute(sql`
    UPDATE users SET
      email_verified_at = ${options.emailVerified === false ? null : now},
      phone_verified_at = ${options.phoneVerified === false ? null : now},
      notify_phone = ${options.texts ?? true}, notify_email = ${options.emails ?? true}
    WHERE id = ${user.id}`);
  return user;
}

async function saveCalendar(user: RegisteredUser, movedTo?: IsoDate, addedOn?: IsoDate) {
  const engine = buildEngineCalendar();
  const calendar = movedTo && addedOn ? editCalendar(engine, movedTo, addedOn) : engine;
  const response = await testApp.app.inject(
    asUser(user.token, {
      method: "POST",
      url: "/api/calendar",
      payload: buildSubmitPayload(calendar),
    }),
  );
  expect(response.statusCode).toBe(201);
  await testApp.whenIdle();
  return response.json<{ calendar: { id: number } }>().calendar.id;
}

async function readLedger(calendarId: number) {
  const { rows } = await testApp.database.db.execute(sql`
    SELECT channel, due_date::text AS due_date, status, reason FROM reminder_deliveries
    WHERE calendar_id = ${calendarId} ORDER BY due_date, channel`);
  return rows as { channel: string; due_date: string; status: string; reason: string | null }[];
}

/** Runs the worker's day at 09:00 in Ireland: the daily plan, then every due send. */
async function runDay(day: IsoDate, sender: ReturnType<typeof createSender>["sender"]) {
  now = findReminderSendAt(addDays(day, 7));
  await planAllReminders(testApp.database.db, clock);
  await sender.sendDueReminders();
}

describe("send time, 09:00 in Ireland", () => {
  it("is 09:00 UTC in winter and 08:00 UTC in summer, on both change days too", () => {
    // Clocks go forward on Sunday 29 March 2026 and back on Sunday 25 October 2026, at 01:00 UTC.
    expect(findReminderSendAt("2026-04-04").toISOString()).toBe("2026-03-28T09:00:00.000Z");
    expect(findReminderSendAt("2026-04-05").toISOString()).toBe("2026-03-29T08:00:00.000Z");
    expect(findReminderSendAt("2026-04-06").toISOString()).toBe("2026-03-30T08:00:00.000Z");
    expect(findReminderSendAt("2026-10-31").toISOString()).toBe("2026-10-24T08:00:00.000Z");
    expect(findReminderSendAt("2026-11-01").toISOString()).toBe("2026-10-25T09:00:00.000Z");
    expect(findReminderSendAt("2026-11-02").toISOString()).toBe("2026-10-26T09:00:00.000Z");
    // 29 February: its reminder goes out on 22 February.
    expect(findReminderSendAt("2028-02-29").toISOString()).toBe("2028-02-22T09:00:00.000Z");
  });
});

describe("a farmer's reminders", () => {
  it("texts and e-mails 7 days before each shot, grouped by day, once, across a month with an edit, a delete and the spring clock change", async () => {
    now = new Date("2026-03-02T09:00:00Z");
    const { sender, close } = createSender();
    const farmer = await createFarmer({});
    const kept = await saveCalendar(farmer);
    const deleted = await saveCalendar(farmer);
    const textsBefore = fakes.texts.length;

    const occurrences = await listCalendarOccurrences(
      testApp.database.db,
      kept,
      "2026-03-02",
      "2026-04-08",
    );
    const dueDates = [...new Set(occurrences.map((occurrence) => occurrence.date))];
    expect(dueDates.length).toBeGreaterThan(0);

    const sentDays: Record<string, string[]> = {};
    for (let day = "2026-03-02" as IsoDate; day <= "2026-04-01"; day = addDays(day, 1)) {
      if (day === "2026-03-05") {
        const response = await testApp.app.inject(
          asUser(farmer.token, { method: "DELETE", url: `/api/calendars/${deleted}` }),
        );
        expect(response.statusCode).toBe(204);
        await testApp.whenIdle();
      }
      const before = fakes.texts.length;
      await runDay(day, sender);
      // A second run the same morning sends nothing more.
      await sender.sendDueReminders();
      sentDays[day] = fakes.texts
        .slice(before)
        .filter((text) => text.to === farmer.phone)
        .map((text) => text.body);
    }

    const texts = fakes.texts.slice(textsBefore).filter((text) => text.to === farmer.phone);
    const keys = texts.map((text) => text.idempotencyKey);
    expect(new Set(keys).size).toBe(keys.length);
    // One text per due day, however many shots (and calendars) fall on it.
    const textDays = texts.map((text) => /due \w+ (\d+ \w+ \d{4})/.exec(text.body)?.[1]);
    expect(new Set(textDays).size).toBe(textDays.length);
    for (const text of texts) {
      expect(text.body.length).toBeLessThanOrEqual(160);
      expect(text.body).toMatch(/Reply STOP to end texts\.$/);
    }
    const ledger = await readLedger(kept);
    const sentSms = ledger.filter((row) => row.channel === "sms" && row.status === "sent");
    expect(new Set(sentSms.map((row) => row.due_date)).size).toBe(texts.length);
    // The deleted calendar's later reminders were cancelled, never sent.
    const deletedRows = await readLedger(deleted);
    const laterDeleted = deletedRows.filter((row) => row.due_date > "2026-03-12");
    expect(laterDeleted.length).toBeGreaterThan(0);
    expect(laterDeleted.every((row) => row.status === "cancelled")).toBe(true);
    expect(laterDeleted[0]?.reason).toBe("The calendar was deleted.");

    // E-mails: one per due day, with the PDF attached, plain text and HTML, and the unsubscribe link.
    const mails = fakes.mails.filter((mail) => mail.to.includes(farmer.email ?? ""));
    expect(mails.length).toBe(texts.length);
    const mail = mails.at(-1)?.raw ?? "";
    expect(mail).toMatch(/Content-Type: application\/pdf; name=calendar-\d+\.pdf/);
    expect(mail).toMatch(/Content-Type: text\/plain/);
    expect(mail).toMatch(/Content-Type: text\/html/);
    expect(mail).toMatch(
      /^List-Unsubscribe:\s+<https:\/\/vaxcal\.example\/api\/reminders\/unsubscribe\?/m,
    );
    expect(mail).not.toContain(`calendar-${deleted}.pdf`);
    // It greets the farmer by name, and its button opens the settings page, not a 404.
    expect(mail).toContain("Hello Mary,");
    expect(mail).toMatch(/^https:\/\/vaxcal\.example\/settings$/m);
    close();
  });

  it("sends a moved shot's reminder for its new date only, and sends at 08:00 UTC on the day clocks go forward", async () => {
    now = new Date("2026-03-02T09:00:00Z");
    const { sender, close } = createSender();
    const farmer = await createFarmer({});
    const engine = buildEngineCalendar();
    const first = engine.diseases[0]?.shots.find((shot) => !shot.isMirroredCopy);
    if (!first) throw new Error("no shot");
    const calendarId = await saveCalendar(farmer);
    const edited = editCalendar(engine, "2026-04-05", "2026-04-20");
    const response = await testApp.app.inject(
      asUser(farmer.token, {
        method: "PUT",
        url: `/api/calendar/${calendarId}`,
        payload: buildSubmitPayload(edited, undefined, { action: "update", calendarId }),
      }),
    );
    expect(response.statusCode).toBe(200);
    await testApp.whenIdle();
    const ledger = await readLedger(calendarId);
    if (first.date && first.date >= "2026-03-02" && first.date <= "2026-04-09") {
      expect(ledger.find((row) => row.due_date === first.date && row.status === "planned")).toBe(
        undefined,
      );
    }
    expect(ledger.filter((row) => row.due_date === "2026-04-05").map((row) => row.status)).toEqual([
      "planned",
      "planned",
    ]);

    const textsFor = () =>
      fakes.texts.filter((text) => text.to === farmer.phone && text.body.includes("5 April 2026"));
    now = new Date("2026-03-29T07:59:00Z");
    await sender.sendDueReminders();
    expect(textsFor()).toHaveLength(0);
    now = new Date("2026-03-29T08:00:00Z");
    await sender.sendDueReminders();
    expect(textsFor()).toHaveLength(1);
    expect(readIrishToday(now)).toBe("2026-03-29");
    close();
  });

  it("sends nothing to an unverified mobile or an opted-out e-mail, and the other channel still goes", async () => {
    now = new Date("2026-03-02T09:00:00Z");
    const { sender, close } = createSender();
    const unverified = await createFarmer({ phoneVerified: false });
    const optedOut = await createFarmer({ emails: false });
    const calendarA = await saveCalendar(unverified, "2026-03-20", "2026-04-20");
    const calendarB = await saveCalendar(optedOut, "2026-03-20", "2026-04-20");
    now = new Date("2026-03-13T09:00:00Z");
    await sender.sendDueReminders();
    expect(fakes.texts.filter((text) => text.to === unverified.phone)).toHaveLength(0);
    expect(fakes.mails.filter((mail) => mail.to.includes(unverified.email ?? ""))).not.toHaveLength(
      0,
    );
    expect(fakes.mails.filter((mail) => mail.to.includes(optedOut.email ?? ""))).toHaveLength(0);
    expect(fakes.texts.filter((text) => text.to === optedOut.phone)).not.toHaveLength(0);
    expect((await readLedger(calendarA)).some((row) => row.channel === "sms")).toBe(false);
    expect((await readLedger(calendarB)).some((row) => row.channel === "email")).toBe(false);
    close();
  });

  it("records a failure with its reason, retries with back-off, and shows it in the reminders' status", async () => {
    now = new Date("2026-03-02T09:00:00Z");
    const { sender, close } = createSender();
    const farmer = await createFarmer({ emails: false });
    await saveCalendar(farmer, "2026-03-20", "2026-04-20");
    now = new Date("2026-03-13T09:00:00Z");
    fakes.failTexts(100);
    for (let attempt = 0; attempt < 6; attempt += 1) {
      await sender.sendDueReminders();
      now = new Date(now.getTime() + 7 * 60 * 60_000);
    }
    fakes.failTexts(0);
    expect(fakes.texts.filter((text) => text.to === farmer.phone)).toHaveLength(0);
    const response = await testApp.app.inject(
      asUser(farmer.token, { method: "GET", url: "/api/user/reminders" }),
    );
    expect(response.statusCode).toBe(200);
    const body = response.json<{
      failures: { channel: string; recipient: string; reason: string }[];
    }>();
    expect(body.failures[0]).toMatchObject({
      channel: "sms",
      recipient: `0${farmer.phone?.slice(4, 6)}…`,
      reason: expect.stringContaining("HTTP 500") as string,
    });
    close();
  });

  it("after downtime, sends what is due while the shot is ahead and skips, with the reason, what has passed", async () => {
    now = new Date("2026-03-02T09:00:00Z");
    const { sender, close } = createSender();
    const farmer = await createFarmer({ emails: false });
    const calendarId = await saveCalendar(farmer, "2026-03-20", "2026-03-24");
    // Nothing ran from 12 to 22 March: the 20 March shot has passed, the 24 March one is ahead.
    now = new Date("2026-03-22T10:30:00Z");
    await planAllReminders(testApp.database.db, clock);
    await sender.sendDueReminders();
    const ledger = await readLedger(calendarId);
    expect(ledger.find((row) => row.due_date === "2026-03-20")).toMatchObject({
      status: "skipped",
      reason: "The shot date had passed before the reminder could be sent.",
    });
    expect(ledger.find((row) => row.due_date === "2026-03-24")?.status).toBe("sent");
    close();
  });

  it("hands each planned page of a catch-up over at once, so sends start before the last page is planned", async () => {
    now = new Date("2026-03-02T09:00:00Z");
    const ids: number[] = [];
    for (let farm = 0; farm < 3; farm += 1) {
      ids.push(
        await saveCalendar(await createFarmer({ emails: false }), "2026-03-20", "2026-03-24"),
      );
    }
    const idList = sql.raw(ids.join(","));
    // As if their plan jobs never ran: the catch-up is what plans them.
    await testApp.database.db.execute(
      sql`DELETE FROM reminder_deliveries WHERE calendar_id IN (${idList})`,
    );
    const plannedAtEachPage: number[] = [];
    await planAllReminders(testApp.database.db, clock, {
      calendarsPerPage: 1,
      afterPage: async () => {
        const { rows } = await testApp.database.db.execute(sql`
          SELECT count(DISTINCT calendar_id)::int AS planned FROM reminder_deliveries
          WHERE calendar_id IN (${idList})`);
        plannedAtEachPage.push(Number(rows[0]?.planned));
      },
    });
    // One hand-over per page, each seeing exactly the calendars planned so far.
    expect(plannedAtEachPage).toContain(1);
    expect(plannedAtEachPage).toContain(2);
    expect(plannedAtEachPage.at(-1)).toBe(3);
  });

  it("sends nothing about a shot marked as given, and still reminds of the others", async () => {
    now = new Date("2026-03-02T09:00:00Z");
    const { sender, close } = createSender();
    const farmer = await createFarmer({ emails: false });
    const engine = buildEngineCalendar();
    const first = engine.diseases[0]?.shots.find((shot) => !shot.isMirroredCopy);
    if (!first) throw new Error("no shot");
    const calendarId = await saveCalendar(farmer, "2026-03-20", "2026-03-21");
    const marked = await testApp.app.inject(
      asUser(farmer.token, {
        method: "PUT",
        url: `/api/calendars/${calendarId}/given-shots/${encodeURIComponent(first.id)}`,
        payload: { givenOn: "2026-03-02", batch: "A123" },
      }),
    );
    expect(marked.statusCode).toBe(200);
    now = new Date("2026-03-14T09:00:00Z");
    await sender.sendDueReminders();
    const texts = fakes.texts.filter((text) => text.to === farmer.phone);
    expect(texts.some((text) => text.body.includes("20 March"))).toBe(false);
    expect(texts.some((text) => text.body.includes("21 March"))).toBe(true);
    const ledger = await readLedger(calendarId);
    expect(ledger.find((row) => row.due_date === "2026-03-20")).toMatchObject({
      status: "cancelled",
      reason: "The shot was marked as given.",
    });
    close();
  });

  it("reconciles a text the provider accepted before the worker could mark it, instead of sending it again", async () => {
    now = new Date("2026-03-02T09:00:00Z");
    const farmer = await createFarmer({ emails: false });
    await saveCalendar(farmer, "2026-03-20", "2026-04-20");
    const twilio = createTwilioSmsTransport(fakes.twilio);
    const pdfs = createCalendarPdfReader({
      db: testApp.database.db,
      clock,
      secret: "s".repeat(32),
      publicUrl: "https://vaxcal.example",
    });
    // Twilio accepts the text, then the answer is lost (a crash or a cut connection).
    const sender = createReminderSender({
      db: testApp.database.db,
      clock,
      mail: undefined,
      sms: {
        send: async (message) => {
          await twilio.send(message);
          throw new Error("connection reset before the answer");
        },
        wasAccepted: twilio.wasAccepted,
      },
      renderCalendarPdf: pdfs.read,
      secret: "s".repeat(32),
      publicUrl: "https://vaxcal.example",
      log,
    });
    now = new Date("2026-03-13T09:00:00Z");
    await sender.sendDueReminders();
    const sent = () =>
      fakes.texts.filter((text) => text.to === farmer.phone && text.body.includes("20 March"));
    expect(sent()).toHaveLength(1);
    now = new Date("2026-03-13T09:02:00Z");
    await sender.sendDueReminders();
    expect(sent()).toHaveLength(1);
    const { rows } = await testApp.database.db.execute(sql`
      SELECT status, attempts FROM reminder_deliveries WHERE user_id = ${farmer.id}
        AND due_date = '2026-03-20'`);
    expect(rows).toEqual([{ status: "sent", attempts: 2 }]);
    pdfs.close();
  });

  it("turns e-mail reminders off from the signed link, and refuses a forged one", async () => {
    now = new Date("2026-03-02T09:00:00Z");
    const farmer = await createFarmer({});
    const { buildUnsubscribeUrl } = await import("./unsubscribe-link.ts");
    const url = new URL(
      buildUnsubscribeUrl("https://vaxcal.example", "wrong-secret", farmer.id, farmer.email ?? ""),
    );
    const forged = await testApp.app.inject({ method: "GET", url: `${url.pathname}${url.search}` });
    expect(forged.statusCode).toBe(400);
    const status = await testApp.app.inject(
      asUser(farmer.token, { method: "GET", url: "/api/user/reminders" }),
    );
    expect(status.json()).toMatchObject({ email_reminders: true, text_reminders: true });
  });
});
