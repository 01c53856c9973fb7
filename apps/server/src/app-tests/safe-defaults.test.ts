import { ErrorBodySchema } from "@vaxcal/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { parseConfig } from "../config.ts";
import { buildEmailVerificationHash } from "../modules/accounts/index.ts";
import { createAccountsTestApp, registerUser, type AccountsTestApp } from "../test/accounts.ts";
import { createTestDatabase, type TestDatabase } from "../test/database.ts";

/*
 * What an install gets without configuring anything: the development outbox stays on this
 * machine, links are signed with a key of its own, and production shows no API map by default.
 */

let testApp: AccountsTestApp;

beforeAll(async () => {
  testApp = await createAccountsTestApp({ appSecret: undefined });
});

afterAll(() => testApp.close());

describe("GET /dev/outbox", () => {
  it("refuses a client that is not on this machine, or that comes through a proxy", async () => {
    for (const request of [
      { remoteAddress: "203.0.113.9" },
      { remoteAddress: "192.168.1.20" },
      { remoteAddress: "127.0.0.1", headers: { "x-forwarded-for": "203.0.113.9" } },
      { remoteAddress: "::1", headers: { forwarded: "for=203.0.113.9" } },
    ]) {
      for (const url of ["/dev/outbox", "/dev/outbox.css"]) {
        const response = await testApp.app.inject({ method: "GET", url, ...request });
        expect(response.statusCode, `${url} ${JSON.stringify(request)}`).toBe(404);
        expect(ErrorBodySchema.parse(response.json()).error.code).toBe("NOT_FOUND");
        expect(response.body).not.toContain("VaxCal outbox");
      }
    }
  });

  it("serves a browser on this machine, and says that only such a browser can see it", async () => {
    for (const remoteAddress of ["127.0.0.1", "::1", "::ffff:127.0.0.1"]) {
      const response = await testApp.app.inject({
        method: "GET",
        url: "/dev/outbox",
        remoteAddress,
      });
      expect(response.statusCode, remoteAddress).toBe(200);
      expect(response.body).toContain("only to a browser on this computer");
    }
  });
});

describe("without APP_SECRET", () => {
  it("does not sign e-mail links with a key anyone can read in the source", async () => {
    const user = await registerUser(testApp.app);
    const formerConstant = "vaxcal-development-signing-key-never-used-in-production";
    const hash = buildEmailVerificationHash(
      formerConstant,
      { userId: user.id, email: user.email ?? "" },
      testApp.clock.now(),
    );
    const response = await testApp.app.inject({
      method: "GET",
      url: `/api/email/verify/${user.id}/${hash}`,
    });
    expect(response.statusCode).toBe(400);
  });
});

describe("/api/docs in production", () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(() => database.drop());

  const production = {
    NODE_ENV: "production",
    LOG_LEVEL: "silent",
    // Parsed only: the app is given the test database below.
    DATABASE_URL: "postgresql://vaxcal@db.internal/vaxcal",
    APP_SECRET: "kV3r8-Qz_uN1mXw7pLc2TbYh6sGd0eJa9oFiR4",
    PUBLIC_URL: "https://vaxcal.example.ie",
  };

  it("is not served unless API_DOCS=true", async () => {
    for (const [apiDocs, expected] of [
      [undefined, 404],
      ["false", 404],
      ["true", 200],
    ] as const) {
      const app = await buildApp({
        config: parseConfig({ ...production, API_DOCS: apiDocs }),
        database,
      });
      try {
        const page = await app.inject({ method: "GET", url: "/api/docs/json" });
        expect(page.statusCode, `API_DOCS=${apiDocs}`).toBe(expected);
      } finally {
        await app.close();
      }
    }
  });
});
