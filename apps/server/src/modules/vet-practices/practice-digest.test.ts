import { PracticeDigestSettingSchema } from "@vaxcal/contracts";
import { addDays, type IsoDate } from "@vaxcal/schedule";
import { sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBackgroundJobs } from "../../app.ts";
import { resolveSigningSecret } from "../../config.ts";
import { listCalendarOccurrences } from "../calendars/index.ts";
import { findWeekStart } from "../../lib/clock.ts";
import { createSmtpMailTransport } from "../../mail/mail-transport.ts";
import { buildEngineCalendar, buildSubmitPayload } from "../../test/calendars.ts";
import { createPracticeDosesDueReader } from "./vet-dashboard.service.ts";
import {
  asUser,
  logIn,
  nextClientAddress,
  registerUser,
  type RegisteredUser,
} from "../../test/accounts.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { buildVetRegistration } from "../../test/vet-practices.ts";
import {
  startLoopbackFakes,
  type LoopbackFakes,
  type RecordedMail,
} from "../../test/loopback-fakes.ts";
import {
  createPracticeDigestSender,
  digestReasons,
  findDigestSendAt,
} from "./practice-digest.service.ts";

/*
 * The weekly practice digest (decision 602) against real PostgreSQL and the loopback SMTP relay,
 * with a clock the test moves: practices registered and farmers linked and saving calendars
 * through the API, then the Monday job run as the worker runs it.
 */

let now = new Date("2026-01-05T12:00:00Z");
const clock = () => now;
let testApp: TestApp;
let fakes: LoopbackFakes;
const log = pino({ level: "silent" });

type Practice = { id: number; token: string; email: string };

let practice: Practice;
let linkedFarmer: RegisteredUser;
let calendarId = 0;
let unlinkedCalendarId = 0;

