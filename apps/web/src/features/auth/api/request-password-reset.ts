import { useMutation } from "@tanstack/react-query";
import {
  MessageResponseSchema,
  PasswordResetRequestSchema,
  accountPaths,
  type PasswordResetRequest,
} from "@vaxcal/contracts";
import { sendJson } from "../../../lib/api-client.ts";

export { PasswordResetRequestSchema };

/**
 * POST /password/reset (docs/product.md §7). Sent as /api/password/reset, the same call, because
 * only /api reaches the server behind the development proxy.
 */
export async function requestPasswordReset(request: PasswordResetRequest): Promise<string> {
  const { message } = await sendJson(accountPaths.passwordResetApi, MessageResponseSchema, request);
  return message;
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
