import { queryOptions, useQuery } from "@tanstack/react-query";
import { referenceLists } from "@vaxcal/contracts";
import { fetchJson } from "../../../lib/api-client.ts";
import { adminQueryKeys } from "./admin-query-keys.ts";

/** The enterprises (the category filter), from the public reference lists. */
export function enterprisesQueryOptions() {
  return queryOptions({
    queryKey: adminQueryKeys.enterprises(),
    queryFn: ({ signal }) =>
      fetchJson(referenceLists.enterprises.path, referenceLists.enterprises.schema, { signal }),
  });
}

/** The diseases (the disease filter and the disease links), from the public reference lists. */
export function diseasesQueryOptions() {
  return queryOptions({
    queryKey: adminQueryKeys.diseases(),
    queryFn: ({ signal }) =>
      fetchJson(referenceLists.diseases.path, referenceLists.diseases.schema, { signal }),
  });
}

export function useFilterOptions() {
  const enterprises = useQuery(enterprisesQueryOptions());
  const diseases = useQuery(diseasesQueryOptions());
  return { enterprises, diseases };
}
