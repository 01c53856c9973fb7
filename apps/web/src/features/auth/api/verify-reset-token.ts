import { useQuery } from "@tanstack/react-query";
import {
  VerifyResetTokenResponseSchema,
  accountPaths,
  type VerifyResetTokenRequest,
  type VerifyResetTokenResponse,
} from "@vaxcal/contracts";
import { sendJson } from "../../../lib/api-client.ts";
import { authQueryKeys } from "../query-keys.ts";

/** POST /api/password/verify-token: whether the link from the e-mail can still be used. */
export function verifyResetToken(
  request: VerifyResetTokenRequest,
  signal?: AbortSignal,
): Promise<VerifyResetTokenResponse> {
  return sendJson(accountPaths.passwordVerifyToken, VerifyResetTokenResponseSchema, request, {
    signal,
  });
}

export function useVerifyResetToken(request: VerifyResetTokenRequest | null) {
  return useQuery({
    queryKey: authQueryKeys.passwordResetToken(request?.email, request?.token),
    queryFn: ({ signal }) => verifyResetToken(request as VerifyResetTokenRequest, signal),
    enabled: request !== null,
    // A token is checked once per visit; its answer changes only by using it.
    staleTime: Infinity,
    gcTime: 0,
  });
}
