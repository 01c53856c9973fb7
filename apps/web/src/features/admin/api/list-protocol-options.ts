import { queryOptions, useQuery } from "@tanstack/react-query";
import { referenceLists } from "@vaxcal/contracts";
import { fetchJson } from "../../../lib/api-client.ts";
import { adminQueryKeys } from "./admin-query-keys.ts";

/** The animals, from the public reference lists (names for the picker). */
export function animalsQueryOptions() {
  return queryOptions({
    queryKey: adminQueryKeys.animals(),
    queryFn: ({ signal }) =>
      fetchJson(referenceLists.animals.path, referenceLists.animals.schema, { signal }),
  });
}

/** The seasons, from the public reference lists (names for the shot templates' season). */
export function seasonsQueryOptions() {
  return queryOptions({
    queryKey: adminQueryKeys.seasons(),
    queryFn: ({ signal }) =>
      fetchJson(referenceLists.seasons.path, referenceLists.seasons.schema, { signal }),
  });
}

export function useProtocolOptions() {
  const animals = useQuery(animalsQueryOptions());
  const seasons = useQuery(seasonsQueryOptions());
  return { animals, seasons };
}
