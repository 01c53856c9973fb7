import { MessageResponseSchema, vetPracticePaths } from "@vaxcal/contracts";
import { fetchJson } from "../../../lib/api-client.ts";

/** Sends an open invite again; run through useMembersChange. */
export const resendInvite = (id: number) =>
  fetchJson(vetPracticePaths.inviteResend.replace(":id", String(id)), MessageResponseSchema, {
    method: "POST",
  });
