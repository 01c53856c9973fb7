import { useMutation, useQueryClient } from "@tanstack/react-query";
import {
  RegisterResponseSchema,
  accountPaths,
  type ParsedRegisterRequest,
  type RegisterResponse,
} from "@vaxcal/contracts";
import { ApiError, sendJson } from "../../../lib/api-client.ts";
import { startSession } from "../../../lib/auth.ts";
import { currentUserQueryOptions } from "../../../lib/current-user.ts";
import { authMessages } from "../auth-messages.ts";
import { readIssueFields } from "./describe-api-error.ts";

/**
 * POST /api/register (spec §7) with the farmer registration payload of spec §3. The username is
 * the e-mail, or the mobile when there is no e-mail; the server derives it again itself.
 */
export function registerFarmer(request: ParsedRegisterRequest): Promise<RegisterResponse> {
  return sendJson(accountPaths.register, RegisterResponseSchema, {
    ...request,
    username: request.email ?? request.phone_number,
  });
}

export type RegistrationFailure = {
  /** Every message to list in the alert box (spec §8). */
  messages: string[];
  /** The payload fields at fault, to highlight. */
  fields: { field: string; message: string }[];
};

/**
 * Spec §8: field errors are all listed; a message without them is shown as it is; a reply that
 * is not a success says 'Registration failed'; anything else 'An error occurred'.
 */
export function describeRegistrationFailure(error: unknown): RegistrationFailure {
  const fields = readIssueFields(error);
  if (fields.length > 0) {
    return { messages: [...new Set(fields.map((issue) => issue.message))], fields };
  }
  if (error instanceof ApiError) {
    if (error.isUnexpectedShape) return { messages: [authMessages.registrationFailed], fields };
    if (error.code !== null) return { messages: [error.message], fields };
  }
  return { messages: [authMessages.registrationError], fields };
}

export function useRegisterFarmer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerFarmer,
    onSuccess: ({ token, user }) => {
      startSession({ token, user });
      queryClient.setQueryData(currentUserQueryOptions(token).queryKey, user);
    },
  });
}
