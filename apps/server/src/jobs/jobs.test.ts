import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBackgroundJobs } from "../app.ts";
import { createTestApp, type TestApp } from "../test/app.ts";
import { JobQueue } from "./jobs.ts";

/* The saves' plan requests are queued together (decision 702), each as its own job. */

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

describe("requestCalendarPlan", () => {
  it("queues one plan job per calendar, with the queue's retries, however many come at once", async () => {
    const jobs = await startBackgroundJobs({
      config: testApp.config,
      database: testApp.database,
      connectionString: testApp.database.connectionString,
      runWorkers: false,
    });
    try {
      const calendarIds = Array.from({ length: 30 }, (_, index) => 1_000 + index);
      await Promise.all(calendarIds.map((calendarId) => jobs.requestCalendarPlan(calendarId)));
      const { rows } = await testApp.database.pool.query<{
        calendar_id: number;
        retry_limit: number;
      }>(
        `SELECT (data->>'calendarId')::int AS calendar_id, retry_limit FROM pgboss.job
         WHERE name = $1 ORDER BY 1`,
        [JobQueue.planCalendar],
      );
      expect(rows.map((row) => row.calendar_id)).toEqual(calendarIds);
      expect(new Set(rows.map((row) => row.retry_limit))).toEqual(new Set([5]));
    } finally {
      await jobs.stop();
    }
  });
});

describe("starting the job queue", () => {
  it("works when several nodes start at once on a database pg-boss has never seen", async () => {
    const fresh = await createTestApp();
    try {
      const starts = Array.from({ length: 4 }, () =>
        startBackgroundJobs({
          config: fresh.config,
          database: fresh.database,
          connectionString: fresh.database.connectionString,
          runWorkers: true,
        }),
      );
      const results = await Promise.allSettled(starts);
      await Promise.all(
        results.map((result) => (result.status === "fulfilled" ? result.value.stop() : undefined)),
      );
      const failures = results.flatMap((result) =>
        result.status === "rejected" ? [String(result.reason)] : [],
      );
      expect(failures).toEqual([]);
    } finally {
      await fresh.close();
    }
  }, 60_000);
});

describe("housekeeping", () => {
  it("is an hourly pg-boss schedule, run once per cluster, that clears throttle windows over a day old", async () => {
    const { pool } = testApp.database;
    await pool.query(
      `INSERT INTO rate_limits (key, window_started_at, hits) VALUES
        ('housekeeping:stale', now() - interval '25 hours', 3),
        ('housekeeping:fresh', now() - interval '1 hour', 3)`,
    );
    const workers = await Promise.all(
      [0, 1].map(() =>
        startBackgroundJobs({
          config: testApp.config,
          database: testApp.database,
          connectionString: testApp.database.connectionString,
          runWorkers: true,
        }),
      ),
    );
    try {
      const schedules = await pool.query<{ cron: string; timezone: string }>(
        "SELECT cron, timezone FROM pgboss.schedule WHERE name = $1",
        [JobQueue.housekeeping],
      );
      expect(schedules.rows).toEqual([{ cron: "17 * * * *", timezone: "Europe/Dublin" }]);
      // The two workers started together share the one clean-up queued at start.
      await expect
        .poll(
          async () =>
            (
              await pool.query<{ key: string }>(
                "SELECT key FROM rate_limits WHERE key LIKE 'housekeeping:%' ORDER BY key",
              )
            ).rows.map((row) => row.key),
          { timeout: 15_000, interval: 250 },
        )
        .toEqual(["housekeeping:fresh"]);
      const runs = await pool.query<{ count: number }>(
        "SELECT count(*)::int AS count FROM pgboss.job WHERE name = $1",
        [JobQueue.housekeeping],
      );
      expect(runs.rows[0]?.count).toBe(1);
    } finally {
      await Promise.all(workers.map((jobs) => jobs.stop()));
    }
  }, 60_000);
});
