import { HealthSchema } from "@vaxcal/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app.ts";
import { connectDatabase } from "../../db/database.ts";
import { findFreePort } from "../../db/embedded-postgres.ts";
import { buildTestConfig, createTestApp, type TestApp } from "../../test/app.ts";

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

describe("GET /api/health", () => {
  it("reports the database up with 200, never cached", async () => {
    const response = await testApp.app.inject({ method: "GET", url: "/api/health" });
    expect(response.statusCode).toBe(200);
    expect(HealthSchema.parse(response.json())).toEqual({ status: "ok", database: "up" });
    expect(response.headers["cache-control"]).toBe("no-store");
  });

  it("reports the database down with 503 when PostgreSQL cannot be reached", async () => {
    // Nothing listens on a port that was free a moment ago.
    const port = await findFreePort();
    const database = connectDatabase(`postgres://vaxcal:unused@127.0.0.1:${port}/vaxcal`);
    const app = await buildApp({ config: buildTestConfig(), database });
    try {
      const response = await app.inject({ method: "GET", url: "/api/health" });
      expect(response.statusCode).toBe(503);
      expect(HealthSchema.parse(response.json())).toEqual({ status: "degraded", database: "down" });
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe("GET /api/health beside a busy pool", () => {
  it("answers 200 at once while every connection of the app's pool is held by other work", async () => {
    const held = await Promise.all(
      Array.from({ length: testApp.database.pool.options.max }, () =>
        testApp.database.pool.connect(),
      ),
    );
    try {
      const started = performance.now();
      const response = await testApp.app.inject({ method: "GET", url: "/api/health" });
      expect(response.statusCode).toBe(200);
      // Queued behind the pool it would wait for the 2-second timeout and answer 503.
      expect(performance.now() - started).toBeLessThan(1_000);
    } finally {
      for (const client of held) client.release();
    }
  });
});
