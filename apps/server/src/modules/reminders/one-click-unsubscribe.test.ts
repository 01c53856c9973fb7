import type { IsoDate } from "@vaxcal/schedule";
import { addDays } from "@vaxcal/schedule";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asUser, registerUser } from "../../test/accounts.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { buildEngineCalendar, buildSubmitPayload } from "../../test/calendars.ts";
import { startLoopbackFakes, type LoopbackFakes } from "../../test/loopback-fakes.ts";
import { createLoopbackReminderSender } from "../../test/reminder-fixtures.ts";
import { planAllReminders } from "./plan-reminders.ts";
import { findReminderSendAt } from "./reminder-schedule.ts";

/*
 * RFC 8058 one-click unsubscribe as a mail app does it: it reads the List-Unsubscribe header of a
 * reminder e-mail that really went out, and POSTs `List-Unsubscribe=One-Click` to that URL as an
 * HTML form would (application/x-www-form-urlencoded), with no login and no cookie.
 */

const secret = "one-click-secret-one-click-secret-0123";
const publicUrl = "https://vaxcal.example";
let now = new Date("2026-03-02T09:00:00Z");
const clock = () => now;
let testApp: TestApp;
let fakes: LoopbackFakes;

beforeAll(async () => {
  fakes = await startLoopbackFakes();
  testApp = await createTestApp({ appSecret: secret, publicUrl }, clock);
});

afterAll(async () => {
  await testApp.close();
  await fakes.close();
});

/** A farmer with e-mail reminders on and a saved calendar, and the first reminder e-mail sent. */
async function receiveReminderEmail(): Promise<{ token: string; mail: string }> {
  const farmer = await registerUser(testApp.app);
  await testApp.database.db.execute(sql`
    UPDATE users SET email_verified_at = ${now}, notify_email = true, notify_phone = false
    WHERE id = ${farmer.id}`);
  const saved = await testApp.app.inject(
    asUser(farmer.token, {
      method: "POST",
      url: "/api/calendar",
      payload: buildSubmitPayload(buildEngineCalendar()),
    }),
  );
  expect(saved.statusCode).toBe(201);
  await testApp.whenIdle();
  const { sender, close } = createLoopbackReminderSender({
    db: testApp.database.db,
    clock,
    fakes,
    secret,
    publicUrl,
  });
  try {
    for (let day = "2026-03-02" as IsoDate; day <= "2026-04-30"; day = addDays(day, 1)) {
      now = findReminderSendAt(addDays(day, 7));
      await planAllReminders(testApp.database.db, clock);
      await sender.sendDueReminders();
      const mail = fakes.mails.find((sent) => sent.to.includes(farmer.email ?? ""));
      if (mail) return { token: farmer.token, mail: mail.raw };
    }
  } finally {
    await close();
  }
  throw new Error("no reminder e-mail was sent");
}

/** A header's value as a mail app reads it: folded lines joined. */
function readHeader(raw: string, name: string): string {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? "";
  const unfolded = head.replace(/\r?\n[ \t]+/g, " ");
  const line = unfolded.split(/\r?\n/).find((text) => text.toLowerCase().startsWith(`${name}:`));
  return line?.slice(name.length + 1).trim() ?? "";
}

describe("one-click unsubscribe from a mail app (RFC 8058)", () => {
  it("turns e-mail reminders off with the form-encoded POST a mail app sends to the e-mail's List-Unsubscribe URL", async () => {
    const { token, mail } = await receiveReminderEmail();
    expect(readHeader(mail, "list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    const link = /^<([^>]+)>$/.exec(readHeader(mail, "list-unsubscribe"))?.[1] ?? "";
    const url = new URL(link);
    expect(url.origin).toBe(publicUrl);

    const response = await testApp.app.inject({
      method: "POST",
      url: `${url.pathname}${url.search}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });

    expect(response.statusCode, response.body).toBeLessThan(300);
    const status = await testApp.app.inject(
      asUser(token, { method: "GET", url: "/api/user/reminders" }),
    );
    expect(status.json()).toMatchObject({ email_reminders: false });
  });

  it("also takes the multipart form RFC 8058 allows, and still refuses a forged signature", async () => {
    const { token, mail } = await receiveReminderEmail();
    const url = new URL(/^<([^>]+)>$/.exec(readHeader(mail, "list-unsubscribe"))?.[1] ?? "");
    const forged = new URL(url);
    forged.searchParams.set("signature", "A".repeat(43));
    const form = (path: string, contentType: string, payload: string) =>
      testApp.app.inject({
        method: "POST",
        url: path,
        headers: { "content-type": contentType },
        payload,
      });

    const refused = await form(
      `${forged.pathname}${forged.search}`,
      "application/x-www-form-urlencoded",
      "List-Unsubscribe=One-Click",
    );
    expect(refused.statusCode).toBe(400);
    const stillOn = await testApp.app.inject(
      asUser(token, { method: "GET", url: "/api/user/reminders" }),
    );
    expect(stillOn.json()).toMatchObject({ email_reminders: true });

    const boundary = "----FormBoundaryjWmhtjORrn";
    const multipart = `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`;
    const accepted = await form(
      `${url.pathname}${url.search}`,
      `multipart/form-data; boundary=${boundary}`,
      multipart,
    );
    expect(accepted.statusCode, accepted.body).toBeLessThan(300);
    const off = await testApp.app.inject(
      asUser(token, { method: "GET", url: "/api/user/reminders" }),
    );
    expect(off.json()).toMatchObject({ email_reminders: false });
  });

  it("keeps refusing form bodies on every other route", async () => {
    const response = await testApp.app.inject({
      method: "POST",
      url: "/api/login",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "username=a%40b.ie&password=x",
    });
    expect(response.statusCode).toBe(415);
  });
});
