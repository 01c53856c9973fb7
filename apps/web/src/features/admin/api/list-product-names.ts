import { queryOptions, useQuery } from "@tanstack/react-query";
import { ListProductsResponseSchema, adminPaths } from "@vaxcal/contracts";
import { fetchJson } from "../../../lib/api-client.ts";
import { adminQueryKeys } from "./admin-query-keys.ts";

/** GET /api/admin/products?pageSize=100: every product, for its id and name. */
export function listProductNames(signal?: AbortSignal) {
  return fetchJson(`${adminPaths.products}?pageSize=100`, ListProductsResponseSchema, { signal });
}

/** Every product's id and name (for the audit filter and the compatible-products choice). */
export function productNamesQueryOptions() {
  return queryOptions({
    queryKey: adminQueryKeys.productNames(),
    queryFn: ({ signal }) => listProductNames(signal),
    select: (page) => page.items.map(({ id, name }) => ({ id, name })),
  });
}

export function useProductNames() {
  return useQuery(productNamesQueryOptions());
}
