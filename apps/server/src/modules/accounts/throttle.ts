import { accountMessages } from "@vaxcal/contracts";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Executor } from "../../db/database.ts";
import type { Clock } from "../../lib/clock.ts";
import { enforceRateLimit as enforceLimit } from "../../lib/rate-limit.ts";
import type { RateLimitRule } from "../../lib/rate-limits.repository.ts";

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
  checkUserExists: { name: "check-user-exists", limit: 10, windowMs: minuteMs },
} as const satisfies Record<string, RateLimitRule>;

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
