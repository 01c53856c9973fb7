import { queryOptions, useQuery } from "@tanstack/react-query";
import { referenceLists, type Vet } from "@vaxcal/contracts";
import { fetchJson } from "./api-client.ts";
import { readStoredJson } from "./storage.ts";

/**
 * The vet practices for the vet pickers of registration and settings (docs/product.md §2). The
 * landing page has usually cached them with the other reference lists (docs/product.md §9 key
 * `vets`), so a farmer on a weak signal waits for nothing.
 */
export async function loadVets(signal?: AbortSignal): Promise<Vet[]> {
  // A missing or broken cache entry is fetched again.
  const cached = readStoredJson("vets", referenceLists.vets.schema);
  if (cached !== null) return cached;
  return fetchJson(referenceLists.vets.path, referenceLists.vets.schema, { signal });
}

export const vetsQueryOptions = queryOptions({
  queryKey: ["vets"],
  queryFn: ({ signal }) => loadVets(signal),
  staleTime: Infinity,
});

export function useVets({ isEnabled }: { isEnabled: boolean }) {
  return useQuery({ ...vetsQueryOptions, enabled: isEnabled });
}
