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
