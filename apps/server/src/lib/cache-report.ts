/**
 * What a per-process cache tells `/metrics` (issue 28, item 8): its size in bytes against the
 * bound it never grows past, and how often it answered (hits) or sent the caller to the database
 * or a render (misses). The counts only grow.
 */
export type CacheReport = {
  entries: number;
  bytes: number;
  maxBytes: number;
  hits: number;
  misses: number;
};

/** Hit and miss counts for a cache's report. */
export function createLookupCounts() {
  const counts = { hits: 0, misses: 0 };
  return {
    /** Counts a lookup and hands its result back. */
    count<T>(found: T | undefined): T | undefined {
      if (found === undefined) counts.misses += 1;
      else counts.hits += 1;
      return found;
    },
    read: () => ({ ...counts }),
  };
}

/** How an app hands a cache to `/metrics`: `watchCache("reference_lists", () => cache.describe())`. */
export type WatchCache = (name: string, describe: () => CacheReport) => void;
