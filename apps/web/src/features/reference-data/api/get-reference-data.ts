import { queryOptions, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { referenceLists, type ReferenceListKey, type ReferenceLists } from "@vaxcal/contracts";
import { fetchJson } from "../../../lib/api-client.ts";
import { readStoredJson, writeStorage } from "../../../lib/storage.ts";
import { referenceDataQueryKeys } from "../query-keys.ts";

const referenceListKeys = Object.keys(referenceLists) as ReferenceListKey[];

/**
 * docs/product.md §5 and §9: the reference lists are cached in localStorage under their own keys
 * and fetched, all together, when one of them is missing. A cached list that no longer fits its
 * schema (an older app version wrote it) counts as missing. A cached copy is served at once, then
 * checked against the server in the background (`revalidateReferenceData`).
 */
export async function loadReferenceData(signal?: AbortSignal): Promise<ReferenceLists> {
  const cached = readCachedReferenceData();
  if (cached) return cached;
  const lists = await fetchReferenceData(signal);
  hasFreshListsThisPageLoad = true;
  return lists;
}

async function fetchReferenceData(signal?: AbortSignal): Promise<ReferenceLists> {
  const entries = await Promise.all(
    referenceListKeys.map(async (key) => {
      const { path, schema } = referenceLists[key];
      return [key, await fetchJson(path, schema, { signal })] as const;
    }),
  );
  for (const [key, list] of entries) writeStorage(key, JSON.stringify(list));
  return Object.fromEntries(entries) as ReferenceLists;
}

// Whether this page load already has the server's lists (fetched, or checked once).
let hasFreshListsThisPageLoad = false;
let revalidation: Promise<void> | undefined;

/**
 * Admins edit the reference data (docs/product.md D2), so cached lists are checked once
 * per page load, after the screen has shown them: the server answers each list with a 304 when
 * the copy is current (its ETag), and a changed list replaces the cached one and the screen's.
 * Without a signal nothing happens: the cached lists stay, and no error is shown.
 */
export function revalidateReferenceData(queryClient: QueryClient): Promise<void> {
  if (hasFreshListsThisPageLoad) return Promise.resolve();
  revalidation ??= (async () => {
    const cached = readCachedReferenceData();
    if (!cached) return;
    try {
      const fresh = await fetchReferenceData();
      hasFreshListsThisPageLoad = true;
      const isChanged = referenceListKeys.some(
        (key) => JSON.stringify(fresh[key]) !== JSON.stringify(cached[key]),
      );
      if (isChanged) queryClient.setQueryData(referenceDataQueryOptions.queryKey, fresh);
    } catch {
      // No signal, or a reply of the wrong shape: the cached lists serve until the next load.
    } finally {
      revalidation = undefined;
    }
  })();
  return revalidation;
}

/** For tests: forget that this page load has checked the lists. */
export function resetReferenceRevalidation(): void {
  hasFreshListsThisPageLoad = false;
  revalidation = undefined;
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
  queryKey: referenceDataQueryKeys.all(),
  queryFn: ({ signal }) => loadReferenceData(signal),
  // The query never refetches by itself; `revalidateReferenceData` checks the cached copy once
  // per page load and replaces it when an admin changed a list.
  staleTime: Infinity,
});

export function useReferenceData() {
  const queryClient = useQueryClient();
  const query = useQuery(referenceDataQueryOptions);
  const isLoaded = query.isSuccess;
  useEffect(() => {
    if (isLoaded) void revalidateReferenceData(queryClient);
  }, [isLoaded, queryClient]);
  return query;
}
