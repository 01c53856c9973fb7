/**
 * Texts of the protections around accounts: lockouts, password rules that depend on the
 * account, and the answers that must not tell one account from another.
 */

/** How long repeated wrong passwords pause an account's password logins. */
export const securityTimings = { loginLockMinutes: 15, contactUndoLinkDays: 7 } as const;

/** Where the undo link of a contact change opens in the web app (it reads `token`). */
export const undoContactChangePagePath = "/account/undo-contact-change";

/**
 * How many e-mails and texts VaxCal queues in any 24 hours: per destination, so nobody can be
 * bombed through it, and per account, so one account cannot run up the text bill. Each kind of
 * message (security: verification, resets; notification: invites, link notices) has these
 * budgets to itself, so notifications never use up what a password reset needs.
 */
export const messageBudgets = {
  textsPerDestination: 5,
  emailsPerDestination: 10,
  textsPerAccount: 10,
  messagesPerAccount: 20,
  windowHours: 24,
} as const;

export const securityMessages = {
  /** Many wrong passwords for one account, from anywhere: its password logins pause a while. */
  loginLocked: `Too many failed login attempts for this account. Please wait ${securityTimings.loginLockMinutes} minutes, or reset your password.`,
  /** A password of spaces alone (docs/product.md D9 counts characters, so these passed). */
  passwordBlank: "Please choose a password that is not just spaces.",
  /** The first thing an attacker who knows the account tries. */
  passwordIsAccountDetail:
    "Please choose a password that is not your email address, mobile number or name.",
  /** Over a message budget: nothing was saved or sent. */
  messageBudgetExceeded:
    "We have sent too many emails or text messages for this account or to this address today, so nothing was changed or sent. Please try again tomorrow.",
  /** A used, expired or unknown undo link. */
  contactUndoInvalid:
    "This link has already been used or has expired. If you think someone else is using your account, please reset your password.",
  /** The undo worked: the owner must now choose a password the intruder does not know. */
  contactChangeUndone:
    "Your previous email address and mobile number are back on your account, and every device has been logged out. Please reset your password now, because someone else may know it.",
  /** The old contact was taken by another account in the meantime. */
  contactUndoConflict:
    "We could not put back your previous email address or mobile number, because another account now uses it. Please reset your password and contact us.",
  /** A session alone must not move the addresses a password reset goes to. */
  currentPasswordForContactChange:
    "Please enter your current password to change your email address or mobile number.",
  /** Choosing or removing a vet practice gives or ends access to the calendars (decision 503). */
  currentPasswordForVetChange: "Please enter your current password to change your vet practice.",
} as const;
