import { queryOptions, useQuery } from "@tanstack/react-query";
import { referenceLists, type ReferenceListKey, type ReferenceLists } from "@vaxcal/contracts";
import { fetchJson } from "../../../lib/api-client.ts";
import { readStoredJson, writeStorage } from "../../../lib/storage.ts";

const referenceListKeys = Object.keys(referenceLists) as ReferenceListKey[];

/**
 * docs/product.md §5 and §9: the reference lists are cached in localStorage under their own keys
 * and fetched, all together, only when one of them is missing. A cached list that no longer fits
 * its schema (an older app version wrote it) counts as missing.
 */
export async function loadReferenceData(signal?: AbortSignal): Promise<ReferenceLists> {
  const cached = readCachedReferenceData();
  if (cached) return cached;

  const entries = await Promise.all(
    referenceListKeys.map(async (key) => {
      const { path, schema } = referenceLists[key];
      return [key, await fetchJson(path, schema, { signal })] as const;
    }),
  );
  for (const [key, list] of entries) writeStorage(key, JSON.stringify(list));
  return Object.fromEntries(entries) as ReferenceLists;
}

function readCachedReferenceData(): ReferenceLists | null {
  const lists: Partial<Record<ReferenceListKey, unknown>> = {};
  for (const key of referenceListKeys) {
    const list = readCachedList(key);
    if (list === null) return null;
    lists[key] = list;
  }
  return lists as ReferenceLists;
}

function readCachedList(key: ReferenceListKey): unknown {
  return readStoredJson<unknown>(key, referenceLists[key].schema);
}

export const referenceDataQueryOptions = queryOptions({
  queryKey: ["reference-data"],
  queryFn: ({ signal }) => loadReferenceData(signal),
  // The lists change only with a new release of the reference data, and a reload refetches
  // them only if the cache lost one.
  staleTime: Infinity,
});

export function useReferenceData() {
  return useQuery(referenceDataQueryOptions);
}
