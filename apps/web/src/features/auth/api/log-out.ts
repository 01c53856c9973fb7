import { useMutation, useQueryClient } from "@tanstack/react-query";
import { MessageResponseSchema, accountPaths } from "@vaxcal/contracts";
import { sendJson } from "../../../lib/api-client.ts";
import { logOut as clearSession } from "../../../stores/auth.ts";

/** POST /api/logout (docs/product.md §7): the server forgets the token. */
export async function endServerSession(): Promise<void> {
  await sendJson(accountPaths.logout, MessageResponseSchema, {});
}

/**
 * docs/product.md §4: logout clears local storage and wipes calendar data. The farmer asked to
 * leave, so a server that cannot be reached does not keep them signed in on this phone: the local
 * session ends either way, and the token dies on the server by its idle limit.
 */
export function useLogOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      try {
        await endServerSession();
      } catch (error) {
        console.warn("The server did not confirm the logout; ending the session here.", error);
      }
    },
    onSettled: () => {
      clearSession();
      // Every loaded list and calendar goes; the mutation cache stays so this call can finish.
      queryClient.getQueryCache().clear();
    },
  });
}
