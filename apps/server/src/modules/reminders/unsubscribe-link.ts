import { isSameSecret, signWithSecret } from "../../lib/tokens.ts";

/*
 * The one-click "stop e-mail reminders" link in every reminder e-mail:
 * `/api/reminders/unsubscribe?user={id}&email={address}&signature={HMAC}`. The signature covers
 * the user id and the address the e-mail went to, so it works without a login, for that account
 * and address only, and needs nothing stored. It does not expire: an old e-mail must still work.
 */

export const unsubscribePath = "/api/reminders/unsubscribe";

function sign(secret: string, userId: number, email: string): string {
  return signWithSecret(secret, `reminders-unsubscribe\n${userId}\n${email}`);
}

export function buildUnsubscribeUrl(
  publicUrl: string,
  secret: string,
  userId: number,
  email: string,
): string {
  const query = new URLSearchParams({
    user: String(userId),
    email,
    signature: sign(secret, userId, email),
  });
  return `${publicUrl}${unsubscribePath}?${query}`;
}

export function isValidUnsubscribeSignature(
  secret: string,
  userId: number,
  email: string,
  signature: string,
): boolean {
  return isSameSecret(sign(secret, userId, email), signature);
}

/*
 * The practice digest's one-click "stop the weekly digest" link (decision 602):
 * `/api/vet/digest/unsubscribe?practice={id}&email={address}&signature={HMAC}`, signed for another
 * purpose than the reminders' link, so neither can be turned into the other.
 */

export const digestUnsubscribePath = "/api/vet/digest/unsubscribe";

function signDigest(secret: string, practiceId: number, email: string): string {
  return signWithSecret(secret, `practice-digest-unsubscribe\n${practiceId}\n${email}`);
}

export function buildDigestUnsubscribeUrl(
  publicUrl: string,
  secret: string,
  practiceId: number,
  email: string,
): string {
  const query = new URLSearchParams({
    practice: String(practiceId),
    email,
    signature: signDigest(secret, practiceId, email),
  });
  return `${publicUrl}${digestUnsubscribePath}?${query}`;
}

export function isValidDigestUnsubscribeSignature(
  secret: string,
  practiceId: number,
  email: string,
  signature: string,
): boolean {
  return isSameSecret(signDigest(secret, practiceId, email), signature);
}
