import { useMutation, useQueryClient } from "@tanstack/react-query";
import {
  RegisterResponseSchema,
  accountPaths,
  type ParsedRegisterRequest,
  type RegisterResponse,
} from "@vaxcal/contracts";
import { sendJson } from "../../../lib/api-client.ts";
import { startSessionWithUser } from "../../../lib/current-user.ts";
import { authMessages } from "../auth-messages.ts";
import { describeFormFailure, type FormFailure } from "../../../lib/api-errors.ts";

/**
 * POST /api/register (docs/product.md §7) with the farmer registration payload of
 * docs/product.md §3. The username is the e-mail, or the mobile when there is no e-mail; the server
 * derives it again itself.
 */
export function registerFarmer(request: ParsedRegisterRequest): Promise<RegisterResponse> {
  return sendJson(accountPaths.register, RegisterResponseSchema, {
    ...request,
    username: request.email ?? request.phone_number,
  });
}

/**
 * docs/product.md §8: field errors are all listed; a message without them is shown as it is; a
 * reply that is not a success says 'Registration failed'; anything else 'An error occurred'.
 */
export function describeRegistrationFailure(error: unknown): FormFailure {
  return describeFormFailure(error, {
    fallback: authMessages.registrationError,
    unexpectedReply: authMessages.registrationFailed,
  });
}

export function useRegisterFarmer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerFarmer,
    onSuccess: (answer) => startSessionWithUser(queryClient, answer),
  });
}
