import { accountTimings, messageLinkPages, securityTimings } from "@vaxcal/contracts";
import { renderEmail, type RenderedEmail } from "../../mail/render-email.ts";

/*
 * The e-mails and texts of the accounts module. Plain words for farmers reading on a phone:
 * what happened, the one thing to do, how long it works, and what to do if it was not them.
 */

export function renderEmailVerificationEmail(name: string, url: string): RenderedEmail {
  return renderEmail({
    subject: "Please confirm your email address for VaxCal",
    greeting: `Hello ${name},`,
    paragraphs: [
      "Thank you for registering with VaxCal.",
      "Please confirm this is your email address, so that we can send you vaccination reminders.",
      `The link works for ${accountTimings.emailVerificationLinkMinutes} minutes. If it runs out, you can ask for a new one in your account settings.`,
    ],
    action: { label: "Confirm my email address", url },
    afterword: ["If you did not register with VaxCal, you can ignore this email."],
  });
}

export function renderPasswordResetEmail(name: string, url: string): RenderedEmail {
  return renderEmail({
    subject: "Reset your VaxCal password",
    greeting: `Hello ${name},`,
    paragraphs: [
      "We received a request to reset the password of your VaxCal account.",
      `The link works once, for ${accountTimings.passwordResetLinkMinutes} minutes.`,
    ],
    action: { label: "Choose a new password", url },
    afterword: [
      "If you did not ask for this, you can ignore this email. Your password stays the same.",
    ],
  });
}

export function renderPasswordChangedEmail(name: string, loginUrl: string): RenderedEmail {
  return renderEmail({
    subject: "Your VaxCal password was changed",
    greeting: `Hello ${name},`,
    paragraphs: [
      "The password of your VaxCal account was just changed, and you were logged out everywhere else.",
      "If you changed it, there is nothing more to do.",
      "If you did not, please reset your password straight away from the login page.",
    ],
    action: { label: "Go to VaxCal", url: loginUrl },
  });
}

/**
 * Kept to one 160-character GSM-7 segment for a public URL of up to about 50 characters,
 * so it arrives as one text and costs one text.
 */
export function renderMobileCodeText(code: string, url: string): string {
  return `VaxCal code: ${code}. Or tap ${url} to confirm your mobile. It works for ${accountTimings.mobileCodeMinutes} minutes.`;
}

export function buildMobileVerificationUrl(publicUrl: string, code: string): string {
  return `${publicUrl}${messageLinkPages.verifyMobile}?code=${code}`;
}

/**
 * The link of a password reset: the token and the contact it went to, `email` for an e-mail and
 * `mobile` (E.164) for a text (decision 202).
 */
export function buildPasswordResetUrl(publicUrl: string, token: string, contact: string): string {
  const query = new URLSearchParams(
    contact.includes("@") ? { token, email: contact } : { token, mobile: contact },
  );
  return `${publicUrl}${messageLinkPages.passwordReset}?${query.toString()}`;
}

/** The reset link by text, for an account reached by its mobile (decision 202). */
export function renderPasswordResetText(url: string): string {
  return `VaxCal: to choose a new password, open ${url} (works once, for ${accountTimings.passwordResetLinkMinutes} minutes). Did not ask? Ignore this text.`;
}

export function renderPasswordChangedText(): string {
  return "VaxCal: the password of your account was changed. If this was not you, reset it at once.";
}

/** Sent once when repeated wrong passwords lock an account's password logins for a while. */
export function renderLoginLockedEmail(
  name: string,
  lockMinutes: number,
  publicUrl: string,
): RenderedEmail {
  return renderEmail({
    subject: "Someone keeps trying to log in to your VaxCal account",
    greeting: `Hello ${name},`,
    paragraphs: [
      "There were many failed attempts to log in to your VaxCal account with a wrong password.",
      `To keep the account safe, logging in with a password is paused for ${lockMinutes} minutes.`,
      "If this was you, wait a little or reset your password from the login page. If it was not you, your account is still safe: nobody got in. Choosing a new, longer password keeps it that way.",
    ],
    action: { label: "Go to VaxCal", url: publicUrl },
  });
}

export function renderLoginLockedText(lockMinutes: number): string {
  return `VaxCal: many wrong passwords were tried on your account. Password logins are paused for ${lockMinutes} minutes. Nobody got in.`;
}

export function buildUndoContactChangeUrl(publicUrl: string, token: string): string {
  return `${publicUrl}${messageLinkPages.undoContactChange}?token=${token}`;
}

/**
 * Sent to the e-mail the account has when a new e-mail or mobile is entered in the settings; the
 * new one takes effect only once confirmed from it (docs/product.md D21).
 */
export function renderContactChangedEmail(name: string, undoUrl: string): RenderedEmail {
  return renderEmail({
    subject: "The email address or mobile number of your VaxCal account was changed",
    greeting: `Hello ${name},`,
    paragraphs: [
      "The email address or mobile number of your VaxCal account was just changed in the account settings. A new email address or mobile number is used once it is confirmed from the link or code we sent to it.",
      "If you changed it, there is nothing more to do.",
      `If you did not, someone else may be using your account. The button below puts back your previous details and logs everyone out. It works once, for ${securityTimings.contactUndoLinkDays} days.`,
    ],
    action: { label: "Undo the change and secure my account", url: undoUrl },
  });
}

/** The same notice for an account that had a mobile and no e-mail. */
export function renderContactChangedText(undoUrl: string): string {
  return `VaxCal: your account's email or mobile was changed. Not you? Undo it within ${securityTimings.contactUndoLinkDays} days: ${undoUrl}`;
}

/**
 * Sent to an address when another account asks for it in its settings. The change is not made,
 * and the asker's answer does not say so, so that settings cannot tell who is registered.
 */
export function renderContactInUseEmail(): RenderedEmail {
  return renderEmail({
    subject: "Someone tried to use your email address on VaxCal",
    greeting: "Hello,",
    paragraphs: [
      "Someone tried to use this email address for another VaxCal account. If it was you, you can ignore this message; no change was made.",
    ],
  });
}

export function renderContactInUseText(): string {
  return "VaxCal: someone tried to use this mobile number for another VaxCal account. If it was you, you can ignore this text; no change was made.";
}
