import { useQuery } from "@tanstack/react-query";
import {
  MessageResponseSchema,
  UndoContactChangeRequestSchema,
  accountPaths,
} from "@vaxcal/contracts";
import { sendJson } from "../../../lib/api-client.ts";
import { accountSecurityQueryKeys } from "../query-keys.ts";

/** POST /api/account/undo-contact-change with the token from the link; answers what happened. */
export async function undoContactChange(token: string, signal?: AbortSignal): Promise<string> {
  const request = UndoContactChangeRequestSchema.parse({ token });
  const { message } = await sendJson(
    accountPaths.undoContactChange,
    MessageResponseSchema,
    request,
    {
      signal,
    },
  );
  return message;
}

export function useUndoContactChange(token: string) {
  return useQuery({
    queryKey: accountSecurityQueryKeys.undoContactChange(token),
    queryFn: ({ signal }) => undoContactChange(token, signal),
    // The link works once: asking again would only report it used.
    staleTime: Infinity,
    retry: false,
  });
}
