/**
 * Seam for the accounts work: send the code to `accountPaths.mobileVerify` (POST
 * /api/mobile/verify, spec §7) as a `MobileVerificationRequest` with the signed-in user's token,
 * and check the reply with `MessageResponseSchema` (both in @vaxcal/contracts). The call needs
 * that token, which the login work adds; until then it refuses, so a stored code is kept and
 * the farmer is told it did not work.
 */
export async function verifyMobileCode(code: string): Promise<void> {
  void code;
  throw new Error("Mobile verification is not available yet.");
}
