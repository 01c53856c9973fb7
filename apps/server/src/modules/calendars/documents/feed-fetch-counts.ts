import { definePreparedStatement, type Db } from "../../../db/database.ts";
import type { Clock } from "../../../lib/clock.ts";
import {
  toRateLimitKey,
  toRateLimitResult,
  type RateLimitResult,
  type RateLimitRule,
} from "../../../rate-limits/rate-limits.repository.ts";

// The window's start as milliseconds since 1970 (a float8): no date parsed per row.
type CountedRow = { key: string; hits: number; windowStartedAtMs: number };

/**
 * Adds each key's hits to its fixed window in one statement (the shared `rate_limits` rows, as
 * `consumeHit` keeps them), starting a new window where the old one has ended, and answers every
 * key's count. Committed without waiting for the disk (`synchronous_commit` off for this
 * statement's own transaction only, as `consumeHitWithoutFlush`): a crash may forget the last
 * fraction of a second's fetches, harmless for a limit against abuse (decision 704).
 */
const addHits = definePreparedStatement<CountedRow>(
  "feed-fetch-counts",
  `INSERT INTO rate_limits AS counted (key, window_started_at, hits)
   SELECT added.key, $3::timestamptz, added.hits
   FROM unnest($1::text[], $2::integer[]) AS added(key, hits),
     (SELECT set_config('synchronous_commit', 'off', true) AS setting) AS unflushed
   WHERE unflushed.setting = 'off'
   ORDER BY added.key
   ON CONFLICT (key) DO UPDATE SET
     hits = CASE WHEN counted.window_started_at <= $4::timestamptz
       THEN excluded.hits ELSE counted.hits + excluded.hits END,
     window_started_at = CASE WHEN counted.window_started_at <= $4::timestamptz
       THEN excluded.window_started_at ELSE counted.window_started_at END
   RETURNING key, hits,
     (extract(epoch FROM window_started_at) * 1000)::float8 AS "windowStartedAtMs"`,
);

type Counter = {
  /** The rate_limits row's key (a digest of the rule and token hash, worked out once). */
  key: string;
  /** The shared window's start and count, as the database last answered them. */
  windowStartedAtMs: number;
  counted: number;
  /** Fetches allowed here since, not yet written. */
  pending: number;
};

export type FeedFetchCountsOptions = {
  db: Db;
  clock: Clock;
  rule: RateLimitRule;
  /** How long fetches gather before one statement writes them all. */
  flushMs?: number;
  onError?: (error: Error) => void;
};

/**
 * The public feed's fetch limit (60 an hour per token, docs/security.md) without a database
 * round trip per fetch (decision 705). A token's first fetch on this node in a window counts in
 * PostgreSQL at once and learns the shared count; later fetches are counted here against that
 * count plus this node's own, and written every `flushMs` in one statement for all tokens (and
 * at shutdown), which answers the shared counts again. On one node the limit is exact; with
 * several, a node may let through what the others allowed since its last flush (a few seconds'
 * worth, never more than the limit per node). Nothing reads the counter but the limit itself.
 */
export function createFeedFetchCounts({
  db,
  clock,
  rule,
  flushMs = 2_000,
  onError,
}: FeedFetchCountsOptions) {
  const counters = new Map<string, Counter>();
  let timer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> | undefined;
  let closed = false;

  function learn(counter: Counter, row: CountedRow): void {
    counter.windowStartedAtMs = row.windowStartedAtMs;
    counter.counted = row.hits;
  }

  async function write(entries: [Counter, number][], now: Date): Promise<void> {
    const windowStart = new Date(now.getTime() - rule.windowMs).toISOString();
    const rows = await addHits(db, [
      entries.map(([counter]) => counter.key),
      entries.map(([, hits]) => hits),
      now.toISOString(),
      windowStart,
    ]);
    const byKey = new Map(entries.map(([counter]) => [counter.key, counter]));
    for (const row of rows) {
      const counter = byKey.get(row.key);
      if (counter) learn(counter, row);
    }
  }

  async function flush(): Promise<void> {
    timer = undefined;
    if (flushing) await flushing;
    const now = clock();
    const due: [Counter, number][] = [];
    for (const [subject, counter] of counters) {
      if (counter.windowStartedAtMs + rule.windowMs <= now.getTime()) {
        // That window has ended: its unwritten fetches count for nothing any more.
        counters.delete(subject);
      } else if (counter.pending > 0) {
        due.push([counter, counter.pending]);
      }
    }
    if (due.length === 0) return;
    for (const [counter, hits] of due) counter.pending -= hits;
    flushing = write(due, now)
      .catch((error: Error) => {
        // Counted again at the next flush.
        for (const [counter, hits] of due) counter.pending += hits;
        onError?.(error);
      })
      .finally(() => {
        flushing = undefined;
      });
    await flushing;
  }

  function scheduleFlush(): void {
    if (timer || closed) return;
    timer = setTimeout(() => void flush(), flushMs);
    timer.unref();
  }

  return {
    /** Counts one fetch of the token whose hash is `subject`; past the limit, not allowed. */
    async count(subject: string): Promise<RateLimitResult> {
      const now = clock();
      const counter = counters.get(subject);
      if (!counter || counter.windowStartedAtMs + rule.windowMs <= now.getTime()) {
        const key = counter?.key ?? toRateLimitKey(rule, subject);
        const windowStart = new Date(now.getTime() - rule.windowMs).toISOString();
        const [row] = await addHits(db, [[key], [1], now.toISOString(), windowStart]);
        if (!row) throw new Error("feed fetch count returned no row");
        const current = counters.get(subject);
        // Another first fetch may have answered meanwhile: keep its pending fetches.
        const kept =
          current && current !== counter
            ? current
            : { key, windowStartedAtMs: 0, counted: 0, pending: 0 };
        learn(kept, row);
        counters.set(subject, kept);
        // The next flush also forgets counters whose window has ended.
        scheduleFlush();
        return toRateLimitResult(rule, row.hits, new Date(row.windowStartedAtMs), now);
      }
      const hits = counter.counted + counter.pending + 1;
      const result = toRateLimitResult(rule, hits, new Date(counter.windowStartedAtMs), now);
      if (result.isAllowed) {
        counter.pending += 1;
        scheduleFlush();
      }
      return result;
    },
    flush,
    describe: () => ({
      tokens: counters.size,
      pending: [...counters.values()].reduce((sum, counter) => sum + counter.pending, 0),
    }),
    /** Writes what is pending (at shutdown); nothing is scheduled after. */
    async close(): Promise<void> {
      closed = true;
      clearTimeout(timer);
      await flush();
    },
  };
}

export type FeedFetchCounts = ReturnType<typeof createFeedFetchCounts>;
