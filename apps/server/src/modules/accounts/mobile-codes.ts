import { randomInt } from "node:crypto";
import { accountTimings } from "@vaxcal/contracts";
import { isSameSecret, signWithSecret } from "../../lib/tokens.ts";

/** Six digits from a cryptographic source; leading zeros are kept. */
export function generateMobileCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, "0");
}

/**
 * A keyed hash: a plain SHA-256 of six digits could be reversed by trying all million codes.
 * The phone is part of it, so a code sent to an old number cannot verify a new one.
 */
export function hashMobileCode(
  secret: string,
  userId: number,
  phone: string,
  code: string,
): string {
  return signWithSecret(secret, `mobile-code\n${userId}\n${phone}\n${code}`);
}

export function computeMobileCodeExpiry(now: Date): Date {
  return new Date(now.getTime() + accountTimings.mobileCodeMinutes * 60_000);
}

export type StoredMobileCode = {
  codeHash: string;
  phone: string;
  expiresAt: Date;
  attempts: number;
  consumedAt: Date | null;
};

export const MobileCodeOutcome = {
  /** The code is right: verify the phone and consume the code. */
  accepted: "accepted",
  /** A wrong guess: count the attempt. */
  wrong: "wrong",
  /** Used, expired, out of attempts, or for another number: nothing to count. */
  unusable: "unusable",
} as const;
export type MobileCodeOutcome = (typeof MobileCodeOutcome)[keyof typeof MobileCodeOutcome];

export function judgeMobileCode(
  secret: string,
  userId: number,
  currentPhone: string,
  stored: StoredMobileCode | undefined,
  code: string,
  now: Date,
): MobileCodeOutcome {
  if (
    !stored ||
    stored.consumedAt ||
    stored.phone !== currentPhone ||
    stored.attempts >= accountTimings.mobileCodeAttempts ||
    now.getTime() > stored.expiresAt.getTime()
  ) {
    return MobileCodeOutcome.unusable;
  }
  const isRight = isSameSecret(stored.codeHash, hashMobileCode(secret, userId, currentPhone, code));
  return isRight ? MobileCodeOutcome.accepted : MobileCodeOutcome.wrong;
}
