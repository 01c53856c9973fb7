import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "../../config.ts";

function readError(environment: Record<string, string>): string {
  try {
    parseConfig(environment);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error("expected the configuration to be rejected");
}

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
    expect(readError({ NODE_ENV: "production", PUBLIC_URL: "https://vaxcal.example.ie" })).toBe(
      "Invalid configuration: APP_SECRET is required in production (value hidden)",
    );
    expect(readError({ APP_SECRET: "short" })).toBe(
      "Invalid configuration: APP_SECRET must be at least 32 characters (value hidden)",
    );
  });

  it("needs all three Twilio keys or none", () => {
    expect(readError({ TWILIO_ACCOUNT_SID: "AC123" })).toBe(
      [
        "Invalid configuration: TWILIO_AUTH_TOKEN is required with the other TWILIO_ keys (value hidden)",
        "Invalid configuration: TWILIO_FROM is required with the other TWILIO_ keys (got undefined)",
      ].join("\n"),
    );
  });

  it("never repeats an SMTP password in an error", () => {
    expect(readError({ SMTP_URL: "http://mailer:hunter2@smtp.example.ie" })).toBe(
      "Invalid configuration: SMTP_URL must be an smtp:// or smtps:// URL (value hidden)",
    );
  });
});
