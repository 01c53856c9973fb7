import { useMutation, useQueryClient } from "@tanstack/react-query";
import {
  AuthResponseSchema,
  LoginRequestSchema,
  accountPaths,
  type AuthResponse,
  type LoginRequest,
} from "@vaxcal/contracts";
import { ApiError, sendJson } from "../../../lib/api-client.ts";
import { startSessionWithUser } from "../../../lib/current-user.ts";
import { authMessages } from "../auth-messages.ts";

export { LoginRequestSchema };

/** POST /api/login (docs/product.md §7): user and token. */
export function logIn(request: LoginRequest): Promise<AuthResponse> {
  return sendJson(accountPaths.login, AuthResponseSchema, request);
}

/**
 * docs/product.md §8: the server's message, 'Login failed' if no user came back, else the generic
 * text.
 */
export function describeLoginError(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.isUnexpectedShape) return authMessages.loginFailed;
    if (error.code !== null) return error.message;
  }
  return authMessages.loginError;
}

export function useLogIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logIn,
    onSuccess: (answer) => startSessionWithUser(queryClient, answer),
  });
}
