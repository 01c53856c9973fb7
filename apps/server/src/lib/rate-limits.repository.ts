import { lt, sql } from "drizzle-orm";
import type { Executor } from "../db/database.ts";
import { rateLimits } from "../db/schema/accounts.ts";
import { hashToken } from "./tokens.ts";

export type RateLimitRule = {
  /** What is counted, e.g. `login`; part of the key. */
  name: string;
  limit: number;
  windowMs: number;
};

export type RateLimitResult = { isAllowed: boolean; retryAfterSeconds: number };

/**
 * Fixed-window counters in PostgreSQL, shared by every API node. One statement counts a hit and
 * reads the count, so two nodes cannot both let the limit+1st request through.
 */
export function createRateLimitsRepository(db: Executor) {
  return {
    async consumeHit(rule: RateLimitRule, subject: string, now: Date): Promise<RateLimitResult> {
      // Hashed, so that throttling keeps no e-mail address or IP address at rest.
      const key = hashToken(`${rule.name}\n${subject}`);
      const windowStart = new Date(now.getTime() - rule.windowMs);
      const expired = sql`${rateLimits.windowStartedAt} <= ${windowStart.toISOString()}::timestamptz`;
      const [row] = await db
        .insert(rateLimits)
        .values({ key, windowStartedAt: now, hits: 1 })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            hits: sql`CASE WHEN ${expired} THEN 1 ELSE ${rateLimits.hits} + 1 END`,
            windowStartedAt: sql`CASE WHEN ${expired} THEN excluded.window_started_at ELSE ${rateLimits.windowStartedAt} END`,
          },
        })
        .returning({ hits: rateLimits.hits, windowStartedAt: rateLimits.windowStartedAt });
      if (!row) throw new Error("rate limit upsert returned no row");
      const windowEndsMs = row.windowStartedAt.getTime() + rule.windowMs;
      return {
        isAllowed: row.hits <= rule.limit,
        retryAfterSeconds: Math.max(1, Math.ceil((windowEndsMs - now.getTime()) / 1000)),
      };
    },

    /** A successful login clears its failures. */
    async clearHits(rule: RateLimitRule, subject: string): Promise<void> {
      await db
        .delete(rateLimits)
        .where(sql`${rateLimits.key} = ${hashToken(`${rule.name}\n${subject}`)}`);
    },

    /** Housekeeping for a worker: windows older than a day count for nothing. */
    async deleteStaleWindows(now: Date): Promise<void> {
      await db
        .delete(rateLimits)
        .where(lt(rateLimits.windowStartedAt, new Date(now.getTime() - 86_400_000)));
    },
  };
}
