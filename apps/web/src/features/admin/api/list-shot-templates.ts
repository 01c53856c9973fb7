import { queryOptions, useQuery } from "@tanstack/react-query";
import { ListShotTemplatesResponseSchema, adminPaths } from "@vaxcal/contracts";
import { fetchJson } from "../../../lib/api-client.ts";
import { adminQueryKeys } from "./admin-query-keys.ts";

export type ShotTemplateFilters = { vaccine: number | null; animal: number | null };

/** GET /api/admin/shot-templates: one product's shot templates for one animal. */
export function listShotTemplates(filters: ShotTemplateFilters, signal?: AbortSignal) {
  return fetchJson(
    `${adminPaths.shotTemplates}?vaccine=${filters.vaccine}&animal=${filters.animal}`,
    ListShotTemplatesResponseSchema,
    { signal },
  );
}

export function shotTemplatesQueryOptions(filters: ShotTemplateFilters) {
  return queryOptions({
    queryKey: adminQueryKeys.shotTemplates(filters),
    queryFn: ({ signal }) => listShotTemplates(filters, signal),
    enabled: filters.vaccine !== null && filters.animal !== null,
  });
}

export function useShotTemplates(filters: ShotTemplateFilters) {
  return useQuery(shotTemplatesQueryOptions(filters));
}
