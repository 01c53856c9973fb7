import { ErrorCode } from "@vaxcal/contracts";
import type { FastifyReply } from "fastify";
import type { Executor } from "../db/database.ts";
import { AppError } from "../errors/app-error.ts";
import type { Clock } from "./clock.ts";
import { createRateLimitsRepository, type RateLimitRule } from "./rate-limits.repository.ts";

/** Counts one call against `rule` for `subject`; past the limit answers 429 with Retry-After. */
export async function enforceRateLimit(
  { db, clock }: { db: Executor; clock: Clock },
  reply: FastifyReply,
  rule: RateLimitRule,
  subject: string,
  message: string,
): Promise<void> {
  const result = await createRateLimitsRepository(db).consumeHit(rule, subject, clock());
  if (result.isAllowed) return;
  reply.header("retry-after", String(result.retryAfterSeconds));
  throw new AppError(ErrorCode.rateLimited, message);
}
