import { SubmitCalendarResponseSchema } from "@vaxcal/contracts";
import { updateShotDate, type Calendar, type IsoDate } from "@vaxcal/schedule";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createMessageOutbox } from "../outbox/message-outbox.ts";
import { createVetChangeNoticeSender } from "../modules/reminders/index.ts";
import {
  asUser,
  createAccountsTestApp,
  readOutbox,
  registerUser,
  type AccountsTestApp,
  type RegisteredUser,
} from "../test/accounts.ts";
import {
  buildEngineCalendar,
  buildSubmitPayload,
  dairySpringCows,
  listOfferedDiseaseIds,
  testToday,
} from "../test/calendars.ts";
import { expectEveryLinkToOpenAPage } from "../test/message-links.ts";
import { registerVetPractice, type RegisteredPractice } from "../test/vet-practices.ts";

/*
 * Issue 25 item 2 (decisions 425, 427): when a vet of the linked practice changes a farmer's
 * calendar, the farmer gets one message on their reminder channels, once the vet has stopped
 * editing for the quiet period: before → after, and who changed it. The farmer's own edits send
 * nothing. The test clock starts on Monday 2 March 2026, 09:00.
 */

const quietMs = 5 * 60_000;
let testApp: AccountsTestApp;
let practice: RegisteredPractice;
let farmer: RegisteredUser;
let calendarId = 0;
let sender: ReturnType<typeof createVetChangeNoticeSender>;
const original: Calendar = buildEngineCalendar(dairySpringCows, listOfferedDiseaseIds(1, 2));
/** The first stored shot after today: the one the vet moves. */
const firstShot = original.diseases
  .flatMap((column) => column.shots.map((shot) => ({ shot, column })))
  .find(({ shot }) => !shot.isMirroredCopy && shot.date !== null && shot.date > testToday);
if (!firstShot?.shot.date) throw new Error("the calendar has no shot after today");
const oldDate: IsoDate = firstShot.shot.date;
const vaccineName = firstShot.column.vaccine?.name ?? "no vaccine";

function moveShot(calendar: Calendar, to: IsoDate): Calendar {
  const moved = updateShotDate(calendar, firstShot?.shot.id ?? "", to);
  if (!moved.ok) throw new Error(moved.error.message);
  return moved.value;
}

async function save(token: string, calendar: Calendar, withContact: boolean) {
  const { contact, ...payload } = buildSubmitPayload(calendar, dairySpringCows, {
    action: "update",
    calendarId,
  });
  const response = await testApp.app.inject(
    asUser(token, {
      method: "PUT",
      url: `/api/calendar/${calendarId}`,
      payload: withContact ? { ...payload, contact } : payload,
    }),
  );
  expect(response.statusCode, response.body).toBe(200);
  await testApp.whenIdle();
}

const vetSaves = (calendar: Calendar) => save(practice.token, calendar, false);
const farmerSaves = (calendar: Calendar) => save(farmer.token, calendar, true);

/** The change messages to the farmer so far (their e-mail and mobile), oldest first. */
async function readChangeMessages() {
  const messages = [
    ...(await readOutbox(testApp.database, farmer.email ?? "")),
    ...(await readOutbox(testApp.database, farmer.phone ?? "")),
  ];
  return messages
    .filter((message) => (message.bodyText ?? "").includes("changed your"))
    .sort((left, right) => left.id - right.id);
}

beforeAll(async () => {
  testApp = await createAccountsTestApp();
  practice = await registerVetPractice(testApp, {
    vet_practice_name: "Glenbeg Veterinary Clinic",
    veterinarian_name: "Seán",
    veterinarian_surname: "Kelly",
  });
  farmer = await registerUser(testApp.app, { vet_id: practice.id, name: "Aoife" });
  // The farmer's reminder channels: both verified and on.
  await testApp.database.db.execute(sql`
    UPDATE users SET email_verified_at = now(), phone_verified_at = now(),
      notify_phone = true, notify_email = true
    WHERE id = ${farmer.id}`);
  const saved = await testApp.app.inject(
    asUser(farmer.token, {
      method: "POST",
      url: "/api/calendar",
      payload: buildSubmitPayload(original),
    }),
  );
  expect(saved.statusCode, saved.body).toBe(201);
  calendarId = SubmitCalendarResponseSchema.parse(saved.json()).calendar.id;
  await testApp.whenIdle();
  const clock = testApp.clock.now;
  const outbox = createMessageOutbox({
    db: testApp.database.db,
    mail: undefined,
    sms: undefined,
    clock,
    log: testApp.app.log,
  });
  sender = createVetChangeNoticeSender({
    db: testApp.database.db,
    clock,
    outbox,
    publicUrl: testApp.config.publicUrl,
    quietMs,
    log: testApp.app.log,
  });
});
afterAll(() => testApp.close());

beforeEach(async () => {
  // Each case starts from the farmer's original plan, with nothing waiting to be told.
  await farmerSaves(original);
  testApp.clock.advanceMinutes(10);
  await sender.sendDueNotices();
});

