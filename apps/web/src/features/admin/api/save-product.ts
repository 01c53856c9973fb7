import { useQueryClient } from "@tanstack/react-query";
import { ProductSchema, adminPaths, type ProductInput } from "@vaxcal/contracts";
import { sendJson } from "../../../lib/api-client.ts";
import { withId } from "./admin-api-paths.ts";
import { adminQueryKeys } from "./admin-query-keys.ts";
import { useAdminMutation } from "./use-admin-mutation.ts";

/**
 * POST /api/admin/products (new) or PUT /api/admin/products/:id; `updated_at` is the version the
 * form opened, and a save over a newer one is refused (decision 407).
 */
export function saveProduct(id: number | null, input: ProductInput) {
  return sendJson(
    id === null ? adminPaths.products : withId(adminPaths.product, { id }),
    ProductSchema,
    input,
    { method: id === null ? "POST" : "PUT" },
  );
}

export function useSaveProduct(id: number | null) {
  const queryClient = useQueryClient();
  return useAdminMutation(
    (input: ProductInput) => saveProduct(id, input),
    adminQueryKeys.products(),
    (product) => queryClient.setQueryData(adminQueryKeys.product(product.id), product),
  );
}
