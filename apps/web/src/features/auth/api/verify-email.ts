import { useQuery } from "@tanstack/react-query";
import { MessageResponseSchema, accountPaths } from "@vaxcal/contracts";
import { fetchJson } from "../../../lib/api-client.ts";
import { authQueryKeys } from "../query-keys.ts";

/**
 * GET /api/email/verify/{id}/{hash} (docs/product.md §7): answers a message when the link is good.
 */
export async function verifyEmail(id: string, hash: string, signal?: AbortSignal): Promise<string> {
  const path = accountPaths.emailVerify
    .replace(":id", encodeURIComponent(id))
    .replace(":hash", encodeURIComponent(hash));
  const { message } = await fetchJson(path, MessageResponseSchema, { signal });
  return message;
}

export function useVerifyEmail(id: string, hash: string) {
  return useQuery({
    queryKey: authQueryKeys.emailVerification(id, hash),
    queryFn: ({ signal }) => verifyEmail(id, hash, signal),
    // The link is used once; asking again after success would only confuse.
    staleTime: Infinity,
    retry: false,
  });
}
