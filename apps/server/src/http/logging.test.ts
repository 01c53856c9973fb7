import pino from "pino";
import { describe, expect, it } from "vitest";
import { createRedactingDestination, redactRequestPath, redactSecrets } from "./logging.ts";

const token = "q3Vb8yNw-2kLp_R7sXe4TfGh9JmZc1AdUoIi6Ey0Bn5";

describe("the request path as logged", () => {
  it("hides the feed token, the verification signature and any token-like segment", () => {
    expect(redactRequestPath(`/api/calendars/feed/${token}.ics`)).toBe(
      "/api/calendars/feed/[redacted]",
    );
    expect(redactRequestPath(`/email/verify/42/1772442000.${token}`)).toBe(
      "/email/verify/42/[redacted]",
    );
    expect(redactRequestPath(`/api/email/verify/42/1772442000.${token}`)).toBe(
      "/api/email/verify/42/[redacted]",
    );
    expect(redactRequestPath(`/some/page/${token}`)).toBe("/some/page/[redacted]");
  });

  it("drops the query string, and keeps ids and words", () => {
    expect(redactRequestPath(`/password/reset?email=a%40b.ie&token=${token}`)).toBe(
      "/password/reset",
    );
    expect(redactRequestPath("/api/calendars/12/download")).toBe("/api/calendars/12/download");
    expect(redactRequestPath("/account-settings")).toBe("/account-settings");
  });
});

describe("any log line", () => {
  it("loses the secrets of the links and bearer tokens it quotes", () => {
    const text = `delivery failed: https://vaxcal.example.ie/password/reset?email=a%40b.ie&token=${token} (Authorization: Bearer ${token})`;
    const scrubbed = redactSecrets(text);
    expect(scrubbed).not.toContain(token);
    expect(scrubbed).not.toContain("a%40b.ie");
    expect(scrubbed).toContain("/password/reset?email=[redacted]&token=[redacted]");
    expect(redactSecrets(`/api/reminders/unsubscribe?user=4&signature=${token}`)).toBe(
      "/api/reminders/unsubscribe?user=4&signature=[redacted]",
    );
    expect(redactSecrets("route /api/calendars/feed/:file")).toBe(
      "route /api/calendars/feed/:file",
    );
  });

  it("is scrubbed on its way out of a logger, message, fields and error alike", () => {
    const lines: string[] = [];
    const log = pino({}, createRedactingDestination({ write: (line) => void lines.push(line) }));
    const link = `https://vaxcal.example.ie/api/calendars/feed/${token}.ics`;
    log.warn({ link, err: new Error(`could not fetch ${link}`) }, `sent ${link}`);
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain(token);
    expect(JSON.parse(lines[0] ?? "{}")).toMatchObject({
      msg: "sent https://vaxcal.example.ie/api/calendars/feed/[redacted]",
    });
  });
});
