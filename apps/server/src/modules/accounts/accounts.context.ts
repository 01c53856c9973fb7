import { ErrorCode, type ErrorIssue } from "@vaxcal/contracts";
import type { Db } from "../../db/database.ts";
import { AppError } from "../../errors/app-error.ts";
import type { Clock, MessageOutbox } from "../outbox/message-outbox.ts";

/** What every accounts operation needs, passed in explicitly by buildApp (or a test). */
export type AccountsContext = {
  db: Db;
  clock: Clock;
  /** The HMAC key of e-mail verification links and mobile codes. */
  secret: string;
  /** Links in e-mails and texts start with it, never with the request's Host header. */
  publicUrl: string;
  outbox: MessageOutbox;
};

export type FieldProblem = { field: string; message: string };

/**
 * A 400 naming the payload fields at fault, in the shape the framework's own validation uses
 * (`body.email`), so the client lists every message and highlights the fields.
 */
export function createFieldErrors(problems: readonly FieldProblem[]): AppError {
  const issues: ErrorIssue[] = problems.map((problem) => ({
    path: `body.${problem.field}`,
    message: problem.message,
  }));
  const message =
    problems.length === 1 ? (problems[0]?.message ?? "") : "Some fields are not valid.";
  return new AppError(ErrorCode.validation, message, issues);
}
