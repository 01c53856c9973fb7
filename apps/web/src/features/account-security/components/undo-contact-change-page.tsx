import { securityMessages } from "@vaxcal/contracts";
import { Link, useSearchParams } from "react-router";
import { LoadingState } from "../../../components/ui/status-panels.tsx";
import { paths } from "../../../config/paths.ts";
import { describeApiError } from "../../../lib/api-errors.ts";
import { useUndoContactChange } from "../api/undo-contact-change.ts";

export const undoPageTexts = {
  heading: "Secure your account",
  undoing: "Putting back your previous contact details, please wait...",
  failed: "We could not undo the change. Please check your signal and try again.",
  resetPassword: "Reset my password",
} as const;

/**
 * The link sent to the old e-mail or mobile after a contact change: undoes the change, ends every
 * session, and sends the owner on to choose a new password.
 */
export function UndoContactChangePage() {
  const [searchParams] = useSearchParams();
  const undo = useUndoContactChange(searchParams.get("token") ?? "");
  return (
    <section className="page-panel">
      <title>Secure your account · VaxCal</title>
      <h1>{undoPageTexts.heading}</h1>
      {undo.isPending && <LoadingState label={undoPageTexts.undoing} />}
      {undo.isSuccess && (
        <p role="status" className="lead">
          {undo.data}
        </p>
      )}
      {undo.isError && (
        <p role="alert" className="lead">
          {undo.error instanceof Error && undo.error.name === "ZodError"
            ? securityMessages.contactUndoInvalid
            : describeApiError(undo.error, undoPageTexts.failed)}
        </p>
      )}
      {!undo.isPending && (
        <div className="button-row">
          <Link className="button button--primary" to={paths.passwordReset.getHref()}>
            {undoPageTexts.resetPassword}
          </Link>
        </div>
      )}
    </section>
  );
}
