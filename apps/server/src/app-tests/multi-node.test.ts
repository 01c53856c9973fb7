import type { ChildProcess } from "node:child_process";
import {
  CalendarDetailSchema,
  SubmitCalendarResponseSchema,
  type SubmitCalendarRequest,
} from "@vaxcal/contracts";
import { addDays } from "@vaxcal/schedule";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readIrishToday } from "../lib/clock.ts";
import { buildRegistration } from "../test/accounts.ts";
import {
  buildEngineCalendar,
  buildSubmitPayload,
  dairySpringCows,
  editCalendar,
  readPdfText,
  requireFeedUrls,
  testToday,
} from "../test/calendars.ts";
import {
  isWaveDone,
  spawnServerEntry,
  spawnWorker,
  stopChild,
  waitUntil,
} from "../test/child-processes.ts";
import { createTestDatabase, type TestDatabase } from "../test/database.ts";
import { startLoopbackFakes, type LoopbackFakes } from "../test/loopback-fakes.ts";
import { createFarmsWithShotOn } from "../test/reminder-fixtures.ts";

/*
 * Production's topology as processes (issue 28, item 5; decision 019's compose.yaml): one
 * PostgreSQL, two API nodes (`src/server.ts`, no jobs, no migrations) and two workers
 * (`src/worker.ts`), each its own process. A farmer saves on one node and edits on the other, and
 * each node serves the other's change at once; then a reminder wave runs across both workers,
 * one of them killed with SIGKILL mid-wave, and every text goes exactly once.
 */

const startTimeoutMs = 60_000;
let database: TestDatabase;
let fakes: LoopbackFakes;
const children = new Set<ChildProcess>();

type Node = { child: ChildProcess; url: string };
let nodeA: Node;
let nodeB: Node;

function spawnProcess(entry: string, environment: Record<string, string>) {
  const child = spawnServerEntry(entry, {
    databaseUrl: database.connectionString,
    fakes,
    environment: { MIGRATE_ON_START: "false", ...environment },
    captureOutput: true,
  });
  children.add(child.process);
  child.process.on("exit", () => children.delete(child.process));
  return child;
}

/** An API node with no jobs: it prints the address of the port the kernel gave it. */
async function startApiNode(): Promise<Node> {
  const node = spawnProcess("src/server.ts", { PORT: "0", RUN_WORKERS: "false" });
  await waitUntil(() => /VaxCal is running at/.test(node.output()), startTimeoutMs, node.output);
  const url = /VaxCal is running at (http:\/\/\S+)/.exec(node.output())?.[1] ?? "";
  return { child: node.process, url: url.replace("localhost", "127.0.0.1") };
}

function startWorker(): ChildProcess {
  const child = spawnWorker({
    databaseUrl: database.connectionString,
    fakes,
    environment: { MIGRATE_ON_START: "false" },
  });
  children.add(child);
  child.on("exit", () => children.delete(child));
  return child;
}

async function call(node: Node, pathname: string, init: RequestInit & { token?: string } = {}) {
  const { token, ...rest } = init;
  return fetch(new URL(pathname, node.url), {
    ...rest,
    headers: {
      ...(rest.body === undefined ? {} : { "content-type": "application/json" }),
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
    },
  });
}

beforeAll(async () => {
  fakes = await startLoopbackFakes();
  database = await createTestDatabase();
  [nodeA, nodeB] = await Promise.all([startApiNode(), startApiNode()]);
  // Each node's engine works on the day the fixtures were laid out for (decision 016).
  for (const node of [nodeA, nodeB]) {
    const moved = await call(node, "/api/test/clock", {
      method: "POST",
      body: JSON.stringify({ today: testToday }),
    });
    expect(moved.status).toBe(200);
  }
}, 120_000);

afterAll(async () => {
  for (const child of children) child.kill("SIGKILL");
  await database.drop();
  await fakes.close();
});

