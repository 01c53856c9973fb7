import { queryOptions } from "@tanstack/react-query";
import { referenceLists } from "@vaxcal/contracts";
import { fetchJson } from "../../../lib/api-client.ts";
import { vetPracticesQueryKeys } from "../query-keys.ts";

/** The territory managers of the registration's select (docs/product.md §7 reference list). */
export const territoryManagersQueryOptions = queryOptions({
  queryKey: vetPracticesQueryKeys.territoryManagers(),
  queryFn: ({ signal }) =>
    fetchJson(referenceLists.territoryManagers.path, referenceLists.territoryManagers.schema, {
      signal,
    }),
  staleTime: Infinity,
});
