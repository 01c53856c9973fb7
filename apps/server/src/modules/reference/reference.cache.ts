import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants as zlibConstants, gzip } from "node:zlib";

const compressWithBrotli = promisify(brotliCompress);
const compressWithGzip = promisify(gzip);

/** One reference list as it is sent: its JSON, the ETag of that JSON, and smaller encodings. */
export type CachedList = {
  json: Buffer;
  entityTag: string;
  /** Only the encodings that came out smaller than the JSON. */
  encoded: { br?: Buffer; gzip?: Buffer };
};

/** Builds a list's body once; compression at the highest levels since it runs once per change. */
export async function buildCachedList(json: string): Promise<CachedList> {
  const body = Buffer.from(json);
  const entityTag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
  const [br, gzipped] = await Promise.all([
    compressWithBrotli(body, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    compressWithGzip(body, { level: zlibConstants.Z_BEST_COMPRESSION }),
  ]);
  return {
    json: body,
    entityTag,
    encoded: {
      ...(br.length < body.length ? { br } : {}),
      ...(gzipped.length < body.length ? { gzip: gzipped } : {}),
    },
  };
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

/** The encoding to send for an Accept-Encoding header: br first, then gzip, else none. */
export function chooseEncoding(
  acceptEncoding: string | undefined,
  encoded: CachedList["encoded"],
): "br" | "gzip" | undefined {
  if (!acceptEncoding) return undefined;
  const accepted = new Set<string>();
  for (const part of acceptEncoding.split(",")) {
    const [name, ...parameters] = part.trim().toLowerCase().split(";");
    const refused = parameters.some((parameter) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(parameter));
    if (name && !refused) accepted.add(name.trim());
  }
  if (encoded.br && (accepted.has("br") || accepted.has("*"))) return "br";
  if (encoded.gzip && (accepted.has("gzip") || accepted.has("*"))) return "gzip";
  return undefined;
}

// Moved to the shared http layer, which the calendars' PDF and feed use too.
export { matchesEntityTag } from "../../http/entity-tag.ts";
