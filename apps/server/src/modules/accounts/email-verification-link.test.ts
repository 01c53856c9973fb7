import { describe, expect, it } from "vitest";
import {
  buildEmailVerificationHash,
  buildEmailVerificationUrl,
  isValidEmailVerificationHash,
} from "./email-verification-link.ts";

const secret = "test secret that is long enough";
const subject = { userId: 42, email: "mary@example.ie" };
const sentAt = new Date("2026-03-01T09:00:00Z");
const minutesAfterSending = (minutes: number) => new Date(sentAt.getTime() + minutes * 60_000);

describe("e-mail verification links", () => {
  const hash = buildEmailVerificationHash(secret, subject, sentAt);

  it("put the expiry and an HMAC in the hash segment", () => {
    expect(hash).toMatch(/^\d+\.[A-Za-z0-9_-]{43}$/);
    expect(buildEmailVerificationUrl("https://vaxcal.example", 42, hash)).toBe(
      `https://vaxcal.example/email/verify/42/${hash}`,
    );
  });

  it("work for 60 minutes and not after", () => {
    expect(isValidEmailVerificationHash(secret, subject, hash, minutesAfterSending(0))).toBe(true);
    expect(isValidEmailVerificationHash(secret, subject, hash, minutesAfterSending(60))).toBe(true);
    expect(isValidEmailVerificationHash(secret, subject, hash, minutesAfterSending(60.02))).toBe(
      false,
    );
  });

  it("fail when any part is tampered with", () => {
    const now = minutesAfterSending(1);
    const [expires, signature = ""] = hash.split(".");
    const laterExpiry = `${Number(expires) + 86_400}.${signature}`;
    const flipped = `${expires}.${signature.startsWith("A") ? "B" : "A"}${signature.slice(1)}`;
    expect(isValidEmailVerificationHash(secret, subject, laterExpiry, now)).toBe(false);
    expect(isValidEmailVerificationHash(secret, subject, flipped, now)).toBe(false);
    expect(isValidEmailVerificationHash(secret, { ...subject, userId: 43 }, hash, now)).toBe(false);
    expect(
      isValidEmailVerificationHash(secret, { ...subject, email: "new@example.ie" }, hash, now),
    ).toBe(false);
    expect(isValidEmailVerificationHash("another secret", subject, hash, now)).toBe(false);
    expect(isValidEmailVerificationHash(secret, subject, "garbage", now)).toBe(false);
  });
});
