import { useMutation, useQueryClient } from "@tanstack/react-query";
import {
  AcceptVetInviteResponseSchema,
  vetPracticePaths,
  type AcceptVetInviteRequest,
} from "@vaxcal/contracts";
import { sendJson } from "../../../lib/api-client.ts";
import { startSessionWithUser } from "../../../lib/current-user.ts";

/** Joins the practice from an invite; the answer signs the vet in. */
export function useAcceptVetInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: AcceptVetInviteRequest) =>
      sendJson(vetPracticePaths.inviteAccept, AcceptVetInviteResponseSchema, request),
    onSuccess: (answer) => startSessionWithUser(queryClient, answer),
  });
}
