import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app.ts";
import { buildSecurityHeaders } from "./security.ts";

/* The security headers are worked out once at start-up; every kind of answer still carries them. */

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});

afterAll(() => testApp.close());

// What helmet 8 sets with our options, named here so that a helmet upgrade that drops one fails.
const expectedHeaders = [
  "content-security-policy",
  "cross-origin-opener-policy",
  "cross-origin-resource-policy",
  "origin-agent-cluster",
  "referrer-policy",
  "strict-transport-security",
  "x-content-type-options",
  "x-dns-prefetch-control",
  "x-download-options",
  "x-frame-options",
  "x-permitted-cross-domain-policies",
  "x-xss-protection",
];

describe("security headers computed once", () => {
  it("are helmet's full set, with upgrade-insecure-requests only in production", () => {
    const development = buildSecurityHeaders({ isProduction: false });
    const production = buildSecurityHeaders({ isProduction: true });
    expect(Object.keys(development).sort()).toEqual(expectedHeaders);
    expect(Object.keys(production).sort()).toEqual(expectedHeaders);
    expect(development["content-security-policy"]).not.toContain("upgrade-insecure-requests");
    expect(production["content-security-policy"]).toContain("upgrade-insecure-requests");
    expect(development["x-frame-options"]).toBe("DENY");
  });

  it("are on a cached reference list, a 304, a 401, a 404 and a bad request alike", async () => {
    const headers = buildSecurityHeaders({ isProduction: false });
    const list = await testApp.app.inject({ method: "GET", url: "/api/territory-managers" });
    const answers = [
      list,
      await testApp.app.inject({
        method: "GET",
        url: "/api/territory-managers",
        headers: { "if-none-match": String(list.headers.etag) },
      }),
      await testApp.app.inject({ method: "GET", url: "/api/user/calendars" }),
      await testApp.app.inject({ method: "GET", url: "/api/no-such-route" }),
      await testApp.app.inject({
        method: "POST",
        url: "/api/login",
        payload: "{not json",
        headers: { "content-type": "application/json" },
      }),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 304, 401, 404, 400]);
    const requestIds = new Set<string>();
    for (const answer of answers) {
      for (const [name, value] of Object.entries(headers)) {
        expect(answer.headers[name], `${answer.statusCode} ${name}`).toBe(value);
      }
      requestIds.add(String(answer.headers["x-request-id"]));
    }
    expect(requestIds.size).toBe(answers.length);
  });
});
