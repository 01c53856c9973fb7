import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { buildWorkerApp } from "../app.ts";
import { buildTestConfig } from "../test/app.ts";
import { createTestDatabase, type TestDatabase } from "../test/database.ts";

/* `npm run worker` on WORKER_PORT: the same health, readiness and metrics as an API node. */

const metricsToken = "a-scrapers-bearer-token-of-32-characters";
let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildWorkerApp({ config: buildTestConfig({ metricsToken }), database });
});

afterAll(async () => {
  await app.close();
  await database.drop();
});

describe("the worker's probes", () => {
  it("answer health and readiness, and metrics to the token only", async () => {
    expect((await app.inject({ method: "GET", url: "/api/health" })).json()).toEqual({
      status: "ok",
      database: "up",
    });
    const ready = await app.inject({ method: "GET", url: "/api/ready" });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: "ready", pendingMigrations: 0 });
    expect((await app.inject({ method: "GET", url: "/metrics" })).statusCode).toBe(401);
    const metrics = await app.inject({
      method: "GET",
      url: "/metrics",
      headers: { authorization: `Bearer ${metricsToken}` },
    });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.body).toContain('vaxcal_reminders{state="sent"} 0');
    expect(metrics.body).toContain("# TYPE vaxcal_job_queue gauge");
  });

  it("serve nothing else", async () => {
    const response = await app.inject({ method: "GET", url: "/api/calendars/1" });
    expect(response.statusCode).toBe(404);
  });
});
