import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { ListProductsResponseSchema, adminPaths } from "@vaxcal/contracts";
import { fetchJson } from "../../../lib/api-client.ts";
import { toSearchParams } from "./admin-api-paths.ts";
import { adminQueryKeys, type ProductFilters } from "./admin-query-keys.ts";

export type { ProductFilters };

/** GET /api/admin/products: one page of the filtered product list, filtered by the server. */
export function listProducts(filters: ProductFilters, signal?: AbortSignal) {
  return fetchJson(`${adminPaths.products}${toSearchParams(filters)}`, ListProductsResponseSchema, {
    signal,
  });
}

export function productsQueryOptions(filters: ProductFilters) {
  return queryOptions({
    queryKey: adminQueryKeys.productList(filters),
    queryFn: ({ signal }) => listProducts(filters, signal),
    // The table keeps the last page while the next filter's answer is on the way.
    placeholderData: keepPreviousData,
  });
}

export function useProducts(filters: ProductFilters) {
  return useQuery(productsQueryOptions(filters));
}