describe("two API nodes and two workers, as processes", () => {
  it("serves on each node, at once, the calendar saved and edited on the other", async () => {
    const registered = await call(nodeA, "/api/register", {
      method: "POST",
      body: JSON.stringify(buildRegistration()),
    });
    expect(registered.status).toBe(201);
    const { token } = (await registered.json()) as { token: string };

    const calendar = buildEngineCalendar();
    const created = await call(nodeA, "/api/calendar", {
      method: "POST",
      token,
      body: JSON.stringify(buildSubmitPayload(calendar)),
    });
    expect(created.status).toBe(201);
    const saved = SubmitCalendarResponseSchema.parse(await created.json()).calendar;
    const feedPath = new URL(requireFeedUrls(saved).https).pathname;

    // Node B serves node A's save; node A renders its own copy, as it will be asked again.
    const detailOnB = await call(nodeB, `/api/calendars/${saved.id}`, { token });
    expect(detailOnB.status).toBe(200);
    expect(CalendarDetailSchema.parse(await detailOnB.json()).calendarId).toBe(saved.id);
    for (const node of [nodeA, nodeB]) {
      expect((await call(node, feedPath)).status).toBe(200);
      expect((await call(node, `/api/calendars/${saved.id}/download`, { token })).status).toBe(200);
    }

    // The farmer edits on node B: the first shot moves to 23 March 2026.
    const payload: SubmitCalendarRequest = buildSubmitPayload(
      editCalendar(calendar, "2026-03-23", "2026-08-07"),
      dairySpringCows,
      { action: "update", calendarId: saved.id },
    );
    const edited = await call(nodeB, `/api/calendar/${saved.id}`, {
      method: "PUT",
      token,
      body: JSON.stringify(payload),
    });
    expect(edited.status).toBe(200);

    // Node A, which had rendered the old version, serves the new one once PostgreSQL's
    // notification of the change reaches it (decision 705): a few milliseconds, longer on a
    // loaded machine, so its requests are asked again until then.
    let feed = "";
    await waitUntil(
      async () => {
        feed = await (await call(nodeA, feedPath)).text();
        return feed.includes("DTSTART;VALUE=DATE:20260323");
      },
      5_000,
      () => "for node A to serve the edited feed",
    );
    expect(feed).toContain("DTSTART;VALUE=DATE:20260323");
    expect(feed).toContain("DTSTART;VALUE=DATE:20260807");
    const pdf = await call(nodeA, `/api/calendars/${saved.id}/download`, { token });
    expect(pdf.status).toBe(200);
    const text = readPdfText(Buffer.from(await pdf.arrayBuffer()));
    expect(text).toContain("23 Mar 2026");
    expect(text).toContain("7 Aug 2026");
  }, 60_000);

  it("sends each reminder of a wave once across two workers, one killed with SIGKILL", async () => {
    const before = fakes.texts.length;
    // The workers plan reminders for their own today, as in production.
    const dueDate = addDays(readIrishToday(new Date()), 3);
    await createFarmsWithShotOn(database.db, {
      count: 300,
      dueDate,
      tag: "multinode",
      firstPhone: 3_000_000,
    });
    const [doomed, survivor] = [startWorker(), startWorker()];
    await waitUntil(() => fakes.texts.length - before >= 60, 60_000);
    await stopChild(doomed!, "SIGKILL");
    // Killed mid-wave: the survivor has the rest, and the doomed worker's claims, to send.
    expect(fakes.texts.length - before).toBeLessThan(300);

    await waitUntil(() => isWaveDone(database.db, "multinode", 300), 90_000);
    await stopChild(survivor!, "SIGTERM");
    expect(survivor!.exitCode).toBe(0);

    const texts = fakes.texts.slice(before);
    expect(texts).toHaveLength(300);
    expect(new Set(texts.map((text) => text.to)).size).toBe(300);
  }, 180_000);
});
