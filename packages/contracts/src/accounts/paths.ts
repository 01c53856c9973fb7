/** Every accounts call, so the web app never spells a path twice. */
export const accountPaths = {
  register: "/api/register",
  login: "/api/login",
  logout: "/api/logout",
  user: "/api/user",
  settings: "/api/user/settings",
  emailVerify: "/api/email/verify/:id/:hash",
  emailVerificationNotification: "/api/email/verification-notification",
  mobileVerify: "/api/mobile/verify",
  mobileVerifyResend: "/api/mobile/verify/resend",
  /**
   * The original path (docs/product.md §7); `/api/password/reset` is the same call behind the dev
   * proxy.
   */
  passwordReset: "/password/reset",
  passwordResetApi: "/api/password/reset",
  passwordVerifyToken: "/api/password/verify-token",
  passwordResetConfirm: "/api/password/reset/confirm",
  checkUserExists: "/api/check-user-exists",
  undoContactChange: "/api/account/undo-contact-change",
} as const;
