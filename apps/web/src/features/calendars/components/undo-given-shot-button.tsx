import { givenShotMessages } from "@vaxcal/contracts";
import type { UndoGivenShotButtonProps } from "../../calendar-builder/index.ts";
import { describeApiError } from "../../../lib/api-errors.ts";
import { showNotification } from "../../../stores/notifications.ts";
import { useUndoGivenShot } from "../api/undo-given-shot.ts";

/** 'Undo' on a shot marked as given (docs/product.md D19), on 'Due next'. */
export function UndoGivenShotButton({ calendarId, shotId, name }: UndoGivenShotButtonProps) {
  const undo = useUndoGivenShot(calendarId);
  return (
    <button
      type="button"
      className="button button--secondary"
      aria-label={`Undo given: ${name}`}
      disabled={undo.isPending}
      onClick={() =>
        undo.mutate(shotId, {
          onSuccess: () => showNotification("success", givenShotMessages.undone),
          onError: (error) =>
            showNotification("error", describeApiError(error, givenShotMessages.saveFailed)),
        })
      }
    >
      Undo
    </button>
  );
}
