import type { RateLimitRule } from "../../rate-limits/rate-limits.repository.ts";

const minuteMs = 60_000;

/** The throttles of the accounts calls, besides login's own (see sessions.service.ts). */
export const accountRules = {
  register: { name: "register", limit: 20, windowMs: 60 * minuteMs },
  emailResend: { name: "email-resend", limit: 3, windowMs: 15 * minuteMs },
  mobileResend: { name: "mobile-resend", limit: 3, windowMs: 15 * minuteMs },
  mobileVerify: { name: "mobile-verify", limit: 10, windowMs: 15 * minuteMs },
  resetPerEmail: { name: "reset-email", limit: 3, windowMs: 15 * minuteMs },
  resetPerClient: { name: "reset-client", limit: 20, windowMs: 60 * minuteMs },
  resetTokenPerClient: { name: "reset-token-client", limit: 30, windowMs: 15 * minuteMs },
  undoContactChangePerClient: {
    name: "undo-contact-change-client",
    limit: 30,
    windowMs: 15 * minuteMs,
  },
  vetRegister: { name: "vet-register", limit: 20, windowMs: 60 * minuteMs },
  /** Checking and using vet invite links: guesses at a token. */
  vetInviteTokenPerClient: { name: "vet-invite-token-client", limit: 30, windowMs: 15 * minuteMs },
  checkUserExists: { name: "check-user-exists", limit: 10, windowMs: minuteMs },
  /** Settings saves that change the e-mail or mobile: each one may tell whether it is taken. */
  contactChange: { name: "settings-contact-change", limit: 5, windowMs: 60 * minuteMs },
  /** Settings saves that link or unlink a vet practice: each one e-mails the practices. */
  vetLinkChange: { name: "settings-vet-link", limit: 5, windowMs: 24 * 60 * minuteMs },
  /** Settings saves that check the current password: guesses at it. */
  currentPassword: { name: "settings-current-password", limit: 5, windowMs: 15 * minuteMs },
} as const satisfies Record<string, RateLimitRule>;
