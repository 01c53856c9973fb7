import { randomBytes } from "node:crypto";
import { calendarPaths, type CalendarFeedUrls } from "@vaxcal/contracts";
import { hashToken, signWithSecret } from "../../../lib/tokens.ts";

/*
 * A calendar's feed token (decision 401): HMAC-SHA256(APP_SECRET, nonce), 256 bits as 43 URL-safe
 * characters. The database keeps the random 128-bit nonce and the token's SHA-256: the nonce
 * alone cannot make the token without the secret, the hash finds the calendar when the feed is
 * fetched, and the owner's page shows the token again by deriving it. A new nonce revokes it.
 */

const feedTokenPattern = /^[A-Za-z0-9_-]{43}$/;

export function createFeedNonce(): string {
  return randomBytes(16).toString("hex");
}

export function deriveFeedToken(secret: string, nonce: string): string {
  return signWithSecret(secret, `vaxcal-calendar-feed:${nonce}`);
}

/** The lookup key of a token as presented, or null when it cannot be one of ours. */
export function hashFeedToken(token: string): string | null {
  return feedTokenPattern.test(token) ? hashToken(token) : null;
}

/** A new nonce with the token it makes and that token's hash, ready to store. */
export function createFeedCredentials(secret: string): {
  nonce: string;
  token: string;
  tokenHash: string;
} {
  const nonce = createFeedNonce();
  const token = deriveFeedToken(secret, nonce);
  return { nonce, token, tokenHash: hashToken(token) };
}

/**
 * The four ways to subscribe, built on PUBLIC_URL and never on the request's Host header, which a
 * caller controls. Apple Calendar opens webcal:// links itself.
 */
export function buildFeedUrls(publicUrl: string, token: string): CalendarFeedUrls {
  const https = `${publicUrl}${calendarPaths.feed.replace(":token", token)}`;
  const webcal = https.replace(/^https?:\/\//, "webcal://");
  return {
    https,
    webcal,
    google: `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(webcal)}`,
    outlook: `https://outlook.live.com/calendar/0/addfromweb?url=${encodeURIComponent(https)}`,
  };
}
