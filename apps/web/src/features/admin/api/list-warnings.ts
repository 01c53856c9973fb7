import { queryOptions, useQuery } from "@tanstack/react-query";
import { ListWarningsResponseSchema, adminPaths } from "@vaxcal/contracts";
import { fetchJson } from "../../../lib/api-client.ts";
import { adminQueryKeys } from "./admin-query-keys.ts";

/** GET /api/admin/warnings: the popup preset messages. */
export function listWarnings(signal?: AbortSignal) {
  return fetchJson(adminPaths.warnings, ListWarningsResponseSchema, { signal });
}

export function warningsQueryOptions() {
  return queryOptions({
    queryKey: adminQueryKeys.warnings(),
    queryFn: ({ signal }) => listWarnings(signal),
  });
}

export function useWarnings() {
  return useQuery(warningsQueryOptions());
}
