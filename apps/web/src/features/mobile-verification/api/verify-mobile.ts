/**
 * Seam for the accounts work: confirm a mobile verification code with POST /api/mobile/verify
 * (spec §7), validating the reply with its contract schema once that contract exists.
 * Until then it refuses, so a stored code is kept and the farmer is told it did not work.
 */
export async function verifyMobileCode(code: string): Promise<void> {
  void code;
  throw new Error("Mobile verification is not available yet.");
}
