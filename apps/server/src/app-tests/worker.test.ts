import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { addDays } from "@vaxcal/schedule";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readIrishToday } from "../lib/clock.ts";
import { createTestDatabase, type TestDatabase } from "../test/database.ts";
import { startLoopbackFakes, type LoopbackFakes } from "../test/loopback-fakes.ts";
import { createFarmsWithShotOn } from "../test/reminder-fixtures.ts";

/*
 * `npm run worker` as a real child process against a real database and the loopback SMTP relay and
 * fake Twilio: killed with SIGKILL in the middle of a batch of 1,000 due reminders and started
 * again, then two workers at once. Each reminder must reach the fakes exactly once (decision 601).
 */

const workerEntry = path.resolve(import.meta.dirname, "../worker.ts");
let fakes: LoopbackFakes;
let database: TestDatabase;
const children = new Set<ChildProcess>();

beforeAll(async () => {
  fakes = await startLoopbackFakes();
  database = await createTestDatabase();
});

afterAll(async () => {
  for (const child of children) child.kill("SIGKILL");
  await database.drop();
  await fakes.close();
});

function startWorker(): ChildProcess {
  const child = spawn(process.execPath, [workerEntry], {
    env: {
      PATH: process.env.PATH,
      // `npm run test:dates` moves every process's clock with libfaketime: the worker's too.
      ...(process.env.FAKETIME && {
        FAKETIME: process.env.FAKETIME,
        LD_PRELOAD: process.env.LD_PRELOAD,
      }),
      NODE_ENV: "test",
      LOG_LEVEL: "error",
      DATABASE_URL: database.connectionString,
      APP_SECRET: "crash-test-secret-crash-test-secret-0123",
      PUBLIC_URL: "https://vaxcal.example",
      SMTP_URL: fakes.smtp.smtpUrl,
      MAIL_FROM: fakes.smtp.from,
      TWILIO_ACCOUNT_SID: fakes.twilio.accountSid,
      TWILIO_AUTH_TOKEN: fakes.twilio.authToken,
      TWILIO_FROM: fakes.twilio.from,
      TWILIO_API_URL: fakes.twilio.apiUrl,
      REMINDER_CLAIM_LEASE_SECONDS: "3",
      JOBS_TICK_SECONDS: "1",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  children.add(child);
  child.on("exit", () => children.delete(child));
  return child;
}

async function waitUntil(check: () => Promise<boolean> | boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Whether the batch's ledger rows are all planned (by the worker) and none is still open. */
async function isAllDone(tag: string, count: number): Promise<boolean> {
  const { rows } = await database.db.execute(sql`
    SELECT count(*)::int AS total,
           (count(*) FILTER (WHERE r.status IN ('planned', 'sending')))::int AS open
    FROM reminder_deliveries r JOIN users u ON u.id = r.user_id
    WHERE u.email LIKE ${`${tag}.%`}`);
  return Number(rows[0]?.total) === count && Number(rows[0]?.open) === 0;
}

async function stop(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill(signal);
  await exited;
}

function countBy<T>(items: readonly T[], key: (item: T) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
}

describe("the worker process", () => {
  it("delivers each of 1,000 due reminders once though it is killed with SIGKILL mid-batch", async () => {
    const dueDate = addDays(readIrishToday(new Date()), 3);
    // 900 farmers with texts, 100 with e-mails (each with the calendar's PDF).
    await createFarmsWithShotOn(database.db, {
      count: 1_000,
      dueDate,
      emailEvery: 10,
      tag: "crash",
      firstPhone: 1_000_000,
    });

    const first = startWorker();
    await waitUntil(() => fakes.texts.length >= 250, 60_000);
    await stop(first, "SIGKILL");
    const deliveredBeforeKill = fakes.texts.length + fakes.mails.length;
    expect(deliveredBeforeKill).toBeLessThan(1_000);
    // The kill left claims behind: rows taken for sending and never marked.
    const { rows } = await database.db.execute(sql`
      SELECT count(*)::int AS sending FROM reminder_deliveries WHERE status = 'sending'`);
    expect(Number(rows[0]?.sending)).toBeGreaterThan(0);

    const second = startWorker();
    await waitUntil(() => isAllDone("crash", 1_000), 90_000);
    await stop(second, "SIGTERM");
    expect(second.exitCode).toBe(0);

    const texts = fakes.texts.filter((text) => text.to.startsWith("+35387"));
    expect(texts).toHaveLength(900);
    expect(Math.max(...countBy(texts, (text) => text.to).values())).toBe(1);
    expect(new Set(texts.map((text) => text.idempotencyKey)).size).toBe(900);

    // SMTP cannot be asked what it accepted: a crash between the relay's 250 and the ledger's
    // mark resends with the same Message-ID, which receivers drop. At most one such per kill.
    const mails = fakes.mails.filter((mail) => mail.to[0]?.startsWith("crash."));
    const byRecipient = countBy(mails, (mail) => mail.to[0] ?? "");
    expect(byRecipient.size).toBe(100);
    expect(mails.length - byRecipient.size).toBeLessThanOrEqual(1);
    expect(countBy(mails, (mail) => mail.messageId ?? "").size).toBe(100);
    expect(mails[0]?.raw).toMatch(/application\/pdf/);
  }, 180_000);

  it("sends each reminder once when two workers share the database", async () => {
    const before = fakes.texts.length;
    const dueDate = addDays(readIrishToday(new Date()), 4);
    await createFarmsWithShotOn(database.db, {
      count: 400,
      dueDate,
      tag: "pair",
      firstPhone: 2_000_000,
    });
    const workers = [startWorker(), startWorker()];
    await waitUntil(() => isAllDone("pair", 400), 90_000);
    await Promise.all(workers.map((worker) => stop(worker, "SIGTERM")));
    const texts = fakes.texts.slice(before);
    expect(texts).toHaveLength(400);
    expect(new Set(texts.map((text) => text.to)).size).toBe(400);
  }, 180_000);
});
