import { ErrorBodySchema } from "@vaxcal/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app.ts";

/* Authentication comes before the body is read: a caller without a session costs no parsing. */

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});

afterAll(() => testApp.close());

describe("a request without a session", () => {
  it("gets 401 before its body is parsed or validated", async () => {
    // 2 MiB that is not even JSON: parsing it would answer 400, a size check 413.
    const body = `{"data": ${"x".repeat(2 * 1024 * 1024 - 20)}`;
    for (const [method, url] of [
      ["POST", "/api/calendar"],
      ["PUT", "/api/calendar/1"],
      ["PUT", "/api/user/settings"],
      ["POST", "/api/mobile/verify"],
    ] as const) {
      const response = await testApp.app.inject({
        method,
        url,
        payload: body,
        headers: { "content-type": "application/json" },
      });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(ErrorBodySchema.parse(response.json()).error.code).toBe("UNAUTHORIZED");
    }
  });
});
