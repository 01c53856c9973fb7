import type { FastifyInstance } from "fastify";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import type { Database } from "../../db/database.ts";
import type { CacheReport } from "../../lib/cache-report.ts";
import type { Clock } from "../../lib/clock.ts";
import type { CalendarRenders } from "../calendars/index.ts";

/**
 * One process's metrics in the Prometheus text format (issue 28, item 3; docs/operations.md).
 * Each app has a registry of its own, so tests that build several apps in one process never
 * share a series. What belongs to the whole cluster (reminders, the job queue) is read from the
 * database at each scrape, so every node reports the same figure and a counter never depends on
 * which process sent the message.
 */
export type Metrics = ReturnType<typeof createMetrics>;

const reminderStates = ["planned", "sending", "sent", "failed", "skipped", "cancelled"] as const;

export function createMetrics({ database, clock }: { database: Database; clock: Clock }) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "vaxcal_" });

  const requestSeconds = new Histogram({
    name: "vaxcal_http_request_duration_seconds",
    help: "HTTP requests by method, route (the route's pattern) and status code.",
    labelNames: ["method", "route", "status_code"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const renderSeconds = new Histogram({
    name: "vaxcal_render_duration_seconds",
    help: "PDF and feed renders in the render pool, by kind.",
    labelNames: ["kind"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  const renderErrors = new Counter({
    name: "vaxcal_render_failures_total",
    help: "Renders that failed, by kind.",
    labelNames: ["kind"] as const,
    registers: [registry],
  });
  let renders: CalendarRenders | null = null;
  new Gauge({
    name: "vaxcal_render_queue",
    help: "Renders under way (running) and waiting for a slot (waiting) in this process.",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      const queue = renders?.describeQueue() ?? { running: 0, waiting: 0 };
      this.set({ state: "running" }, queue.running);
      this.set({ state: "waiting" }, queue.waiting);
    },
  });
  // Issue 28, item 8: every in-memory cache, its bytes against its bound and its lookups.
  const caches = new Map<string, () => CacheReport>();
  const cacheGauge = (name: string, help: string, read: (report: CacheReport) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ["cache"] as const,
      registers: [registry],
      collect() {
        for (const [cache, describe] of caches) this.set({ cache }, read(describe()));
      },
    });
  cacheGauge("vaxcal_cache_bytes", "Bytes an in-memory cache holds, by cache.", (r) => r.bytes);
  cacheGauge(
    "vaxcal_cache_max_bytes",
    "The bound an in-memory cache never grows past, in bytes, by cache.",
    (r) => r.maxBytes,
  );
  cacheGauge("vaxcal_cache_entries", "Entries an in-memory cache holds.", (r) => r.entries);
  const counted = new Map<string, number>();
  new Counter({
    name: "vaxcal_cache_lookups_total",
    help: "Lookups in an in-memory cache, by cache and result (hit or miss).",
    labelNames: ["cache", "result"] as const,
    registers: [registry],
    collect() {
      for (const [cache, describe] of caches) {
        const report = describe();
        for (const result of ["hit", "miss"] as const) {
          const total = result === "hit" ? report.hits : report.misses;
          const key = `${cache}|${result}`;
          this.inc({ cache, result }, total - (counted.get(key) ?? 0));
          counted.set(key, total);
        }
      }
    },
  });
  new Gauge({
    name: "vaxcal_db_pool_connections",
    help: "This process's PostgreSQL pool: connections open (total), idle, and requests waiting.",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      const { pool } = database;
      this.set({ state: "total" }, pool.totalCount);
      this.set({ state: "idle" }, pool.idleCount);
      this.set({ state: "in_use" }, pool.totalCount - pool.idleCount);
      this.set({ state: "waiting" }, pool.waitingCount);
    },
  });
  new Gauge({
    name: "vaxcal_reminders",
    help: "Reminder deliveries in the ledger by state, over the whole cluster (decision 601).",
    labelNames: ["state"] as const,
    registers: [registry],
    async collect() {
      const { rows } = await database.pool.query<{ status: string; count: number }>(
        "SELECT status, count(*)::int AS count FROM reminder_deliveries GROUP BY status",
      );
      for (const state of reminderStates) {
        this.set({ state }, rows.find((row) => row.status === state)?.count ?? 0);
      }
    },
  });
  new Gauge({
    name: "vaxcal_reminders_oldest_due_unsent_seconds",
    help: "How long the oldest reminder due to be sent has waited; 0 when none is overdue.",
    registers: [registry],
    async collect() {
      const now = clock();
      const { rows } = await database.pool.query<{ oldest: Date | null }>(
        `SELECT min(send_at) AS oldest FROM reminder_deliveries
          WHERE status IN ('planned', 'sending') AND send_at <= $1`,
        [now],
      );
      const oldest = rows[0]?.oldest;
      this.set(oldest ? Math.max(0, (now.getTime() - oldest.getTime()) / 1000) : 0);
    },
  });
  new Gauge({
    name: "vaxcal_job_queue",
    help: "pg-boss jobs waiting (created, retry) and running (active), per queue.",
    labelNames: ["queue", "state"] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const { rows: present } = await database.pool.query<{ table: string | null }>(
        "SELECT to_regclass('pgboss.job')::text AS table",
      );
      if (!present[0]?.table) return;
      const { rows } = await database.pool.query<{ name: string; state: string; count: number }>(
        `SELECT name, state::text AS state, count(*)::int AS count FROM pgboss.job
          WHERE state IN ('created', 'retry', 'active') GROUP BY name, state`,
      );
      for (const row of rows) this.set({ queue: row.name, state: row.state }, row.count);
    },
  });

  return {
    registry,
    /** Times every answered request under its route's pattern, not its path (bounded labels). */
    observeRequests(app: FastifyInstance): void {
      app.addHook("onResponse", async (request, reply) => {
        requestSeconds.observe(
          {
            method: request.method,
            route: request.routeOptions.url ?? "unmatched",
            status_code: String(reply.statusCode),
          },
          reply.elapsedTime / 1000,
        );
      });
    },
    observeRender(kind: string, seconds: number): void {
      renderSeconds.observe({ kind }, seconds);
    },
    countRenderFailure(kind: string): void {
      renderErrors.inc({ kind });
    },
    /** The renders whose queue the gauges report, and whose cache is `render_bodies`. */
    watchRenders(watched: CalendarRenders): void {
      renders = watched;
      caches.set("render_bodies", () => watched.describeCache());
    },
    /** A cache whose bytes, bound and lookups the gauges report under `name`. */
    watchCache(name: string, describe: () => CacheReport): void {
      caches.set(name, describe);
    },
  };
}
