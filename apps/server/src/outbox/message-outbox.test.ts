import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../test/database.ts";
import type { MailMessage } from "../mail/mail-transport.ts";
import type { SmsMessage } from "../sms/sms-transport.ts";
import { createMessageOutbox } from "./message-outbox.ts";
import { createOutboxRepository } from "./outbox.repository.ts";

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(() => database.drop());

function createHarness({ failing = false } = {}) {
  let now = new Date("2026-03-02T09:00:00Z").getTime();
  const sentMail: MailMessage[] = [];
  const sentTexts: SmsMessage[] = [];
  const outbox = createMessageOutbox({
    db: database.db,
    mail: {
      send: async (message) => {
        if (failing) throw new Error("relay said 451 try later");
        sentMail.push(message);
      },
      close: () => {},
    },
    sms: {
      send: async (message) => {
        if (failing) throw new Error("Twilio refused the message: HTTP 500, code none");
        sentTexts.push(message);
      },
      wasAccepted: async () => false,
    },
    clock: () => new Date(now),
    log: pino({ level: "silent" }),
  });
  return {
    outbox,
    sentMail,
    sentTexts,
    advanceMinutes: (minutes: number) => {
      now += minutes * 60_000;
    },
  };
}

const email = (to: string): MailMessage => ({
  to,
  subject: "Subject",
  text: "Hello https://vaxcal.example/x",
  html: "<p>Hello</p>",
});

async function readMessage(id: number) {
  const messages = await createOutboxRepository(database.db).listRecentMessages(1000);
  const message = messages.find((row) => row.id === id);
  if (!message) throw new Error(`no outbox message ${id}`);
  return message;
}

describe("message outbox", () => {
  it("holds messages for /dev/outbox when no transport is configured", async () => {
    const outbox = createMessageOutbox({
      db: database.db,
      mail: undefined,
      sms: undefined,
      clock: () => new Date(),
      log: pino({ level: "silent" }),
    });
    const id = await outbox.queueEmail(database.db, email("held@example.ie"), null);
    outbox.deliverSoon([id]);
    await outbox.whenIdle();
    expect(await readMessage(id)).toMatchObject({ status: "held", attempts: 0 });
    expect((await readMessage(id)).bodyText).toContain("https://vaxcal.example/x");
  });

  it("sends queued messages once and then clears their bodies", async () => {
    const harness = createHarness();
    const mailId = await harness.outbox.queueEmail(database.db, email("sent@example.ie"), null);
    const textId = await harness.outbox.queueText(
      database.db,
      { to: "+353871234567", body: "Hi" },
      null,
    );
    harness.outbox.deliverSoon([mailId, textId]);
    harness.outbox.deliverSoon([mailId, textId]);
    await harness.outbox.whenIdle();
    expect(harness.sentMail.map((message) => message.to)).toEqual(["sent@example.ie"]);
    expect(harness.sentTexts).toEqual([{ to: "+353871234567", body: "Hi" }]);
    expect(await readMessage(mailId)).toMatchObject({
      status: "sent",
      attempts: 1,
      bodyText: null,
      bodyHtml: null,
      subject: "Subject",
    });
    expect(await harness.outbox.deliverDueMessages()).toBe(0);
  });

  it("sends nothing for a message whose transaction rolled back", async () => {
    const harness = createHarness();
    await database.db
      .transaction(async (transaction) => {
        await harness.outbox.queueEmail(transaction, email("rolled-back@example.ie"), null);
        throw new Error("the change failed");
      })
      .catch(() => undefined);
    await harness.outbox.deliverDueMessages();
    expect(harness.sentMail).toEqual([]);
  });

  it("retries a failed send later, then gives up after five attempts", async () => {
    const failing = createHarness({ failing: true });
    const id = await failing.outbox.queueText(
      database.db,
      { to: "+353871234568", body: "Hi" },
      null,
    );
    failing.outbox.deliverSoon([id]);
    await failing.outbox.whenIdle();
    const afterFirst = await readMessage(id);
    expect(afterFirst).toMatchObject({ status: "pending", attempts: 1 });
    expect(afterFirst.lastError).toBe("Twilio refused the message: HTTP 500, code none");
    expect(afterFirst.bodyText).toBe("Hi");

    // Not due yet: the first retry waits a minute.
    expect(await failing.outbox.deliverDueMessages()).toBe(0);
    for (const waitMinutes of [1, 5, 30, 120]) {
      failing.advanceMinutes(waitMinutes);
      expect(await failing.outbox.deliverDueMessages()).toBe(1);
    }
    expect(await readMessage(id)).toMatchObject({ status: "failed", attempts: 5 });
    failing.advanceMinutes(24 * 60);
    expect(await failing.outbox.deliverDueMessages()).toBe(0);
  });

  it("lets a later sweep deliver what an earlier one could not", async () => {
    const failing = createHarness({ failing: true });
    const id = await failing.outbox.queueEmail(database.db, email("later@example.ie"), null);
    await failing.outbox.deliverDueMessages();
    const working = createHarness();
    working.advanceMinutes(2);
    await working.outbox.deliverDueMessages();
    expect(working.sentMail.map((message) => message.to)).toEqual(["later@example.ie"]);
    expect(await readMessage(id)).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("clears the bodies of failed and held messages 7 days on, in the sweep", async () => {
    const failing = createHarness({ failing: true });
    const failedId = await failing.outbox.queueEmail(database.db, email("failed@example.ie"), null);
    for (const waitMinutes of [0, 1, 5, 30, 120]) {
      failing.advanceMinutes(waitMinutes);
      await failing.outbox.deliverDueMessages();
    }
    expect(await readMessage(failedId)).toMatchObject({ status: "failed" });
    const heldOutbox = createMessageOutbox({
      db: database.db,
      mail: undefined,
      sms: undefined,
      clock: () => new Date("2026-03-02T11:36:00Z"),
      log: pino({ level: "silent" }),
    });
    const heldId = await heldOutbox.queueEmail(database.db, email("held-long@example.ie"), null);

    failing.advanceMinutes(7 * 24 * 60 - 10);
    await failing.outbox.deliverDueMessages();
    expect((await readMessage(failedId)).bodyText).toContain("https://vaxcal.example/x");
    expect((await readMessage(heldId)).bodyText).toContain("https://vaxcal.example/x");

    failing.advanceMinutes(20);
    await failing.outbox.deliverDueMessages();
    for (const id of [failedId, heldId]) {
      expect(await readMessage(id)).toMatchObject({ bodyText: null, bodyHtml: null });
    }
  });
});
