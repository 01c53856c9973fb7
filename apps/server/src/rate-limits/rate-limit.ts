import type { FastifyRequest } from "fastify";
import type { Executor } from "../db/database.ts";
import { ThrottledError } from "../errors/throttled-error.ts";
import type { Clock } from "../lib/clock.ts";
import { clientThrottleKey } from "./client-key.ts";
import { createRateLimitsRepository, type RateLimitRule } from "./rate-limits.repository.ts";

type RateLimitContext = { db: Executor; clock: Clock };

/**
 * Counts one call against `rule` for `subject`; past the limit throws ThrottledError. With
 * `flush: false` the count's commit does not wait for the disk: only for counters a crash may
 * harmlessly forget (the public feed's, decision 704), never a login or message budget.
 */
export async function enforceRateLimit(
  { db, clock }: RateLimitContext,
  rule: RateLimitRule,
  subject: string,
  message?: string,
  { flush = true }: { flush?: boolean } = {},
): Promise<void> {
  const limits = createRateLimitsRepository(db);
  const result = flush
    ? await limits.consumeHit(rule, subject, clock())
    : await limits.consumeHitWithoutFlush(rule, subject, clock());
  if (!result.isAllowed) throw new ThrottledError(result.retryAfterSeconds, message);
}

/**
 * Who a request counts as for the per-client throttles: its address (TRUST_PROXY decides which,
 * decision 011), an IPv6 one by its /64 (client-key.ts).
 */
export function readClientKey(request: FastifyRequest): string {
  return clientThrottleKey(request.ip);
}

/**
 * enforceRateLimit as a preValidation hook, counted per client (readClientKey): it runs before
 * the body is checked, so that malformed requests count too.
 */
export function createClientRateLimit(context: RateLimitContext, rule: RateLimitRule) {
  return async function limitClient(request: FastifyRequest): Promise<void> {
    await enforceRateLimit(context, rule, readClientKey(request));
  };
}
