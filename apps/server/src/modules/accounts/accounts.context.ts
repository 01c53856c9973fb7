import type { Db } from "../../db/database.ts";
import type { AppError } from "../../errors/app-error.ts";
import type { BackgroundTasks } from "../../lib/background-tasks.ts";
import type { Clock } from "../../lib/clock.ts";
import { createValidationError } from "../../errors/validation-error.ts";
import type { MessageOutbox } from "../../outbox/message-outbox.ts";

/** What every accounts operation needs, passed in explicitly by buildApp (or a test). */
export type AccountsContext = {
  db: Db;
  clock: Clock;
  /** The HMAC key of e-mail verification links and mobile codes. */
  secret: string;
  /** Links in e-mails and texts start with it, never with the request's Host header. */
  publicUrl: string;
  outbox: MessageOutbox;
  /** Work done after the answer has gone, e.g. a reset request's look-up and e-mail. */
  tasks: BackgroundTasks;
  /**
   * Told after a farmer's registration or settings linked or unlinked a vet practice; the
   * vet-practices module, wired in by app.ts, e-mails the practices concerned. Must not throw.
   */
  onVetLinkChanged?: (
    farmerId: number,
    previousPracticeId: number | null,
    nextPracticeId: number | null,
  ) => void;
  onEmailVerified?: EmailVerifiedHook;
};

/**
 * Awaited after a user's e-mail was verified (not when it already was); the vet-practices module,
 * wired in by app.ts, then opens the practice that e-mail belongs to (decision 503).
 */
export type EmailVerifiedHook = (userId: number) => Promise<void>;

export type FieldProblem = { field: string; message: string };

/**
 * A 400 naming the payload fields at fault, in the shape the framework's own validation uses
 * (`body.email`), so the client lists every message and highlights the fields.
 */
export function createFieldErrors(problems: readonly FieldProblem[]): AppError {
  return createValidationError(
    problems.map((problem) => ({ path: `body.${problem.field}`, message: problem.message })),
  );
}
