import { AdminSeasonDefaultSchema, adminPaths, type SeasonDefaultInput } from "@vaxcal/contracts";
import { sendJson } from "../../../lib/api-client.ts";
import { withId } from "./admin-api-paths.ts";
import { adminQueryKeys } from "./admin-query-keys.ts";
import { useAdminMutation } from "./use-admin-mutation.ts";

/** PUT /api/admin/season-defaults/:id: a season's default birth and breeding dates. */
export function saveSeasonDefault({ id, input }: { id: number; input: SeasonDefaultInput }) {
  return sendJson(withId(adminPaths.seasonDefault, { id }), AdminSeasonDefaultSchema, input, {
    method: "PUT",
  });
}

export function useSaveSeasonDefault() {
  return useAdminMutation(saveSeasonDefault, adminQueryKeys.protocols());
}
