import { accountMessages } from "./messages.ts";
import { countCharacters, eircodePattern } from "./text.ts";

/** docs/product.md D9: length only, plus the server's common-password list. */
export const passwordPolicy = { minLength: 8, maxLength: 128 } as const;

/** Field limits, generous for real names and addresses, small enough to refuse junk. */
export const fieldLimits = {
  name: 100,
  email: 254,
  farmName: 150,
  address: 150,
  town: 100,
  eircode: 10,
  county: 100,
  loginUsername: 254,
  loginPassword: 1024,
} as const;

/** Null when the password meets the policy, else the message to show. */
export function describePasswordProblem(password: string): string | null {
  if (password.length === 0) return accountMessages.passwordRequired;
  const length = countCharacters(password);
  if (length < passwordPolicy.minLength) return accountMessages.passwordTooShort;
  if (length > passwordPolicy.maxLength) return accountMessages.passwordTooLong;
  // Control characters cannot be typed, and NUL breaks some hashing libraries.
  if (/\p{Cc}/u.test(password)) return accountMessages.unsupportedCharacters;
  return null;
}

/**
 * Text people type into a form: letters with fadas, digits, punctuation and spaces. Control and
 * format characters (NUL, right-to-left overrides, zero-width joiners), emoji and private-use
 * characters are refused: they spoof or break names printed on calendars and in e-mails.
 */
const unsupportedTextPattern =
  /[\p{Cc}\p{Cf}\p{Co}\p{Cs}\p{Cn}\p{Zl}\p{Zp}\p{Extended_Pictographic}]/u;

export function isPlainText(value: string): boolean {
  return !unsupportedTextPattern.test(value);
}

/** Upper case with one space, as An Post prints it. */
export function formatEircode(value: string): string {
  const compact = value.replace(/\s+/g, "").toUpperCase();
  return eircodePattern.test(compact) ? `${compact.slice(0, 3)} ${compact.slice(3)}` : value;
}

/** Timings callers and texts depend on. */
export const accountTimings = {
  emailVerificationLinkMinutes: 60,
  passwordResetLinkMinutes: 60,
  mobileCodeMinutes: 10,
  mobileCodeAttempts: 5,
  sessionIdleDays: 30,
  sessionAbsoluteDays: 90,
  loginFailuresPerMinute: 5,
} as const;
