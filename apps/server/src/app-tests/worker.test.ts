import type { ChildProcess } from "node:child_process";
import { addDays } from "@vaxcal/schedule";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readIrishToday } from "../lib/clock.ts";
import { isWaveDone, spawnWorker, stopChild, waitUntil } from "../test/child-processes.ts";
import { createTestDatabase, type TestDatabase } from "../test/database.ts";
import { startLoopbackFakes, type LoopbackFakes } from "../test/loopback-fakes.ts";
import { createFarmsWithShotOn } from "../test/reminder-fixtures.ts";

/*
 * `npm run worker` as a real child process against a real database and the loopback SMTP relay and
 * fake Twilio: killed with SIGKILL in the middle of a batch of 1,000 due reminders and started
 * again, then two workers at once. Each reminder must reach the fakes exactly once (decision 601).
 */

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
  const child = spawnWorker({ databaseUrl: database.connectionString, fakes });
  children.add(child);
  child.on("exit", () => children.delete(child));
  return child;
}

const isAllDone = (tag: string, count: number) => isWaveDone(database.db, tag, count);

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
    await stopChild(first, "SIGKILL");
    const deliveredBeforeKill = fakes.texts.length + fakes.mails.length;
    expect(deliveredBeforeKill).toBeLessThan(1_000);
    // The kill left claims behind: rows taken for sending and never marked.
    const { rows } = await database.db.execute(sql`
      SELECT count(*)::int AS sending FROM reminder_deliveries WHERE status = 'sending'`);
    expect(Number(rows[0]?.sending)).toBeGreaterThan(0);

    const second = startWorker();
    await waitUntil(() => isAllDone("crash", 1_000), 90_000);
    await stopChild(second, "SIGTERM");
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
    await Promise.all(workers.map((worker) => stopChild(worker, "SIGTERM")));
    const texts = fakes.texts.slice(before);
    expect(texts).toHaveLength(400);
    expect(new Set(texts.map((text) => text.to)).size).toBe(400);
  }, 180_000);
});
