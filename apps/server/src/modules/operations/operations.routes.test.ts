import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { startLoopbackFakes, type LoopbackFakes } from "../../test/loopback-fakes.ts";
import {
  createFarmsWithShotOn,
  createLoopbackReminderSender,
} from "../../test/reminder-fixtures.ts";
import { findReminderSendAt, planAllReminders } from "../reminders/index.ts";

/*
 * Issue 28, item 3: readiness for the load balancer and metrics for the scraper. The reminder
 * series come from the ledger, so a wave of texts moves "sent" by exactly the wave's size.
 */

const metricsToken = "a-scrapers-bearer-token-of-32-characters";
let now = new Date("2027-03-02T09:00:00Z");
const clock = () => now;
let testApp: TestApp;
let fakes: LoopbackFakes;

beforeAll(async () => {
  fakes = await startLoopbackFakes();
  testApp = await createTestApp({ metricsToken }, clock);
});

afterAll(async () => {
  await testApp.close();
  await fakes.close();
});

async function scrape(): Promise<string> {
  const response = await testApp.app.inject({
    method: "GET",
    url: "/metrics",
    headers: { authorization: `Bearer ${metricsToken}` },
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.body;
}

/** The value of one series, e.g. `vaxcal_reminders{state="sent"}`; undefined when absent. */
function readSeries(text: string, series: string): number | undefined {
  const line = text.split("\n").find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe("GET /api/ready", () => {
  it("is 200 with the database up and every migration applied", async () => {
    const response = await testApp.app.inject({ method: "GET", url: "/api/ready" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ready", database: "up", pendingMigrations: 0 });
    expect(response.headers["cache-control"]).toBe("no-store");
  });
});

describe("GET /metrics", () => {
  it("answers 401 without the token or with a wrong one", async () => {
    for (const authorization of [undefined, "Bearer wrong", `Bearer ${metricsToken}x`]) {
      const response = await testApp.app.inject({
        method: "GET",
        url: "/metrics",
        headers: authorization ? { authorization } : {},
      });
      expect(response.statusCode, String(authorization)).toBe(401);
      expect(response.body).not.toContain("vaxcal_");
    }
  });

  it("is not served at all when no token is configured", async () => {
    const bare = await createTestApp();
    try {
      const response = await bare.app.inject({ method: "GET", url: "/metrics" });
      expect(response.statusCode).toBe(404);
    } finally {
      await bare.close();
    }
  });

  it("shows request times by route pattern, the pool, the job queue and the render queue", async () => {
    await testApp.app.inject({ method: "GET", url: "/api/health" });
    await testApp.app.inject({ method: "GET", url: "/api/calendars/123456" });
    const text = await scrape();
    expect(text).toMatch(
      /^vaxcal_http_request_duration_seconds_count\{method="GET",route="\/api\/health",status_code="200"\} [1-9]/m,
    );
    // The pattern, never the id: one series per route, however many calendars there are.
    expect(text).toContain('route="/api/calendars/:id"');
    expect(text).not.toContain("123456");
    expect(readSeries(text, 'vaxcal_db_pool_connections{state="total"}')).toBeGreaterThan(0);
    expect(readSeries(text, 'vaxcal_db_pool_connections{state="waiting"}')).toBe(0);
    expect(readSeries(text, 'vaxcal_render_queue{state="waiting"}')).toBe(0);
    expect(text).toContain("# TYPE vaxcal_job_queue gauge");
    expect(text).toContain("# TYPE vaxcal_render_duration_seconds histogram");
    expect(text).toContain("vaxcal_process_resident_memory_bytes");
    expect(text).toContain("vaxcal_nodejs_eventloop_lag_p99_seconds");
  });

  it("shows every in-memory cache's bytes under its bound, with its hits and misses", async () => {
    const before = await scrape();
    const hits = (text: string) =>
      readSeries(text, 'vaxcal_cache_lookups_total{cache="reference_lists",result="hit"}') ?? 0;
    for (let asked = 0; asked < 3; asked += 1) {
      const answer = await testApp.app.inject({ method: "GET", url: "/api/enterprises-animals" });
      expect(answer.statusCode).toBe(200);
    }
    const text = await scrape();
    for (const cache of ["reference_lists", "render_bodies", "render_versions", "doses_due"]) {
      const bound = readSeries(text, `vaxcal_cache_max_bytes{cache="${cache}"}`) ?? 0;
      expect(bound, cache).toBeGreaterThan(0);
      expect(readSeries(text, `vaxcal_cache_bytes{cache="${cache}"}`), cache).toBeLessThanOrEqual(
        bound,
      );
    }
    expect(readSeries(text, 'vaxcal_cache_bytes{cache="reference_lists"}')).toBeGreaterThan(0);
    // The first of the three may build the list; the others are answered from memory.
    expect(hits(text) - hits(before)).toBeGreaterThanOrEqual(2);
  });

  it("moves the sent reminders by exactly a wave's size, and shows the oldest unsent", async () => {
    const wave = 25;
    const dueDate = "2027-03-20";
    await createFarmsWithShotOn(testApp.database.db, {
      count: wave,
      dueDate,
      tag: "metrics",
      firstPhone: 7_100_000,
    });
    const before = await scrape();
    const sentBefore = readSeries(before, 'vaxcal_reminders{state="sent"}') ?? 0;

    // An hour after the wave's send time, nothing sent yet: the oldest has waited an hour.
    now = new Date(findReminderSendAt(dueDate).getTime() + 3_600_000);
    await planAllReminders(testApp.database.db, clock);
    const planned = await scrape();
    expect(readSeries(planned, "vaxcal_reminders_oldest_due_unsent_seconds")).toBe(3_600);
    expect(readSeries(planned, 'vaxcal_reminders{state="planned"}')).toBeGreaterThanOrEqual(wave);

    const { sender, close } = createLoopbackReminderSender({
      db: testApp.database.db,
      clock,
      fakes,
    });
    try {
      await sender.sendDueReminders();
    } finally {
      await close();
    }
    const after = await scrape();
    expect(readSeries(after, 'vaxcal_reminders{state="sent"}')).toBe(sentBefore + wave);
    expect(readSeries(after, "vaxcal_reminders_oldest_due_unsent_seconds")).toBe(0);
  });
});
