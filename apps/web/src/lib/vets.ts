import { queryOptions, useQuery } from "@tanstack/react-query";
import { referenceLists, type Vet } from "@vaxcal/contracts";
import { fetchJson } from "./api-client.ts";
import { readStoredJson } from "./storage.ts";

/**
 * The vet practices for the vet pickers of registration and settings (docs/product.md §2). Asked
 * for afresh, so a practice that registered since the reference lists were cached (docs/product.md
 * §9 key `vets`) can be chosen; the cached list is the fallback on no signal.
 */
export async function loadVets(signal?: AbortSignal): Promise<Vet[]> {
  try {
    return await fetchJson(referenceLists.vets.path, referenceLists.vets.schema, { signal });
  } catch (error) {
    const cached = readStoredJson("vets", referenceLists.vets.schema);
    if (cached !== null) return cached;
    throw error;
  }
}

export const vetsQueryOptions = queryOptions({
  queryKey: ["vets"],
  queryFn: ({ signal }) => loadVets(signal),
  staleTime: 5 * 60_000,
});

export function useVets({ isEnabled }: { isEnabled: boolean }) {
  return useQuery({ ...vetsQueryOptions, enabled: isEnabled });
}