async function registerPractice(name: string): Promise<Practice> {
  const payload = buildVetRegistration({
    vet_practice_name: name,
    vet_practice_email: `${name.replace(/\W/g, "").toLowerCase()}@vets.example.ie`,
  });
  const email = payload.vet_practice_email;
  const response = await testApp.app.inject({
    method: "POST",
    url: "/api/vet/register",
    remoteAddress: nextClientAddress(),
    payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  await setPracticeVerified(email, true);
  const found = await testApp.database.pool.query<{ id: number }>(
    "SELECT id FROM vet_practices WHERE email = $1",
    [email],
  );
  return { id: found.rows[0]?.id ?? 0, token: response.json<{ token: string }>().token, email };
}

/** The practice's e-mail is its manager's login, verified by the usual signed link. */
async function setPracticeVerified(email: string, verified: boolean): Promise<void> {
  await testApp.database.db.execute(
    sql`UPDATE users SET email_verified_at = ${verified ? now : null} WHERE email = ${email}`,
  );
}

async function saveCalendar(farmer: RegisteredUser): Promise<number> {
  const response = await testApp.app.inject(
    asUser(farmer.token, {
      method: "POST",
      url: "/api/calendar",
      payload: buildSubmitPayload(buildEngineCalendar()),
    }),
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ calendar: { id: number } }>().calendar.id;
}

function createDigest() {
  return createPracticeDigestSender({
    db: testApp.database.db,
    clock,
    mail: createSmtpMailTransport(fakes.smtp),
    readPracticeDosesDue: createPracticeDosesDueReader(testApp.database.db),
    // The app's own key, so the e-mail's link works against the app's route.
    secret: resolveSigningSecret(testApp.config),
    publicUrl: "https://vaxcal.example",
    log,
  });
}

function mailsTo(email: string): RecordedMail[] {
  return fakes.mails.filter((mail) => mail.to.includes(email));
}

/** The text/plain part of a raw message, quoted-printable decoded. */
function readText(mail: RecordedMail): string {
  const part = /Content-Type: text\/plain[^]*?\r?\n\r?\n([^]*?)\r?\n--/i.exec(mail.raw)?.[1] ?? "";
  const joined = part.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let index = 0; index < joined.length; index += 1) {
    const hex = joined.slice(index + 1, index + 3);
    if (joined[index] === "=" && /^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      index += 2;
    } else bytes.push(...Buffer.from(joined[index] ?? ""));
  }
  return Buffer.from(bytes).toString("utf8").replace(/\r\n/g, "\n");
}

function readSubject(mail: RecordedMail): string {
  return /^Subject: (.*)$/im.exec(mail.raw)?.[1]?.trim() ?? "";
}

async function readDigestRows(practiceId: number) {
  const { rows } = await testApp.database.db.execute(sql`
    SELECT due_date::text AS due_date, status, reason, send_at, recipient FROM reminder_deliveries
    WHERE kind = 'practice_digest' AND occurrence_key = ${`practice-${practiceId}`}
    ORDER BY due_date`);
  return rows as {
    due_date: string;
    status: string;
    reason: string | null;
    send_at: string;
    recipient: string;
  }[];
}

/** The Mondays whose fortnight holds one of the linked farmer's shots, in the year's order. */
async function findMondaysWithShots(): Promise<{ monday: IsoDate; dates: IsoDate[] }[]> {
  const occurrences = await listCalendarOccurrences(
    testApp.database.db,
    calendarId,
    "2026-01-05",
    "2026-12-31",
  );
  const mondays = [...new Set(occurrences.map((occurrence) => findWeekStart(occurrence.date)))];
  return mondays.map((monday) => ({
    monday,
    dates: occurrences
      .map((occurrence) => occurrence.date)
      .filter((date) => date >= monday && date <= addDays(monday, 13)),
  }));
}

beforeAll(async () => {
  fakes = await startLoopbackFakes();
  testApp = await createTestApp({ appSecret: "digest-test-secret-digest-test-secret" }, clock);
  practice = await registerPractice("Glenbeg Farm Vets");
  linkedFarmer = await registerUser(testApp.app, {
    vet_id: practice.id,
    farmer_name: "Hill Farm",
    herd_size: "51-100",
  });
  calendarId = await saveCalendar(linkedFarmer);
  const unlinked = await registerUser(testApp.app, { farmer_name: "Faraway Farm" });
  unlinkedCalendarId = await saveCalendar(unlinked);
  await testApp.whenIdle();
});

afterAll(async () => {
  await testApp?.close();
  await fakes?.close();
});

describe("send time, 08:00 on Monday in Ireland", () => {
  it("is 08:00 UTC in winter and 07:00 UTC in summer, on the Mondays after both changes too", () => {
    // Clocks go forward on Sunday 29 March 2026 and back on Sunday 25 October 2026.
    expect(findDigestSendAt("2026-03-23").toISOString()).toBe("2026-03-23T08:00:00.000Z");
    expect(findDigestSendAt("2026-03-30").toISOString()).toBe("2026-03-30T07:00:00.000Z");
    expect(findDigestSendAt("2026-10-19").toISOString()).toBe("2026-10-19T07:00:00.000Z");
    expect(findDigestSendAt("2026-10-26").toISOString()).toBe("2026-10-26T08:00:00.000Z");
  });
});

describe("the weekly practice digest", () => {
  it("is sent once through SMTP at 08:00 Dublin on a winter Monday and lists the linked farmer's shots only", async () => {
    const weeks = await findMondaysWithShots();
    const winter = weeks.find((week) => week.monday < "2026-03-23" && week.monday > "2026-01-05");
    if (!winter) throw new Error("the calendar has no shot in a winter fortnight");
    const digest = createDigest();
    const before = mailsTo(practice.email).length;

    // 07:59 in Ireland (GMT): not yet.
    now = new Date(`${winter.monday}T07:59:00Z`);
    expect(await digest.runDigests()).toEqual({ planned: 0, sent: 0 });
    expect(mailsTo(practice.email).length).toBe(before);

    now = new Date(`${winter.monday}T08:00:00Z`);
    const first = await digest.runDigests();
    expect(first.sent).toBe(1);
    const mails = mailsTo(practice.email).slice(before);
    expect(mails.length).toBe(1);
    const mail = mails[0] as RecordedMail;
    expect(readSubject(mail)).toBe("Doses due this week and next: Glenbeg Farm Vets");
    expect(mail.messageId).toMatch(/^dig-\d+\.digest@vaxcal\.example$/);
    const text = readText(mail);
    expect(text).toContain("This week, from ");
    expect(text).toContain("Hill Farm (Mary Murphy), Cows, ");
    expect(text).toContain("51 to 100 doses");
    expect(text).not.toContain("Faraway Farm");
    // Every date of the farmer's shots that fortnight is listed, in the dashboard's words.
    for (const date of winter.dates) {
      const day = Number(date.slice(8, 10));
      expect(text).toMatch(new RegExp(`- \\w{3} ${day} \\w+ 2026: Hill Farm`));
    }
    expect(text).toContain("https://vaxcal.example/vet/dashboard");
    expect(mail.raw).toMatch(
      /^List-Unsubscribe:\s+<https:\/\/vaxcal\.example\/api\/vet\/digest\/unsubscribe\?/m,
    );
    expect(mail.raw).toMatch(/Content-Type: text\/html/);

    // Running the job again that morning, later that week, or on another worker sends nothing.
    now = new Date(`${winter.monday}T08:00:30Z`);
    expect(await digest.runDigests()).toEqual({ planned: 0, sent: 0 });
    now = new Date(`${addDays(winter.monday, 2)}T10:00:00Z`);
    expect(await createDigest().runDigests()).toEqual({ planned: 0, sent: 0 });
    expect(mailsTo(practice.email).length).toBe(before + 1);
    const rows = await readDigestRows(practice.id);
    expect(rows.filter((row) => row.due_date === winter.monday)).toMatchObject([
      { status: "sent", recipient: practice.email },
    ]);
    expect(unlinkedCalendarId).toBeGreaterThan(0);
  });

  it("is sent at 07:00 UTC on a summer Monday (08:00 Irish Summer Time), not at 06:59", async () => {
    const weeks = await findMondaysWithShots();
    const summer = weeks.find((week) => week.monday >= "2026-03-30" && week.monday < "2026-10-19");
    if (!summer) throw new Error("the calendar has no shot in a summer fortnight");
    const digest = createDigest();
    const before = mailsTo(practice.email).length;
    now = new Date(`${summer.monday}T06:59:00Z`);
    expect(await digest.runDigests()).toEqual({ planned: 0, sent: 0 });
    now = new Date(`${summer.monday}T07:00:00Z`);
    expect((await digest.runDigests()).sent).toBe(1);
    expect(mailsTo(practice.email).length).toBe(before + 1);
    const row = (await readDigestRows(practice.id)).find((r) => r.due_date === summer.monday);
    expect(new Date(row?.send_at ?? "").toISOString()).toBe(`${summer.monday}T07:00:00.000Z`);
  });

  it("sends nothing to a practice that opted out, and the e-mail's one-click link opts out", async () => {
    const weeks = await findMondaysWithShots();
    const [first, second] = weeks.filter((week) => week.monday > "2026-10-26");
    if (!first || !second) throw new Error("the calendar has too few autumn shots");
    const digest = createDigest();
    // Months have passed on the test clock: sign in afresh.
    now = new Date(`${addDays(first.monday, -1)}T12:00:00Z`);
    const signIn = async (username: string, password: string) =>
      (await logIn(testApp.app, username, password)).json<{ token: string }>().token;
    const managerToken = await signIn(practice.email, "pasture-gate-91");
    const farmerToken = await signIn(linkedFarmer.email ?? "", linkedFarmer.password);

    // The manager turns the digest off on the dashboard.
    const off = await testApp.app.inject(
      asUser(managerToken, {
        method: "PUT",
        url: "/api/vet/digest",
        payload: { digest_emails: false },
      }),
    );
    expect(off.statusCode, off.body).toBe(200);
    expect(PracticeDigestSettingSchema.parse(off.json())).toEqual({
      digest_emails: false,
      email_verified: true,
    });
    const before = mailsTo(practice.email).length;
    now = findDigestSendAt(first.monday);
    expect(await digest.runDigests()).toEqual({ planned: 0, sent: 0 });
    expect(mailsTo(practice.email).length).toBe(before);

    // On again: the next Monday's digest goes out, and its link turns the digest off.
    const on = await testApp.app.inject(
      asUser(managerToken, {
        method: "PUT",
        url: "/api/vet/digest",
        payload: { digest_emails: true },
      }),
    );
    expect(on.json()).toEqual({ digest_emails: true, email_verified: true });
    now = findDigestSendAt(second.monday);
    expect((await digest.runDigests()).sent).toBe(1);
    const link = /(https:\/\/vaxcal\.example\/api\/vet\/digest\/unsubscribe\?\S+)/.exec(
      readText(mailsTo(practice.email).at(-1) as RecordedMail),
    )?.[1];
    if (!link) throw new Error("no unsubscribe link");
    const path = link.replace("https://vaxcal.example", "");
    const forged = await testApp.app.inject({
      method: "GET",
      url: path.replace(`practice=${practice.id}`, `practice=${practice.id + 1}`),
    });
    expect(forged.statusCode).toBe(400);
    const unsubscribed = await testApp.app.inject({ method: "GET", url: path });
    expect(unsubscribed.statusCode).toBe(200);
    expect(unsubscribed.body).toContain("The weekly digest is off");
    const setting = await testApp.app.inject(
      asUser(managerToken, { method: "GET", url: "/api/vet/digest" }),
    );
    expect(setting.json()).toEqual({ digest_emails: false, email_verified: true });

    // A farmer has no digest setting to read or change.
    const farmerCall = await testApp.app.inject(
      asUser(farmerToken, {
        method: "PUT",
        url: "/api/vet/digest",
        payload: { digest_emails: true },
      }),
    );
    expect(farmerCall.statusCode).toBe(404);
    const bad = await testApp.app.inject(
      asUser(managerToken, { method: "PUT", url: "/api/vet/digest", payload: { on: true } }),
    );
    expect(bad.statusCode).toBe(400);
  });

  it("goes only to a verified practice e-mail, and a practice with nothing due gets no e-mail", async () => {
    // Linked while verified; the address then stopped being a verified one.
    const unverified = await registerPractice("Unverified Vets");
    const idle = await registerPractice("Quiet Vets");
    const farmer = await registerUser(testApp.app, { vet_id: unverified.id });
    await setPracticeVerified(unverified.email, false);
    await saveCalendar(farmer);
    const weeks = await findMondaysWithShots();
    const monday = weeks.at(-1)?.monday;
    if (!monday) throw new Error("no shots");
    const setting = await testApp.app.inject(
      asUser(unverified.token, { method: "GET", url: "/api/vet/digest" }),
    );
    expect(setting.json()).toEqual({ digest_emails: true, email_verified: false });

    now = findDigestSendAt(monday);
    await createDigest().runDigests();
    expect(mailsTo(unverified.email)).toEqual([]);
    expect(await readDigestRows(unverified.id)).toEqual([]);
    expect(mailsTo(idle.email)).toEqual([]);
    expect(await readDigestRows(idle.id)).toMatchObject([
      { due_date: monday, status: "skipped", reason: digestReasons.nothingDue },
    ]);
  });

  it("goes out once from the pg-boss workers started on a Monday morning, with two workers", async () => {
    await testApp.database.db.execute(
      sql`UPDATE vet_practices SET digest_emails = true WHERE id = ${practice.id}`,
    );
    const weeks = await findMondaysWithShots();
    // A Monday no other test used: the second winter one.
    const week = weeks.filter((candidate) => candidate.monday < "2026-03-30")[1];
    if (!week) throw new Error("the calendar has too few winter shots");
    now = new Date(findDigestSendAt(week.monday).getTime() + 5 * 60_000);
    const before = mailsTo(practice.email).length;
    const start = () =>
      startBackgroundJobs({
        config: {
          ...testApp.config,
          mail: fakes.smtp,
          publicUrl: "https://vaxcal.example",
          jobsTickSeconds: 1,
        },
        database: testApp.database,
        connectionString: testApp.database.connectionString,
        runWorkers: true,
        clock,
      });
    // Both at once, as two nodes starting together (jobs.ts sets pg-boss up one node at a time).
    const workers = await Promise.all([start(), start()]);
    try {
      const deadline = Date.now() + 30_000;
      while (mailsTo(practice.email).length === before && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      // Both workers have ticked a few times since.
      await new Promise((resolve) => setTimeout(resolve, 3_000));
    } finally {
      await Promise.all(workers.map((jobs) => jobs.stop()));
    }
    const sent = mailsTo(practice.email).slice(before);
    expect(sent.length).toBe(1);
    expect(readText(sent[0] as RecordedMail)).toContain("Hill Farm (Mary Murphy)");
    expect(
      (await readDigestRows(practice.id)).find((row) => row.due_date === week.monday),
    ).toMatchObject({
      status: "sent",
    });
  }, 60_000);
});
