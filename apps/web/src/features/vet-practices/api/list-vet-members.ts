import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { VetPracticeMembersSchema, vetPracticePaths } from "@vaxcal/contracts";
import { fetchJson } from "../../../lib/api-client.ts";
import { useAuthStore } from "../../../stores/auth.ts";
import { vetPracticesQueryKeys } from "../query-keys.ts";

/** GET /api/vet/members: the practice's vets and open invites (manager only). */
export function useVetMembers({ isEnabled }: { isEnabled: boolean }) {
  const token = useAuthStore((state) => state.token);
  return useQuery({
    queryKey: vetPracticesQueryKeys.members(token),
    queryFn: ({ signal }) =>
      fetchJson(vetPracticePaths.members, VetPracticeMembersSchema, { signal }),
    enabled: isEnabled,
  });
}

/**
 * The members page's changes (invite, resend, cancel, remove): each answers a message and
 * refreshes the list.
 */
export function useMembersChange<Input>(call: (input: Input) => Promise<{ message: string }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: vetPracticesQueryKeys.allMembers() }),
  });
}
