import { describe, expect, it } from "vitest";
import {
  MobileCodeOutcome,
  computeMobileCodeExpiry,
  generateMobileCode,
  hashMobileCode,
  judgeMobileCode,
  type StoredMobileCode,
} from "./mobile-codes.ts";

const secret = "test secret that is long enough";
const phone = "+353871234567";
const sentAt = new Date("2026-03-01T09:00:00Z");
const minutesAfterSending = (minutes: number) => new Date(sentAt.getTime() + minutes * 60_000);

function storeCode(code: string, changes: Partial<StoredMobileCode> = {}): StoredMobileCode {
  return {
    codeHash: hashMobileCode(secret, 7, phone, code),
    phone,
    expiresAt: computeMobileCodeExpiry(sentAt),
    attempts: 0,
    consumedAt: null,
    ...changes,
  };
}

describe("generateMobileCode", () => {
  it("makes six digits, leading zeros included, spread over the range", () => {
    const codes = Array.from({ length: 2000 }, generateMobileCode);
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(new Set(codes).size).toBeGreaterThan(1990);
    expect(codes.some((code) => code.startsWith("0"))).toBe(true);
  });
});

describe("judgeMobileCode", () => {
  it("accepts the right code within 10 minutes", () => {
    const stored = storeCode("012345");
    expect(judgeMobileCode(secret, 7, phone, stored, "012345", minutesAfterSending(10))).toBe(
      MobileCodeOutcome.accepted,
    );
  });

  it("counts a wrong code as a wrong attempt", () => {
    expect(judgeMobileCode(secret, 7, phone, storeCode("012345"), "012346", sentAt)).toBe(
      MobileCodeOutcome.wrong,
    );
  });

  it.each([
    ["after 10 minutes", storeCode("012345"), phone, minutesAfterSending(10.01)],
    ["once used", storeCode("012345", { consumedAt: sentAt }), phone, sentAt],
    ["after 5 wrong attempts", storeCode("012345", { attempts: 5 }), phone, sentAt],
    ["for another number", storeCode("012345"), "+353861234567", sentAt],
  ])("refuses even the right code %s", (_label, stored, currentPhone, now) => {
    expect(judgeMobileCode(secret, 7, currentPhone, stored, "012345", now)).toBe(
      MobileCodeOutcome.unusable,
    );
  });

  it("refuses when no code was sent", () => {
    expect(judgeMobileCode(secret, 7, phone, undefined, "012345", sentAt)).toBe(
      MobileCodeOutcome.unusable,
    );
  });

  it("binds the code to the user", () => {
    expect(judgeMobileCode(secret, 8, phone, storeCode("012345"), "012345", sentAt)).toBe(
      MobileCodeOutcome.wrong,
    );
  });
});
