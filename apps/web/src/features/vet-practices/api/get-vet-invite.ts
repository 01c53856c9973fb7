import { useQuery } from "@tanstack/react-query";
import { VetInviteDetailsSchema, vetPracticePaths } from "@vaxcal/contracts";
import { sendJson } from "../../../lib/api-client.ts";
import { vetPracticesQueryKeys } from "../query-keys.ts";

/** The invite behind a join link: the practice and the e-mail it was sent to. */
export function useVetInvite(token: string, { isEnabled }: { isEnabled: boolean }) {
  return useQuery({
    enabled: isEnabled,
    queryKey: vetPracticesQueryKeys.invite(token),
    queryFn: ({ signal }) =>
      sendJson(vetPracticePaths.inviteCheck, VetInviteDetailsSchema, { token }, { signal }),
    retry: false,
  });
}
