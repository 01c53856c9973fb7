import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app.ts";

/*
 * The log carries no personal data: not the query string, not the parameters of a failed SQL
 * query (Drizzle's error message lists them), not the value PostgreSQL quotes back.
 */

const secret = "mary.secret@example.ie";
let testApp: TestApp;
const lines: string[] = [];

/** Sends the app's log lines (and those of every request's child logger) to `lines`. */
function captureLog(app: FastifyInstance): void {
  const logger = app.log as unknown as Record<symbol, unknown>;
  const streamKey = Object.getOwnPropertySymbols(logger).find(
    (key) => key.description === "pino.stream",
  );
  if (!streamKey) throw new Error("the logger has no stream to capture");
  logger[streamKey] = { write: (line: string) => lines.push(line) };
}

beforeAll(async () => {
  testApp = await createTestApp({ logLevel: "info" });
  testApp.app.get("/api/test/failing-query", async (request) => {
    const { email } = request.query as { email: string };
    return testApp.database.db.execute(sql`SELECT ${email}::integer AS id`);
  });
  captureLog(testApp.app);
});

afterAll(() => testApp.close());

describe("the log", () => {
  it("keeps no query string and no SQL parameter, even of a request that fails", async () => {
    const query = `email=${encodeURIComponent(secret)}`;
    const failed = await testApp.app.inject({
      method: "GET",
      url: `/api/test/failing-query?${query}`,
    });
    expect(failed.statusCode).toBe(500);
    await testApp.app.inject({ method: "GET", url: `/api/check-user-exists?${query}` });
    await testApp.app.inject({ method: "GET", url: `/api/nothing-here?${query}` });
    const log = lines.join("\n");
    expect(log).toContain("request failed");
    expect(log).toContain("Failed query");
    expect(log).not.toContain("mary.secret");
  });
});
