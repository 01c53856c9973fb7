/**
 * Texts of the protections around accounts: lockouts, password rules that depend on the
 * account, and the answers that must not tell one account from another.
 */

/** How long repeated wrong passwords pause an account's password logins. */
export const securityTimings = { loginLockMinutes: 15 } as const;

export const securityMessages = {
  /** Many wrong passwords for one account, from anywhere: its password logins pause a while. */
  loginLocked: `Too many failed login attempts for this account. Please wait ${securityTimings.loginLockMinutes} minutes, or reset your password.`,
  /** A password of spaces alone (PRODUCT.md decision 9 counts characters, so these passed). */
  passwordBlank: "Please choose a password that is not just spaces.",
  /** The first thing an attacker who knows the account tries. */
  passwordIsAccountDetail:
    "Please choose a password that is not your email address, mobile number or name.",
} as const;
