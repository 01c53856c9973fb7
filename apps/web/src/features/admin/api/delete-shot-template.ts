import { adminPaths } from "@vaxcal/contracts";
import { z } from "zod";
import { fetchJson } from "../../../lib/api-client.ts";
import { withId } from "./admin-api-paths.ts";
import { adminQueryKeys } from "./admin-query-keys.ts";
import { useAdminMutation } from "./use-admin-mutation.ts";

/** DELETE /api/admin/shot-templates/:id. */
export async function deleteShotTemplate(id: number): Promise<void> {
  await fetchJson(withId(adminPaths.shotTemplate, { id }), z.unknown(), { method: "DELETE" });
}

export function useDeleteShotTemplate() {
  return useAdminMutation(deleteShotTemplate, adminQueryKeys.protocols());
}
