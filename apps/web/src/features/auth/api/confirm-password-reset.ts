import { useMutation, useQueryClient } from "@tanstack/react-query";
import {
  AuthResponseSchema,
  ConfirmPasswordResetRequestSchema,
  accountPaths,
  type AuthResponse,
  type ConfirmPasswordResetRequest,
} from "@vaxcal/contracts";
import { sendJson } from "../../../lib/api-client.ts";
import { startSessionWithUser } from "../../../lib/current-user.ts";

export { ConfirmPasswordResetRequestSchema };

/**
 * POST /api/password/reset/confirm: sets the new password and logs in, like login
 * (docs/product.md §4).
 */
export function confirmPasswordReset(request: ConfirmPasswordResetRequest): Promise<AuthResponse> {
  return sendJson(accountPaths.passwordResetConfirm, AuthResponseSchema, request);
}

export function useConfirmPasswordReset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmPasswordReset,
    onSuccess: (answer) => startSessionWithUser(queryClient, answer),
  });
}