describe("a vet's change told to the farmer", () => {
  it("sends one message per channel after the quiet period, naming before → after and the vet", async () => {
    const before = (await readChangeMessages()).length;
    await vetSaves(moveShot(original, "2026-04-15"));
    // While the vet may still be editing, nothing goes.
    testApp.clock.advanceMinutes(4);
    await sender.sendDueNotices();
    expect(await readChangeMessages()).toHaveLength(before);

    testApp.clock.advanceMinutes(2);
    await sender.sendDueNotices();
    const sent = (await readChangeMessages()).slice(before);
    expect(sent.map((message) => message.channel).sort()).toEqual(["email", "sms"]);
    const moved = new RegExp(
      `${vaccineName} moved from \\w{3} \\d{1,2} \\w{3} to Wed 15 Apr 2026\\.`,
    );
    const text = sent.find((message) => message.channel === "sms");
    expect(text?.bodyText).toMatch(
      /^VaxCal: Glenbeg Veterinary Clinic changed your Cows calendar: /,
    );
    expect(text?.bodyText).toMatch(moved);
    const email = sent.find((message) => message.channel === "email");
    expect(email?.subject).toBe("Glenbeg Veterinary Clinic changed your Cows calendar");
    expect(email?.bodyText).toContain("Hello Aoife,");
    expect(email?.bodyText).toContain(
      "Seán Kelly of Glenbeg Veterinary Clinic changed your Cows calendar:",
    );
    expect(email?.bodyText).toMatch(moved);
    expect(email?.bodyText).toContain(`/calendar/${calendarId}`);
    // Issue 25: every link a message carries opens one of the web app's pages.
    for (const message of sent) {
      expectEveryLinkToOpenAPage(
        { text: message.bodyText ?? "", html: message.bodyHtml ?? "" },
        testApp.config.publicUrl,
      );
    }
    // The farm's feed link is the farmer's own and is not in the vet's name (decision 412).
    for (const message of sent) expect(message.bodyText).not.toContain("/feed/");

    // Told once: the next sweep sends nothing more.
    testApp.clock.advanceMinutes(10);
    await sender.sendDueNotices();
    expect((await readChangeMessages()).slice(before)).toHaveLength(2);
  });

  it("folds a run of autosaves into one message, from the first before to the last after", async () => {
    const before = (await readChangeMessages()).length;
    await vetSaves(moveShot(original, "2026-04-10"));
    testApp.clock.advanceMinutes(3);
    await vetSaves(moveShot(original, "2026-04-20"));
    // Five minutes after the first save, but only three after the last: still quiet.
    testApp.clock.advanceMinutes(3);
    await sender.sendDueNotices();
    expect(await readChangeMessages()).toHaveLength(before);

    testApp.clock.advanceMinutes(3);
    await sender.sendDueNotices();
    const sent = (await readChangeMessages()).slice(before);
    expect(sent).toHaveLength(2);
    for (const message of sent) {
      expect(message.bodyText).toMatch(/moved from \w{3} \d{1,2} \w{3} to Mon 20 Apr 2026\./);
      expect(message.bodyText).not.toContain("10 Apr");
    }
  });

  it("goes only on the channels the farmer keeps on for reminders", async () => {
    await testApp.database.db.execute(sql`
      UPDATE users SET notify_phone = false WHERE id = ${farmer.id}`);
    try {
      const before = (await readChangeMessages()).length;
      await vetSaves(moveShot(original, "2026-04-15"));
      testApp.clock.advanceMinutes(6);
      await sender.sendDueNotices();
      const sent = (await readChangeMessages()).slice(before);
      expect(sent.map((message) => message.channel)).toEqual(["email"]);
    } finally {
      await testApp.database.db.execute(sql`
        UPDATE users SET notify_phone = true WHERE id = ${farmer.id}`);
    }
  });

  it("sends nothing for the farmer's own change", async () => {
    const before = (await readChangeMessages()).length;
    await farmerSaves(moveShot(original, "2026-04-15"));
    testApp.clock.advanceMinutes(10);
    await sender.sendDueNotices();
    expect(await readChangeMessages()).toHaveLength(before);
  });

  it("sends nothing when the vet moves the shot back before the message went", async () => {
    const before = (await readChangeMessages()).length;
    await vetSaves(moveShot(original, "2026-04-15"));
    testApp.clock.advanceMinutes(1);
    await vetSaves(original);
    testApp.clock.advanceMinutes(10);
    await sender.sendDueNotices();
    expect(await readChangeMessages()).toHaveLength(before);
  });

  it("moves the reminders to the new date, and says so when the old date's had gone", async () => {
    // The reminder for the old date went out (by text) before the vet moved the shot.
    await testApp.database.db.execute(sql`
      INSERT INTO reminder_deliveries (kind, user_id, calendar_id, occurrence_key, channel,
        recipient, due_date, send_at, status, next_attempt_at, sent_at, created_at, updated_at)
      VALUES ('shot', ${farmer.id}, ${calendarId}, ${firstShot?.shot.id}, 'sms', ${farmer.phone},
        ${oldDate}, now(), 'sent', now(), now(), now(), now())
      ON CONFLICT ON CONSTRAINT reminder_deliveries_once DO UPDATE SET status = 'sent'`);
    const before = (await readChangeMessages()).length;
    await vetSaves(moveShot(original, "2026-03-20"));
    const planned = await testApp.database.db.execute<{ due_date: string }>(sql`
      SELECT due_date::text AS due_date FROM reminder_deliveries
      WHERE calendar_id = ${calendarId} AND occurrence_key = ${firstShot?.shot.id}
        AND status = 'planned'`);
    expect(planned.rows.map((row) => row.due_date)).toEqual(["2026-03-20", "2026-03-20"]);

    testApp.clock.advanceMinutes(6);
    await sender.sendDueNotices();
    const sent = (await readChangeMessages()).slice(before);
    expect(sent).toHaveLength(2);
    const oldDay = new Intl.DateTimeFormat("en-IE", {
      day: "numeric",
      month: "short",
      timeZone: "UTC",
    }).format(new Date(`${oldDate}T12:00:00Z`));
    for (const message of sent) {
      expect(message.bodyText).toContain(
        `The reminder for ${oldDay} was already sent; the new date will get its own.`,
      );
    }
  });
});
