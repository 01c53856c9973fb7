/**
 * Texts of docs/product.md §2 and §8 that the accounts API does not send itself (those are the
 * contracts' `accountMessages`). Kept word for word.
 */
export const authMessages = {
  loginSuccessful: "Login successful",
  /** Not in the spec: above Login when a signed-out visitor followed a link to their own page. */
  loginToContinue: "Log in to open the page your link is for.",
  /** Not in the spec: above Login when a signed-out visitor opened the texted mobile link. */
  loginToConfirmMobile: "Log in to confirm your mobile number.",
  loginError: "An error occurred during login",
  loginFailed: "Login failed",
  resetFailed: "Password reset failed",
  tokenInvalid: "Invalid token",
  tokenCheckFailed: "Error validating token. Please try again.",
  registrationFailed: "Registration failed",
  registrationError: "An error occurred",
  emailVerifying: "Verifying your email, please wait...",
  emailVerifiedRedirect: "Your email has been verified! You will be redirected shortly.",
  emailVerificationError: "An error occurred during email verification.",
  smsVerificationFailed: "SMS verification failed",
  smsResendFailed: "SMS verification resend failed",
  /** Not in the spec: the e-mail counterpart of 'SMS verification resend failed'. */
  emailResendFailed: "Email verification resend failed",
} as const;

/**
 * docs/product.md §9: after e-mail verification the view waits 2 s, then opens account settings.
 */
export const emailVerifiedRedirectMs = 2000;

/** docs/product.md §9: the registration submit lock is released 1000 ms after the answer. */
export const registrationLockMs = 1000;

/** docs/product.md §2 verify-email view: 'Email verification failed: {message}'. */
export function describeEmailVerificationFailure(message: string): string {
  return `Email verification failed: ${message}`;
}
