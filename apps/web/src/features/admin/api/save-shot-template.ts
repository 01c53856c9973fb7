import { AdminShotTemplateSchema, adminPaths, type ShotTemplateInput } from "@vaxcal/contracts";
import { sendJson } from "../../../lib/api-client.ts";
import { withId } from "./admin-api-paths.ts";
import { adminQueryKeys } from "./admin-query-keys.ts";
import { useAdminMutation } from "./use-admin-mutation.ts";

/** POST /api/admin/shot-templates (new) or PUT /api/admin/shot-templates/:id. */
export function saveShotTemplate({ id, input }: { id: number | null; input: ShotTemplateInput }) {
  return sendJson(
    id === null ? adminPaths.shotTemplates : withId(adminPaths.shotTemplate, { id }),
    AdminShotTemplateSchema,
    input,
    { method: id === null ? "POST" : "PUT" },
  );
}

export function useSaveShotTemplate() {
  return useAdminMutation(saveShotTemplate, adminQueryKeys.protocols());
}
