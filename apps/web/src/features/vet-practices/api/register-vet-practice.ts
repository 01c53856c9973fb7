import { useMutation, useQueryClient } from "@tanstack/react-query";
import {
  VetRegisterResponseSchema,
  vetPracticeMessages,
  vetPracticePaths,
  type ParsedVetRegisterRequest,
  type UserProfile,
} from "@vaxcal/contracts";
import { sendJson } from "../../../lib/api-client.ts";
import { describeFormFailure, type FormFailure } from "../../../lib/api-errors.ts";
import { startSessionWithUser } from "../../../lib/current-user.ts";

/** docs/product.md §7: a reply without the user or the token is refused with this error. */
export class IncompleteRegistrationError extends Error {
  constructor() {
    super(vetPracticeMessages.incompleteData);
    this.name = "IncompleteRegistrationError";
  }
}

/** POST /api/vet/register: the user and token, both, or 'Registration failed, incomplete data.' */
export async function registerVetPractice(
  request: ParsedVetRegisterRequest,
): Promise<{ user: UserProfile; token: string }> {
  const answer = await sendJson(vetPracticePaths.register, VetRegisterResponseSchema, request);
  if (!answer.user || !answer.token) throw new IncompleteRegistrationError();
  return { user: answer.user, token: answer.token };
}

/**
 * docs/product.md §8: field errors are all listed; incomplete data says so; a server message is
 * 'Failed to register: ' plus it; anything else 'Failed to register: An error occurred'.
 */
export function describeVetRegistrationFailure(error: unknown): FormFailure & { notice: string } {
  if (error instanceof IncompleteRegistrationError) {
    return { messages: [error.message], fields: [], notice: error.message };
  }
  const failure = describeFormFailure(error, {
    fallback: vetPracticeMessages.anErrorOccurred,
    unexpectedReply: vetPracticeMessages.registrationFailed,
  });
  if (failure.fields.length > 0) {
    return { ...failure, notice: vetPracticeMessages.registrationFailed };
  }
  const message = `${vetPracticeMessages.failedToRegister}${failure.messages[0] ?? vetPracticeMessages.anErrorOccurred}`;
  return { messages: [message], fields: [], notice: message };
}

export function useRegisterVetPractice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerVetPractice,
    onSuccess: (answer) => startSessionWithUser(queryClient, answer),
  });
}
