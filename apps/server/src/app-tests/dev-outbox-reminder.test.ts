import { addDays } from "@vaxcal/schedule";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readIrishToday } from "../lib/clock.ts";
import { planAllReminders } from "../modules/reminders/index.ts";
import { createTestApp, type TestApp } from "../test/app.ts";
import { readPdfText } from "../test/calendars.ts";
import { createFarmsWithShotOn, createLoopbackReminderSender } from "../test/reminder-fixtures.ts";

/*
 * "See a reminder arrive" (README, issue 25 item 10): with no mail or text settings, a reminder
 * e-mail is held for /dev/outbox with its calendar's PDF, which the page lists and opens.
 */

const now = new Date("2026-03-02T10:00:00Z");
const clock = () => now;
let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp({}, clock);
  // Farm 1 gets texts, farm 2 e-mails; each has a shot in 7 days.
  await createFarmsWithShotOn(testApp.database.db, {
    count: 2,
    dueDate: addDays(readIrishToday(now), 7),
    emailEvery: 2,
    tag: "outbox",
  });
  const { sender, close } = createLoopbackReminderSender({ db: testApp.database.db, clock });
  await planAllReminders(testApp.database.db, clock);
  await sender.sendDueReminders();
  await close();
});

afterAll(() => testApp.close());

const openOutbox = (headers: Record<string, string> = {}) =>
  testApp.app.inject({ method: "GET", url: "/dev/outbox", headers });

describe("a reminder held for /dev/outbox", () => {
  it("shows the text and the e-mail, with the e-mail's calendar PDF listed", async () => {
    const page = (await openOutbox()).body;
    expect(page).toContain("Text to +353870000001");
    expect(page).toContain("E-mail to outbox.2@farms.example");
    expect(page).toMatch(
      /Attached:<\/p>\s*<ul>\s*<li><a href="\/dev\/outbox\/attachments\/\d+">calendar-\d+\.pdf<\/a> \(application\/pdf, \d+ kB\)<\/li>/,
    );
  });

  it("opens the PDF in the browser", async () => {
    const page = (await openOutbox()).body;
    const link = /href="(\/dev\/outbox\/attachments\/\d+)"/.exec(page)?.[1];
    const response = await testApp.app.inject({ method: "GET", url: link ?? "" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    expect(response.headers["content-disposition"]).toMatch(
      /^inline; filename="calendar-\d+\.pdf"$/,
    );
    expect(readPdfText(response.rawPayload)).toContain("Vaccination calendar");
  });

  it("answers 404 for a file that does not exist, 400 for a bad id, and 404 through a proxy", async () => {
    const page = (await openOutbox()).body;
    const link = /href="(\/dev\/outbox\/attachments\/\d+)"/.exec(page)?.[1] ?? "";
    const missing = await testApp.app.inject({
      method: "GET",
      url: "/dev/outbox/attachments/999999",
    });
    expect(missing.statusCode).toBe(404);
    const bad = await testApp.app.inject({ method: "GET", url: "/dev/outbox/attachments/abc" });
    expect(bad.statusCode).toBe(400);
    const proxied = await testApp.app.inject({
      method: "GET",
      url: link,
      headers: { "x-real-ip": "203.0.113.9" },
    });
    expect(proxied.statusCode).toBe(404);
  });
});
