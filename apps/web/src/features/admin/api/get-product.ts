import { queryOptions, useQuery } from "@tanstack/react-query";
import { ProductSchema, adminPaths } from "@vaxcal/contracts";
import { fetchJson } from "../../../lib/api-client.ts";
import { withId } from "./admin-api-paths.ts";
import { adminQueryKeys } from "./admin-query-keys.ts";

/** GET /api/admin/products/:id: one product with its rules, diseases and calendar count. */
export function getProduct(id: number, signal?: AbortSignal) {
  return fetchJson(withId(adminPaths.product, { id }), ProductSchema, { signal });
}

export function productQueryOptions(id: number | null) {
  return queryOptions({
    queryKey: adminQueryKeys.product(id),
    queryFn: ({ signal }) => getProduct(id ?? 0, signal),
    enabled: id !== null,
  });
}

export function useProduct(id: number | null) {
  return useQuery(productQueryOptions(id));
}
