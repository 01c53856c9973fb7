import { createHash } from "node:crypto";
import { compressVariants, type EncodedVariants } from "../../http/encoded-body.ts";
import { createLookupCounts, type CacheReport } from "../../lib/cache-report.ts";

/** One reference list as it is sent: its JSON, the ETag of that JSON, and smaller encodings. */
export type CachedList = {
  json: Buffer;
  entityTag: string;
  /** Only the encodings that came out smaller than the JSON. */
  encoded: EncodedVariants;
};

/** Builds a list's body once; compression at the highest levels since it runs once per change. */
export async function buildCachedList(json: string): Promise<CachedList> {
  const body = Buffer.from(json);
  const entityTag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
  return { json: body, entityTag, encoded: await compressVariants(body) };
}

/** The most the built lists may take in one process (the nine lists take well under 1 MiB). */
export const referenceListsMaxBytes = 16 * 1024 * 1024;

const sizeOf = (list: CachedList) =>
  list.json.byteLength + (list.encoded.br?.byteLength ?? 0) + (list.encoded.gzip?.byteLength ?? 0);

/**
 * A per-process cache of built lists (ADR 701). `invalidate` drops every list; a build that
 * started before an invalidation is served to its own callers but not kept, so a list read just
 * before an admin's commit never outlives the announcement of that commit. Nothing is kept while
 * `canKeep` says the change announcements are not being heard, nor a list that would take the
 * cache past `maxBytes` (issue 28, item 8): it is served, and built again next time.
 */
export function createListCache<Key extends string>(
  build: (key: Key) => Promise<CachedList>,
  canKeep: () => boolean,
  maxBytes = referenceListsMaxBytes,
) {
  const lists = new Map<Key, Promise<CachedList>>();
  const sizes = new Map<Key, number>();
  const lookups = createLookupCounts();
  let generation = 0;
  const forget = (key: Key) => {
    lists.delete(key);
    sizes.delete(key);
  };
  const keptBytes = () => [...sizes.values()].reduce((sum, size) => sum + size, 0);
  return {
    get(key: Key): Promise<CachedList> {
      const cached = lookups.count(lists.get(key));
      if (cached) return cached;
      const startedIn = generation;
      const building = build(key);
      if (canKeep()) {
        lists.set(key, building);
        building.then(
          (list) => {
            if (lists.get(key) !== building) return;
            if (generation !== startedIn || keptBytes() + sizeOf(list) > maxBytes) forget(key);
            else sizes.set(key, sizeOf(list));
          },
          () => {
            if (lists.get(key) === building) forget(key);
          },
        );
      }
      return building;
    },
    invalidate(): void {
      generation += 1;
      lists.clear();
      sizes.clear();
    },
    describe: (): CacheReport => ({
      entries: sizes.size,
      bytes: keptBytes(),
      maxBytes,
      ...lookups.read(),
    }),
  };
}

// Moved to the shared http layer, which the calendars' feed uses too.
export { chooseEncoding } from "../../http/encoded-body.ts";
// Moved to the shared http layer, which the calendars' PDF and feed use too.
export { matchesEntityTag } from "../../http/entity-tag.ts";
