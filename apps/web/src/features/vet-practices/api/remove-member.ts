import { MessageResponseSchema, vetPracticePaths } from "@vaxcal/contracts";
import { fetchJson } from "../../../lib/api-client.ts";

/** Takes a vet off the practice; run through useMembersChange. */
export const removeMember = (id: number) =>
  fetchJson(vetPracticePaths.member.replace(":id", String(id)), MessageResponseSchema, {
    method: "DELETE",
  });
