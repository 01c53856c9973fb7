import { queryOptions, useQuery } from "@tanstack/react-query";
import { ListDiseaseAnimalsResponseSchema, adminPaths } from "@vaxcal/contracts";
import { fetchJson } from "../../../lib/api-client.ts";
import { adminQueryKeys } from "./admin-query-keys.ts";

/** GET /api/admin/disease-animals?animal=: the diseases offered for the animal. */
export function listDiseaseAnimals(animal: number | null, signal?: AbortSignal) {
  return fetchJson(
    `${adminPaths.diseaseAnimals}?animal=${animal}`,
    ListDiseaseAnimalsResponseSchema,
    {
      signal,
    },
  );
}

export function diseaseAnimalsQueryOptions(animal: number | null) {
  return queryOptions({
    queryKey: adminQueryKeys.diseaseAnimals(animal),
    queryFn: ({ signal }) => listDiseaseAnimals(animal, signal),
    enabled: animal !== null,
  });
}

export function useDiseaseAnimals(animal: number | null) {
  return useQuery(diseaseAnimalsQueryOptions(animal));
}
