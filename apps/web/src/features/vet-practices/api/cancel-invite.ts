import { MessageResponseSchema, vetPracticePaths } from "@vaxcal/contracts";
import { fetchJson } from "../../../lib/api-client.ts";

/** Withdraws an open invite; run through useMembersChange. */
export const cancelInvite = (id: number) =>
  fetchJson(vetPracticePaths.invite.replace(":id", String(id)), MessageResponseSchema, {
    method: "DELETE",
  });
