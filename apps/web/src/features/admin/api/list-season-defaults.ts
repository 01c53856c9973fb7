import { queryOptions, useQuery } from "@tanstack/react-query";
import { ListSeasonDefaultsResponseSchema, adminPaths } from "@vaxcal/contracts";
import { fetchJson } from "../../../lib/api-client.ts";
import { adminQueryKeys } from "./admin-query-keys.ts";

/** GET /api/admin/season-defaults?animal=: each season's default dates for the animal. */
export function listSeasonDefaults(animal: number | null, signal?: AbortSignal) {
  return fetchJson(
    `${adminPaths.seasonDefaults}?animal=${animal}`,
    ListSeasonDefaultsResponseSchema,
    {
      signal,
    },
  );
}

export function seasonDefaultsQueryOptions(animal: number | null) {
  return queryOptions({
    queryKey: adminQueryKeys.seasonDefaults(animal),
    queryFn: ({ signal }) => listSeasonDefaults(animal, signal),
    enabled: animal !== null,
  });
}

export function useSeasonDefaults(animal: number | null) {
  return useQuery(seasonDefaultsQueryOptions(animal));
}
