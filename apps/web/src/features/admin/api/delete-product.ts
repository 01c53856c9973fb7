import { useQueryClient } from "@tanstack/react-query";
import { adminPaths } from "@vaxcal/contracts";
import { z } from "zod";
import { fetchJson } from "../../../lib/api-client.ts";
import { withId } from "./admin-api-paths.ts";
import { adminQueryKeys } from "./admin-query-keys.ts";
import { useAdminMutation } from "./use-admin-mutation.ts";

/** DELETE /api/admin/products/:id. */
export async function deleteProduct(id: number): Promise<void> {
  await fetchJson(withId(adminPaths.product, { id }), z.unknown(), { method: "DELETE" });
}

export function useDeleteProduct(id: number) {
  const queryClient = useQueryClient();
  return useAdminMutation(
    () => deleteProduct(id),
    adminQueryKeys.products(),
    () => queryClient.removeQueries({ queryKey: adminQueryKeys.product(id) }),
  );
}
