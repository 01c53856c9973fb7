import { fillPagePattern, messageLinkPages } from "@vaxcal/contracts";
import { accountTimings } from "@vaxcal/contracts";
import { isSameSecret, signWithSecret } from "../../lib/tokens.ts";

/*
 * The link is `/email/verify/{id}/{expires}.{signature}`. The signature is an HMAC over the user
 * id, the e-mail address and the expiry, so a link cannot be stretched in time, moved to another
 * user, or reused after the address changes. Nothing is stored: the secret is the whole state.
 */

type LinkSubject = { userId: number; email: string };

function signLink(secret: string, subject: LinkSubject, expiresAtSeconds: number): string {
  return signWithSecret(
    secret,
    `email-verification\n${subject.userId}\n${subject.email}\n${expiresAtSeconds}`,
  );
}

export function buildEmailVerificationHash(
  secret: string,
  subject: LinkSubject,
  now: Date,
): string {
  const lifetimeSeconds = accountTimings.emailVerificationLinkMinutes * 60;
  const expiresAtSeconds = Math.floor(now.getTime() / 1000) + lifetimeSeconds;
  return `${expiresAtSeconds}.${signLink(secret, subject, expiresAtSeconds)}`;
}

export function buildEmailVerificationUrl(publicUrl: string, userId: number, hash: string): string {
  return `${publicUrl}${fillPagePattern(messageLinkPages.emailVerify, { id: userId, hash })}`;
}

/** True only for an untampered link for this user and address that has not expired. */
export function isValidEmailVerificationHash(
  secret: string,
  subject: LinkSubject,
  hash: string,
  now: Date,
): boolean {
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(hash);
  if (!match) return false;
  const expiresAtSeconds = Number(match[1]);
  const isSigned = isSameSecret(signLink(secret, subject, expiresAtSeconds), match[2] ?? "");
  return isSigned && now.getTime() <= expiresAtSeconds * 1000;
}
