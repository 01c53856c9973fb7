import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { ListAuditResponseSchema, adminPaths } from "@vaxcal/contracts";
import { fetchJson } from "../../../lib/api-client.ts";
import { toSearchParams } from "./admin-api-paths.ts";
import { adminQueryKeys } from "./admin-query-keys.ts";

export type AuditFilters = { product: string; page: number };

/** GET /api/admin/audit: newest first, optionally one product's changes. */
export function listAuditEntries(filters: AuditFilters, signal?: AbortSignal) {
  return fetchJson(`${adminPaths.audit}${toSearchParams(filters)}`, ListAuditResponseSchema, {
    signal,
  });
}

export function auditEntriesQueryOptions(filters: AuditFilters) {
  return queryOptions({
    queryKey: adminQueryKeys.auditEntries(filters),
    queryFn: ({ signal }) => listAuditEntries(filters, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAuditEntries(filters: AuditFilters) {
  return useQuery(auditEntriesQueryOptions(filters));
}
