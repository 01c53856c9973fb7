import { verifyMobileCode as sendMobileCode } from "../../../lib/account-verification.ts";

/**
 * POST /api/mobile/verify (docs/product.md §7) with the code from the texted link. The call needs
 * the signed-in user's token, so the landing page sends it only once someone is signed in.
 */
export async function verifyMobileCode(code: string): Promise<void> {
  await sendMobileCode(code);
}
