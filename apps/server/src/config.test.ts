import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig, repositoryRoot } from "./config.ts";

function parseError(environment: Record<string, string>): string {
  try {
    parseConfig(environment);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error("expected the configuration to be rejected");
}

describe("parseConfig", () => {
  it("applies the defaults of `npm start` when nothing is set", () => {
    expect(parseConfig({})).toMatchObject({
      port: 3000,
      host: "127.0.0.1",
      databaseUrl: undefined,
      dataDir: path.join(repositoryRoot, "data"),
      publicUrl: "http://localhost:3000",
      nodeEnv: "development",
      logLevel: "info",
      webDistDir: path.join(repositoryRoot, "apps/web/dist"),
    });
  });

  it("reads every key", () => {
    const config = parseConfig({
      PORT: "8080",
      HOST: "0.0.0.0",
      DATABASE_URL: "postgresql://vaxcal:secret@db.internal:5432/vaxcal",
      DATA_DIR: "/var/lib/vaxcal",
      PUBLIC_URL: "https://vaxcal.example.com/",
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      WEB_DIST_DIR: "/srv/web",
      APP_SECRET: "a-production-signing-key-of-32-characters",
      TRUST_PROXY: "10.0.0.0/8, loopback",
      API_DOCS: "true",
      MIGRATE_ON_START: "false",
      METRICS_TOKEN: "a-scrapers-bearer-token-of-32-characters",
    });
    expect(config).toEqual({
      port: 8080,
      host: "0.0.0.0",
      databaseUrl: "postgresql://vaxcal:secret@db.internal:5432/vaxcal",
      dataDir: "/var/lib/vaxcal",
      publicUrl: "https://vaxcal.example.com",
      nodeEnv: "production",
      logLevel: "warn",
      webDistDir: "/srv/web",
      appSecret: "a-production-signing-key-of-32-characters",
      trustProxy: ["10.0.0.0/8", "loopback"],
      apiDocs: true,
      metricsToken: "a-scrapers-bearer-token-of-32-characters",
      runWorkers: true,
      migrateOnStart: false,
      jobsTickSeconds: 30,
      reminderClaimLeaseSeconds: 300,
      requestTimeoutSeconds: 30,
      vetChangeQuietSeconds: 300,
    });
  });

  it("reads relative paths from the repository root, whatever the working directory", () => {
    const config = parseConfig({ DATA_DIR: "tmp/data", WEB_DIST_DIR: "build/web" });
    expect(config.dataDir).toBe(path.join(repositoryRoot, "tmp/data"));
    expect(config.webDistDir).toBe(path.join(repositoryRoot, "build/web"));
  });

  it("reads the background jobs' keys, and refuses a tick or lease under a second", () => {
    const config = parseConfig({ RUN_WORKERS: "false", JOBS_TICK_SECONDS: "5" });
    expect(config).toMatchObject({
      runWorkers: false,
      jobsTickSeconds: 5,
      reminderClaimLeaseSeconds: 300,
      requestTimeoutSeconds: 30,
    });
    expect(() => parseConfig({ JOBS_TICK_SECONDS: "0" })).toThrow(
      'Invalid configuration: JOBS_TICK_SECONDS must be at least 1 (got "0")',
    );
    expect(() => parseConfig({ REMINDER_CLAIM_LEASE_SECONDS: "soon" })).toThrow(
      'Invalid configuration: REMINDER_CLAIM_LEASE_SECONDS must be a whole number of seconds (got "soon")',
    );
    // Decision 427: the quiet period before a farmer is told of a vet's changes.
    expect(parseConfig({ VET_CHANGE_QUIET_SECONDS: "3" }).vetChangeQuietSeconds).toBe(3);
    expect(() => parseConfig({ VET_CHANGE_QUIET_SECONDS: "0" })).toThrow(
      'Invalid configuration: VET_CHANGE_QUIET_SECONDS must be at least 1 (got "0")',
    );
  });

  it("treats an empty value as unset", () => {
    const config = parseConfig({ PORT: "", DATABASE_URL: "", LOG_LEVEL: "" });
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.logLevel).toBe("info");
  });

  it("derives the public URL from the port", () => {
    expect(parseConfig({ PORT: "4000" }).publicUrl).toBe("http://localhost:4000");
  });

  it.each([
    [{ PORT: "abc" }, 'Invalid configuration: PORT must be a port number (got "abc")'],
    [{ PORT: "70000" }, 'Invalid configuration: PORT must be a port number (got "70000")'],
    [{ PORT: "-1" }, 'Invalid configuration: PORT must be a port number (got "-1")'],
    [
      { DATABASE_URL: "mysql://localhost/vaxcal" },
      "Invalid configuration: DATABASE_URL must be a postgres:// URL (value hidden)",
    ],
    [
      { PUBLIC_URL: "vaxcal.ie" },
      'Invalid configuration: PUBLIC_URL must be an http:// or https:// URL (got "vaxcal.ie")',
    ],
    [
      { NODE_ENV: "prod" },
      'Invalid configuration: NODE_ENV must be one of development, production, test (got "prod")',
    ],
    [
      { LOG_LEVEL: "loud" },
      'Invalid configuration: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud")',
    ],
  ])("rejects %o with one line naming the key", (environment, message) => {
    expect(parseError(environment)).toBe(message);
  });

  it("trusts no proxy unless TRUST_PROXY names one, and never every X-Forwarded-For", () => {
    expect(parseConfig({}).trustProxy).toBe(false);
    expect(parseConfig({ TRUST_PROXY: "0" }).trustProxy).toBe(false);
    expect(parseConfig({ TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(parseConfig({ TRUST_PROXY: "192.0.2.10,2001:db8::/32" }).trustProxy).toEqual([
      "192.0.2.10",
      "2001:db8::/32",
    ]);
    for (const value of ["true", "everyone", "10.0.0.0/33"]) {
      expect(parseError({ TRUST_PROXY: value })).toMatch(
        /^Invalid configuration: TRUST_PROXY must be a hop count or a comma-separated list/,
      );
    }
  });

  it("refuses production without PUBLIC_URL, or with an APP_SECRET easy to guess", () => {
    const production = {
      NODE_ENV: "production",
      DATABASE_URL: "postgresql://vaxcal@db.internal/vaxcal",
      APP_SECRET: "kV3r8-Qz_uN1mXw7pLc2TbYh6sGd0eJa9oFiR4",
    };
    expect(parseError(production)).toBe(
      "Invalid configuration: PUBLIC_URL is required in production (got undefined)",
    );
    const withUrl = { ...production, PUBLIC_URL: "https://vaxcal.example.ie" };
    expect(parseConfig(withUrl).publicUrl).toBe("https://vaxcal.example.ie");
    for (const weak of ["a".repeat(32), "abcd".repeat(10), "0123456789".repeat(4)]) {
      expect(parseError({ ...withUrl, APP_SECRET: weak })).toBe(
        "Invalid configuration: APP_SECRET is too easy to guess: generate a random one as .env.example shows (value hidden)",
      );
    }
    // Outside production the key is the developer's business; PUBLIC_URL defaults to localhost.
    expect(parseConfig({ APP_SECRET: "a".repeat(32) }).publicUrl).toBe("http://localhost:3000");
  });

  it("names every bad key, one per line", () => {
    const lines = parseError({ PORT: "abc", LOG_LEVEL: "loud" }).split("\n");
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^Invalid configuration: PORT /);
    expect(lines[1]).toMatch(/^Invalid configuration: LOG_LEVEL /);
  });

  it("does not echo a database password in its message", () => {
    const message = parseError({ DATABASE_URL: "http://vaxcal:s3cret@db.internal/vaxcal" });
    expect(message).toMatch(/^Invalid configuration: DATABASE_URL must be a postgres:\/\/ URL/);
    expect(message).not.toContain("s3cret");
  });
});

describe("accounts configuration", () => {
  it("keeps e-mails and texts in the outbox when no transport is set", () => {
    expect(parseConfig({})).toMatchObject({
      appSecret: undefined,
      mail: undefined,
      sms: undefined,
    });
  });

  it("reads the SMTP and Twilio settings", () => {
    const config = parseConfig({
      SMTP_URL: "smtps://mailer:pass@smtp.example.ie:465",
      MAIL_FROM: "VaxCal <hello@vaxcal.example>",
      TWILIO_ACCOUNT_SID: "AC123",
      TWILIO_AUTH_TOKEN: "token",
      TWILIO_FROM: "+353861000000",
    });
    expect(config.mail).toEqual({
      smtpUrl: "smtps://mailer:pass@smtp.example.ie:465",
      from: "VaxCal <hello@vaxcal.example>",
    });
    expect(config.sms).toEqual({
      accountSid: "AC123",
      authToken: "token",
      from: "+353861000000",
      apiUrl: "https://api.twilio.com",
    });
  });

  it("needs a signing key of 32 characters or more in production", () => {
    expect(
      parseError({
        NODE_ENV: "production",
        DATABASE_URL: "postgresql://vaxcal@db.internal/vaxcal",
        PUBLIC_URL: "https://vaxcal.example.ie",
      }),
    ).toBe("Invalid configuration: APP_SECRET is required in production (value hidden)");
    expect(parseError({ APP_SECRET: "short" })).toBe(
      "Invalid configuration: APP_SECRET must be at least 32 characters (value hidden)",
    );
  });

  it("needs DATABASE_URL in production, and says the embedded PostgreSQL is not for it", () => {
    expect(
      parseError({
        NODE_ENV: "production",
        APP_SECRET: "kV3r8-Qz_uN1mXw7pLc2TbYh6sGd0eJa9oFiR4",
        PUBLIC_URL: "https://vaxcal.example.ie",
      }),
    ).toBe(
      "Invalid configuration: DATABASE_URL is required in production; the embedded PostgreSQL is only for development, tests and single-farm trials (NODE_ENV=development) (value hidden)",
    );
    expect(parseConfig({ NODE_ENV: "development" }).databaseUrl).toBeUndefined();
  });

  it("needs all three Twilio keys or none", () => {
    expect(parseError({ TWILIO_ACCOUNT_SID: "AC123" })).toBe(
      [
        "Invalid configuration: TWILIO_AUTH_TOKEN is required with the other TWILIO_ keys (value hidden)",
        "Invalid configuration: TWILIO_FROM is required with the other TWILIO_ keys (got undefined)",
      ].join("\n"),
    );
  });

  it("never repeats an SMTP password in an error", () => {
    expect(parseError({ SMTP_URL: "http://mailer:hunter2@smtp.example.ie" })).toBe(
      "Invalid configuration: SMTP_URL must be an smtp:// or smtps:// URL (value hidden)",
    );
  });
});
