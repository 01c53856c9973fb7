import { accountMessages } from "@vaxcal/contracts";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Executor } from "../../db/database.ts";
import { RetryLaterError } from "../../errors/app-error.ts";
import type { Clock } from "../../lib/clock.ts";
import { enforceRateLimit as enforceLimit } from "../../lib/rate-limit.ts";
import {
  createRateLimitsRepository,
  type RateLimitRule,
} from "../../lib/rate-limits.repository.ts";

const minuteMs = 60_000;

/** The throttles of the accounts calls, besides login's own (see log-in.ts). */
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
  checkUserExists: { name: "check-user-exists", limit: 10, windowMs: minuteMs },
  /** Settings saves that change the e-mail or mobile: each one may tell whether it is taken. */
  contactChange: { name: "settings-contact-change", limit: 5, windowMs: 60 * minuteMs },
  /** Settings saves that check the current password: guesses at it. */
  currentPassword: { name: "settings-current-password", limit: 5, windowMs: 15 * minuteMs },
} as const satisfies Record<string, RateLimitRule>;

/** A throttle refused a call deep in a service; the route copies its wait into Retry-After. */
export class ThrottledError extends RetryLaterError {
  constructor(retryAfterSeconds: number, message: string = accountMessages.tooManyRequests) {
    super(retryAfterSeconds, message);
  }
}

/** Awaits a service's answer; a RetryLaterError on the way sets Retry-After before it leaves. */
export async function withRetryAfter<T>(reply: FastifyReply, answer: Promise<T>): Promise<T> {
  try {
    return await answer;
  } catch (error) {
    if (error instanceof RetryLaterError) {
      reply.header("retry-after", String(error.retryAfterSeconds));
    }
    throw error;
  }
}

/** Counts one call for a service that has no reply at hand; past the limit throws ThrottledError. */
export async function countOrThrow(
  { db, clock }: { db: Executor; clock: Clock },
  rule: RateLimitRule,
  subject: string,
): Promise<void> {
  const result = await createRateLimitsRepository(db).consumeHit(rule, subject, clock());
  if (!result.isAllowed) throw new ThrottledError(result.retryAfterSeconds);
}

/** Counts one call; past the limit answers 429 with Retry-After. */
export function enforceRateLimit(
  context: { db: Executor; clock: Clock },
  reply: FastifyReply,
  rule: RateLimitRule,
  subject: string,
  message: string = accountMessages.tooManyRequests,
): Promise<void> {
  return enforceLimit(context, reply, rule, subject, message);
}

/**
 * The same, as a preValidation hook counted per client address: it runs before the body is
 * checked, so that malformed requests count too.
 */
export function createClientRateLimit(
  context: { db: Executor; clock: Clock },
  rule: RateLimitRule,
) {
  return async function limitClient(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    await enforceRateLimit(context, reply, rule, request.ip);
  };
}
