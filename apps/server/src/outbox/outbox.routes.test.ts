import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app.ts";
import { createAccountsTestApp, registerUser, type AccountsTestApp } from "../test/accounts.ts";

let testApp: AccountsTestApp;

beforeAll(async () => {
  testApp = await createAccountsTestApp();
});

afterAll(() => testApp.close());

describe("GET /dev/outbox", () => {
  it("lists held messages newest first, with clickable links", async () => {
    const first = await registerUser(testApp.app, { name: "First" });
    testApp.clock.advanceMinutes(1);
    const second = await registerUser(testApp.app, { name: "Second" });
    const response = await testApp.app.inject({ method: "GET", url: "/dev/outbox" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    const page = response.body;
    expect(page.indexOf(second.email ?? "")).toBeLessThan(page.indexOf(first.email ?? ""));
    expect(page).toMatch(/<a href="http:\/\/localhost:3000\/email\/verify\/\d+\/[^"]+">/);
    expect(page).toMatch(/<a href="http:\/\/localhost:3000\/verify-mobile\?code=\d{6}">/);
  });

  it("escapes what users typed and carries no inline script", async () => {
    await registerUser(testApp.app, { name: "<script>alert(1)</script>" });
    const response = await testApp.app.inject({ method: "GET", url: "/dev/outbox" });
    expect(response.body).not.toContain("<script");
    expect(response.body).toContain("Hello &lt;script&gt;alert(1)&lt;/script&gt;,");
    expect(response.headers["content-security-policy"]).toContain("script-src 'self'");
  });

  it("is refused (404) through a proxy header such as X-Real-IP, or for a Host that is not this machine", async () => {
    for (const headers of [
      { "x-real-ip": "203.0.113.9" },
      { forwarded: "for=203.0.113.9" },
      { "x-forwarded-for": "203.0.113.9" },
      { host: "evil.example" },
      { host: "localhost.evil.example:80" },
    ]) {
      const response = await testApp.app.inject({ method: "GET", url: "/dev/outbox", headers });
      expect(response.statusCode, JSON.stringify(headers)).toBe(404);
    }
    for (const host of ["localhost", "127.0.0.1", "[::1]"]) {
      const response = await testApp.app.inject({
        method: "GET",
        url: "/dev/outbox",
        headers: { host },
      });
      expect(response.statusCode, host).toBe(200);
    }
  });

  it("takes its styles from a stylesheet of its own, which the site's CSP allows", async () => {
    const page = await testApp.app.inject({ method: "GET", url: "/dev/outbox" });
    expect(page.body).toContain('<link rel="stylesheet" href="/dev/outbox.css">');
    expect(page.body).not.toMatch(/<style|style="/);
    expect(page.headers["content-security-policy"]).toContain("style-src 'self'");
    const stylesheet = await testApp.app.inject({ method: "GET", url: "/dev/outbox.css" });
    expect(stylesheet.statusCode).toBe(200);
    expect(stylesheet.headers["content-type"]).toBe("text/css; charset=utf-8");
    // What keeps a phone from scrolling sideways (e2e/tests/dev-outbox.spec.ts measures it).
    expect(stylesheet.body).toContain("overflow-wrap: anywhere");
    expect(stylesheet.body).toContain("white-space: pre-wrap");
  });
});

describe("in production", () => {
  let production: TestApp;

  beforeAll(async () => {
    production = await createTestApp({ nodeEnv: "production" });
  });

  afterAll(() => production.close());

  it("does not exist", async () => {
    const response = await production.app.inject({ method: "GET", url: "/dev/outbox" });
    expect(response.body).not.toContain("VaxCal outbox");
    const stylesheet = await production.app.inject({ method: "GET", url: "/dev/outbox.css" });
    expect(stylesheet.body).not.toContain("overflow-wrap");
  });
});
