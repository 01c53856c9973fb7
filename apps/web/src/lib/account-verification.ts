import {
  MessageResponseSchema,
  MobileVerificationRequestSchema,
  accountPaths,
  type MobileVerificationRequest,
} from "@vaxcal/contracts";
import { sendJson } from "./api-client.ts";

/*
 * The verification calls of docs/product.md §7. They are shared because three places offer them:
 * the header's verification banner, account settings, and the landing page that confirms a texted
 * link. Each answers the server's message for the screen to show.
 */

/** POST /api/email/verification-notification: a new link to the e-mail on the account. */
export async function resendVerificationEmail(): Promise<string> {
  const { message } = await sendJson(
    accountPaths.emailVerificationNotification,
    MessageResponseSchema,
    {},
  );
  return message;
}

/** POST /api/mobile/verify/resend: a new code and link to the mobile on the account. */
export async function resendVerificationSms(): Promise<string> {
  const { message } = await sendJson(accountPaths.mobileVerifyResend, MessageResponseSchema, {});
  return message;
}

/** POST /api/mobile/verify with the 6-digit code from the text (signed-in user only). */
export async function verifyMobileCode(code: string): Promise<string> {
  const request: MobileVerificationRequest = MobileVerificationRequestSchema.parse({ code });
  const { message } = await sendJson(accountPaths.mobileVerify, MessageResponseSchema, request);
  return message;
}
