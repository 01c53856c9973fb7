import { queryOptions, useQuery } from "@tanstack/react-query";
import { ListReferenceDifferencesResponseSchema, adminPaths } from "@vaxcal/contracts";
import { fetchJson } from "../../../lib/api-client.ts";
import { adminQueryKeys } from "./admin-query-keys.ts";

/** GET /api/admin/reference-differences: rows that differ from the shipped data (decision 404). */
export function listReferenceDifferences(signal?: AbortSignal) {
  return fetchJson(adminPaths.referenceDifferences, ListReferenceDifferencesResponseSchema, {
    signal,
  });
}

export function referenceDifferencesQueryOptions() {
  return queryOptions({
    queryKey: adminQueryKeys.referenceDifferences(),
    queryFn: ({ signal }) => listReferenceDifferences(signal),
  });
}

export function useReferenceDifferences() {
  return useQuery(referenceDifferencesQueryOptions());
}
