import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  ListAuditResponseSchema,
  ListReferenceDifferencesResponseSchema,
  ListProductsResponseSchema,
  ProductSchema,
  adminPaths,
  referenceLists,
  type ProductInput,
} from "@vaxcal/contracts";
import { z } from "zod";
import { fetchJson, sendJson } from "../../../lib/api-client.ts";

/*
 * The admin area's calls (docs/product.md D2). Every one needs the ADMIN role; the server answers
 * 403 otherwise, which the screens show as it is.
 */

export type ProductFilters = {
  category: string;
  disease: string;
  search: string;
  page: number;
};

const adminQueryKey = ["admin"] as const;
const productsQueryKey = [...adminQueryKey, "products"] as const;
const auditQueryKey = [...adminQueryKey, "audit"] as const;

function toSearchParams(values: Record<string, string | number>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value !== "" && value !== undefined) params.set(key, String(value));
  }
  const text = params.toString();
  return text === "" ? "" : `?${text}`;
}

function productPath(id: number): string {
  return adminPaths.product.replace(":id", encodeURIComponent(String(id)));
}

/** GET /api/admin/products: one page of the filtered product list, filtered by the server. */
export function useProducts(filters: ProductFilters) {
  return useQuery({
    queryKey: [...productsQueryKey, "list", filters],
    queryFn: ({ signal }) =>
      fetchJson(`${adminPaths.products}${toSearchParams(filters)}`, ListProductsResponseSchema, {
        signal,
      }),
    // The table keeps the last page while the next filter's answer is on the way.
    placeholderData: keepPreviousData,
  });
}

/** Every product's id and name (for the audit filter and the compatible-products choice). */
export function useProductNames() {
  return useQuery({
    queryKey: [...productsQueryKey, "names"],
    queryFn: ({ signal }) =>
      fetchJson(`${adminPaths.products}?pageSize=100`, ListProductsResponseSchema, { signal }),
    select: (page) => page.items.map(({ id, name }) => ({ id, name })),
  });
}

export function useProduct(id: number | null) {
  return useQuery({
    queryKey: [...productsQueryKey, "detail", id],
    queryFn: ({ signal }) => fetchJson(productPath(id ?? 0), ProductSchema, { signal }),
    enabled: id !== null,
  });
}

/** The enterprises (the category filter) and diseases, from the public reference lists. */
export function useFilterOptions() {
  const enterprises = useQuery({
    queryKey: [...adminQueryKey, "enterprises"],
    queryFn: ({ signal }) =>
      fetchJson(referenceLists.enterprises.path, referenceLists.enterprises.schema, { signal }),
  });
  const diseases = useQuery({
    queryKey: [...adminQueryKey, "diseases"],
    queryFn: ({ signal }) =>
      fetchJson(referenceLists.diseases.path, referenceLists.diseases.schema, { signal }),
  });
  return { enterprises, diseases };
}

export function useSaveProduct(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProductInput) =>
      sendJson(id === null ? adminPaths.products : productPath(id), ProductSchema, input, {
        method: id === null ? "POST" : "PUT",
      }),
    onSuccess: (product) => {
      queryClient.setQueryData([...productsQueryKey, "detail", product.id], product);
      void queryClient.invalidateQueries({ queryKey: productsQueryKey });
      void queryClient.invalidateQueries({ queryKey: auditQueryKey });
    },
  });
}

export function useDeleteProduct(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => fetchJson(productPath(id), z.unknown(), { method: "DELETE" }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: [...productsQueryKey, "detail", id] });
      void queryClient.invalidateQueries({ queryKey: productsQueryKey });
      void queryClient.invalidateQueries({ queryKey: auditQueryKey });
    },
  });
}

/** GET /api/admin/audit: newest first, optionally one product's changes. */
export function useAuditEntries(filters: { product: string; page: number }) {
  return useQuery({
    queryKey: [...auditQueryKey, filters],
    queryFn: ({ signal }) =>
      fetchJson(`${adminPaths.audit}${toSearchParams(filters)}`, ListAuditResponseSchema, {
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/reference-differences: rows that differ from the shipped data (decision 404). */
export function useReferenceDifferences() {
  return useQuery({
    queryKey: [...auditQueryKey, "reference-differences"],
    queryFn: ({ signal }) =>
      fetchJson(adminPaths.referenceDifferences, ListReferenceDifferencesResponseSchema, {
        signal,
      }),
  });
}
