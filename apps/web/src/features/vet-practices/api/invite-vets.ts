import { MessageResponseSchema, vetPracticePaths } from "@vaxcal/contracts";
import { sendJson } from "../../../lib/api-client.ts";

/** POST /api/vet/invites: invites vets by e-mail; run through useMembersChange. */
export const inviteVets = (emails: string[]) =>
  sendJson(vetPracticePaths.invites, MessageResponseSchema, { emails });
