import { describe, expect, it } from "vitest";
import {
  buildFeedUrls,
  createFeedCredentials,
  createFeedNonce,
  deriveFeedToken,
  hashFeedToken,
} from "./calendar-feed-token.ts";

const secret = "a-secret-of-at-least-thirty-two-characters";

describe("feed tokens", () => {
  it("carry 256 bits as 43 URL-safe characters, the same for the same nonce", () => {
    const nonce = createFeedNonce();
    const token = deriveFeedToken(secret, nonce);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(deriveFeedToken(secret, nonce)).toBe(token);
  });

  it("cannot be made from the stored nonce without the secret", () => {
    const nonce = createFeedNonce();
    expect(deriveFeedToken("another-secret-of-thirty-two-characters", nonce)).not.toBe(
      deriveFeedToken(secret, nonce),
    );
  });

  it("change with every new nonce, and only their hash is stored", () => {
    const first = createFeedCredentials(secret);
    const second = createFeedCredentials(secret);
    expect(first.nonce).not.toBe(second.nonce);
    expect(first.tokenHash).toBe(hashFeedToken(deriveFeedToken(secret, first.nonce)));
    expect(first.tokenHash).not.toBe(second.tokenHash);
    expect(first.tokenHash).not.toContain(deriveFeedToken(secret, first.nonce));
  });

  it("refuse anything that is not one of ours before any look-up", () => {
    for (const text of ["", "short", "a".repeat(44), `${"a".repeat(42)}/`, "é".repeat(43)]) {
      expect(hashFeedToken(text), text).toBeNull();
    }
  });
});

describe("feed links", () => {
  it("offer the https feed, webcal for Apple, and Google's and Outlook's subscribe pages", () => {
    const token = "t".repeat(43);
    expect(buildFeedUrls("http://localhost:3000", token)).toEqual({
      https: `http://localhost:3000/api/calendars/feed/${token}.ics`,
      webcal: `webcal://localhost:3000/api/calendars/feed/${token}.ics`,
      google: `https://calendar.google.com/calendar/r?cid=webcal%3A%2F%2Flocalhost%3A3000%2Fapi%2Fcalendars%2Ffeed%2F${token}.ics`,
      outlook: `https://outlook.live.com/calendar/0/addfromweb?url=http%3A%2F%2Flocalhost%3A3000%2Fapi%2Fcalendars%2Ffeed%2F${token}.ics`,
    });
  });
});
