import type { SavedCalendarContact } from "@vaxcal/contracts";
import { useState } from "react";
import {
  useCalendarAutosave,
  type AutosaveInput,
  type AutosaveStatus,
  type CalendarAutosave,
} from "../hooks/use-calendar-autosave.ts";
import { ConfirmDetailsDialog } from "./confirm-details-dialog.tsx";
import "./calendar-finish.css";

/** Decision 424: what the bar says in each state, in farm words. */
export const autosaveMessages = {
  unchanged: "Changes you make here are saved as you make them.",
  saving: "Saving your change…",
  saved: "Saved. The PDF, the phone calendar and the reminders have it.",
  offline:
    "No signal. Your change is kept on this phone and will be saved when the signal is back.",
  failed: "Your change could not be saved.",
  needsDetails: "To save your changes, confirm your details once.",
  blocked: "Not saved: a calendar needs at least one disease.",
} as const satisfies Partial<Record<AutosaveStatus, string>>;

export const autosaveLabels = {
  undo: "Undo",
  retry: "Try again",
  loadLatest: "Load the latest version",
  confirmDetails: "Confirm your details",
  /** The confirm popup's button in edit mode. */
  save: "Save changes",
} as const;

type AutosaveBarProps = AutosaveInput & {
  /** A conflict (decision 424): drop this draft and open the version saved elsewhere. */
  onLoadLatest: () => void;
};

/**
 * Decision 424: a saved calendar has no save button. Each edit saves itself; this bar, at the foot
 * of the screen, says where the last one is, with 'Undo', and what to do when it cannot go.
 */
export function AutosaveBar(props: AutosaveBarProps) {
  const autosave = useCalendarAutosave(props);
  return (
    <AutosaveBarView
      autosave={autosave}
      savedContact={props.savedContact}
      onLoadLatest={props.onLoadLatest}
    />
  );
}

function describeStatus(autosave: CalendarAutosave): string {
  if (autosave.status === "conflict") return autosave.savedElsewhereMessage;
  return autosaveMessages[autosave.status];
}

function AutosaveBarView({
  autosave,
  savedContact,
  onLoadLatest,
}: {
  autosave: CalendarAutosave;
  savedContact: SavedCalendarContact | null;
  onLoadLatest: () => void;
}) {
  const [isConfirming, setIsConfirming] = useState(false);
  const { status } = autosave;
  return (
    <div className={`autosave-bar autosave-bar--${status}`}>
      <div role="status" className="autosave-bar__message">
        <p>{describeStatus(autosave)}</p>
        {status === "failed" &&
          autosave.failure.map((message) => (
            <p key={message} className="autosave-bar__detail">
              {message}
            </p>
          ))}
      </div>
      <div className="autosave-bar__actions">
        {status === "failed" && (
          <button type="button" className="button button--primary" onClick={autosave.retry}>
            {autosaveLabels.retry}
          </button>
        )}
        {status === "conflict" && (
          <button type="button" className="button button--primary" onClick={onLoadLatest}>
            {autosaveLabels.loadLatest}
          </button>
        )}
        {status === "needsDetails" && (
          <button
            type="button"
            className="button button--primary"
            onClick={() => setIsConfirming(true)}
          >
            {autosaveLabels.confirmDetails}
          </button>
        )}
        {autosave.canUndo && status !== "conflict" && (
          <button type="button" className="button button--secondary" onClick={autosave.undo}>
            {autosaveLabels.undo}
          </button>
        )}
      </div>
      {isConfirming && (
        <ConfirmDetailsDialog
          submitLabel={autosaveLabels.save}
          savedContact={savedContact}
          onCancel={() => setIsConfirming(false)}
          onConfirm={(details) => {
            setIsConfirming(false);
            autosave.confirmDetails(details);
          }}
        />
      )}
    </div>
  );
}
