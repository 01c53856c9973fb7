import { createHash } from "node:crypto";
import { compressVariants, type EncodedVariants } from "../../http/encoded-body.ts";

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

/**
 * A per-process cache of built lists (ADR 701). `invalidate` drops every list; a build that
 * started before an invalidation is served to its own callers but not kept, so a list read just
 * before an admin's commit never outlives the announcement of that commit. Nothing is kept while
 * `canKeep` says the change announcements are not being heard.
 */
export function createListCache<Key extends string>(
  build: (key: Key) => Promise<CachedList>,
  canKeep: () => boolean,
) {
  const lists = new Map<Key, Promise<CachedList>>();
  let generation = 0;
  return {
    get(key: Key): Promise<CachedList> {
      const cached = lists.get(key);
      if (cached) return cached;
      const startedIn = generation;
      const building = build(key);
      if (canKeep()) {
        lists.set(key, building);
        building.then(
          () => {
            if (generation !== startedIn && lists.get(key) === building) lists.delete(key);
          },
          () => {
            if (lists.get(key) === building) lists.delete(key);
          },
        );
      }
      return building;
    },
    invalidate(): void {
      generation += 1;
      lists.clear();
    },
  };
}

// Moved to the shared http layer, which the calendars' feed uses too.
export { chooseEncoding } from "../../http/encoded-body.ts";
// Moved to the shared http layer, which the calendars' PDF and feed use too.
export { matchesEntityTag } from "../../http/entity-tag.ts";
