import { AdminWarningSchema, adminPaths, type WarningInput } from "@vaxcal/contracts";
import { sendJson } from "../../../lib/api-client.ts";
import { withId } from "./admin-api-paths.ts";
import { adminQueryKeys } from "./admin-query-keys.ts";
import { useAdminMutation } from "./use-admin-mutation.ts";

/** PUT /api/admin/warnings/:id: a popup message's texts and severity. */
export function saveWarning({ id, input }: { id: number; input: WarningInput }) {
  return sendJson(withId(adminPaths.warning, { id }), AdminWarningSchema, input, { method: "PUT" });
}

export function useSaveWarning() {
  return useAdminMutation(saveWarning, adminQueryKeys.protocols());
}
