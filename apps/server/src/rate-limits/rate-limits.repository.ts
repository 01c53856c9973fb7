import { and, eq, gt, lt, sql } from "drizzle-orm";
import { PgTransaction } from "drizzle-orm/pg-core";
import { definePreparedStatement, type Executor } from "../db/database.ts";
import { rateLimits } from "../db/schema/accounts.ts";
import { hashToken } from "../lib/tokens.ts";

export type RateLimitRule = {
  /** What is counted, e.g. `login`; part of the key. */
  name: string;
  limit: number;
  windowMs: number;
};

export type RateLimitResult = {
  isAllowed: boolean;
  retryAfterSeconds: number;
  /** The hits counted in the current window, this one included. */
  hits: number;
};

/** The row a rule's counter for `subject` is kept in. */
export function toRateLimitKey(rule: RateLimitRule, subject: string): string {
  // Hashed, so that throttling keeps no e-mail address or IP address at rest.
  return hashToken(`${rule.name}\n${subject}`);
}

export function toRateLimitResult(
  rule: RateLimitRule,
  hits: number,
  windowStartedAt: Date,
  now: Date,
) {
  const windowEndsMs = windowStartedAt.getTime() + rule.windowMs;
  return {
    isAllowed: hits <= rule.limit,
    retryAfterSeconds: Math.max(1, Math.ceil((windowEndsMs - now.getTime()) / 1000)),
    hits,
  };
}

/**
 * consumeHit's upsert, committed without waiting for the disk: `set_config(..., true)` turns
 * `synchronous_commit` off for this statement's own (implicit) transaction only, in the same round
 * trip, and the setting ends with it, so the pooled connection goes back as it came. The WHERE
 * uses the setting, so the planner cannot drop the call.
 */
const upsertHitWithoutFlush = definePreparedStatement<{ hits: number; windowStartedAt: Date }>(
  "rate-limit-hit-unflushed",
  `INSERT INTO rate_limits AS counted (key, window_started_at, hits)
   SELECT $1, $2::timestamptz, 1
   FROM (SELECT set_config('synchronous_commit', 'off', true) AS setting) AS unflushed
   WHERE unflushed.setting = 'off'
   ON CONFLICT (key) DO UPDATE SET
     hits = CASE WHEN counted.window_started_at <= $3::timestamptz THEN 1 ELSE counted.hits + 1 END,
     window_started_at = CASE WHEN counted.window_started_at <= $3::timestamptz
       THEN excluded.window_started_at ELSE counted.window_started_at END
   RETURNING hits, window_started_at AS "windowStartedAt"`,
);

/**
 * Fixed-window counters in PostgreSQL, shared by every API node. One statement counts a hit and
 * reads the count, so two nodes cannot both let the limit+1st request through.
 */
export function createRateLimitsRepository(db: Executor) {
  return {
    async consumeHit(rule: RateLimitRule, subject: string, now: Date): Promise<RateLimitResult> {
      const key = toRateLimitKey(rule, subject);
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
      return toRateLimitResult(rule, row.hits, row.windowStartedAt, now);
    },

    /**
     * consumeHit for a counter whose loss in a crash is harmless (the public feed's fetches,
     * decision 704): the same upsert, but its commit does not wait for the WAL to reach the disk.
     * PostgreSQL still applies it atomically, so the limit holds exactly while the server runs;
     * a crash may forget the last few hundred milliseconds of counts, never write a wrong one.
     * Inside a caller's transaction the setting would cover that whole transaction, so there it
     * is the ordinary, durable consumeHit.
     */
    async consumeHitWithoutFlush(
      rule: RateLimitRule,
      subject: string,
      now: Date,
    ): Promise<RateLimitResult> {
      if (db instanceof PgTransaction) return this.consumeHit(rule, subject, now);
      const windowStart = new Date(now.getTime() - rule.windowMs);
      const [row] = await upsertHitWithoutFlush(db, [
        toRateLimitKey(rule, subject),
        now.toISOString(),
        windowStart.toISOString(),
      ]);
      if (!row) throw new Error("rate limit upsert returned no row");
      return toRateLimitResult(rule, row.hits, new Date(row.windowStartedAt), now);
    },

    /** The current window's count without adding to it, e.g. whether a lock is on. */
    async peekHits(rule: RateLimitRule, subject: string, now: Date): Promise<RateLimitResult> {
      const [row] = await db
        .select({ hits: rateLimits.hits, windowStartedAt: rateLimits.windowStartedAt })
        .from(rateLimits)
        .where(eq(rateLimits.key, toRateLimitKey(rule, subject)));
      const isCurrent = row && row.windowStartedAt.getTime() + rule.windowMs > now.getTime();
      return isCurrent
        ? toRateLimitResult(rule, row.hits, row.windowStartedAt, now)
        : toRateLimitResult(rule, 0, now, now);
    },

    /**
     * Takes back one hit counted by consumeHit, for a limit that counts failures only: counting
     * first keeps concurrent attempts from slipping past the limit, the refund forgives success.
     */
    async refundHit(rule: RateLimitRule, subject: string): Promise<void> {
      await db
        .update(rateLimits)
        .set({ hits: sql`${rateLimits.hits} - 1` })
        .where(and(eq(rateLimits.key, toRateLimitKey(rule, subject)), gt(rateLimits.hits, 0)));
    },

    /** A successful login clears its failures. */
    async clearHits(rule: RateLimitRule, subject: string): Promise<void> {
      await db.delete(rateLimits).where(sql`${rateLimits.key} = ${toRateLimitKey(rule, subject)}`);
    },

    /** Windows older than a day count for nothing; housekeeping.ts clears them every hour. */
    async deleteStaleWindows(now: Date): Promise<void> {
      await db
        .delete(rateLimits)
        .where(lt(rateLimits.windowStartedAt, new Date(now.getTime() - 86_400_000)));
    },
  };
}
