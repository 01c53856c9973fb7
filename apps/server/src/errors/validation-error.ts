import { ErrorCode, type ErrorIssue } from "@vaxcal/contracts";
import { AppError } from "./app-error.ts";

export const someFieldsInvalidMessage = "Some fields are not valid.";

/**
 * The 400 that names the fields at fault (`body.email`, `query.birthDate`), so the client lists
 * every message and highlights the fields. Its message is the one issue's own, or a summary when
 * there are several; `summarise` keeps the summary even for one issue.
 */
export function createValidationError(
  issues: readonly ErrorIssue[],
  { summarise = false }: { summarise?: boolean } = {},
): AppError {
  const [only] = issues;
  const message =
    !summarise && issues.length === 1 && only ? only.message : someFieldsInvalidMessage;
  return new AppError(ErrorCode.validation, message, [...issues]);
}
