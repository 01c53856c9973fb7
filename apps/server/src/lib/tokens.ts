import { createHmac, hash, randomBytes, timingSafeEqual } from "node:crypto";

/** 256 random bits, URL-safe: 43 characters. */
export function generateOpaqueToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Tokens are stored only as this digest, so a leaked table logs nobody in. */
export function hashToken(token: string): string {
  // The one-shot digest: no Hash object per call (sessions and feeds hash a token per request).
  return hash("sha256", token, "hex");
}

export function signWithSecret(secret: string, value: string): string {
  return createHmac("sha256", secret).update(value, "utf8").digest("base64url");
}

/** Compares in time that does not depend on where two strings first differ. */
export function isSameSecret(expected: string, actual: string): boolean {
  const expectedBytes = Buffer.from(expected, "utf8");
  const actualBytes = Buffer.from(actual, "utf8");
  // timingSafeEqual needs equal lengths; comparing with itself keeps the time similar.
  if (expectedBytes.length !== actualBytes.length) {
    timingSafeEqual(expectedBytes, expectedBytes);
    return false;
  }
  return timingSafeEqual(expectedBytes, actualBytes);
}
