import type { ScopedVaccine } from "@vaxcal/contracts";
import {
  READ_ONLY_SHOT_MESSAGE,
  canEditShot,
  describeSeasonTiming,
  formatLongDate,
  isIsoDate,
  type IsoDate,
  type ProtocolWarning,
  type Shot,
} from "@vaxcal/schedule";
import { useState } from "react";
import { TextField } from "../../../components/ui/form-fields.tsx";
import { describeChosenDate } from "../lib/calendar-dates.ts";
import { describeWarningDetails } from "../lib/protocol-warnings.ts";
import { LocalDialog } from "../../../components/ui/dialog.tsx";
import { VaccineAdvice, VaccineFacts } from "./vaccine-facts.tsx";

type ShotPanelProps = {
  vaccine: ScopedVaccine | null;
  diseaseName: string;
  /** The shot to show; null when the panel adds a new shot. */
  shot: Shot | null;
  /** The date the input starts with. */
  initialDate: IsoDate;
  warnings: readonly ProtocolWarning[];
  onConfirm: (date: IsoDate) => void;
  onCancel: () => void;
  onDelete: () => void;
  onOpenFirstOccurrence: () => void;
};

const dateMessage = "Please enter the date of this shot.";

/**
 * docs/product.md §2 'Shot label popup': the vaccine's name, pack sizes, how it is given, logo and
 * the 'Click here to read more' link, a date input, and Confirm, Cancel and Delete. A mirrored copy
 * of a yearly shot is read-only (docs/product.md §4) and points to its first occurrence instead.
 */
export function ShotPanel({
  vaccine,
  diseaseName,
  shot,
  initialDate,
  warnings,
  onConfirm,
  onCancel,
  onDelete,
  onOpenFirstOccurrence,
}: ShotPanelProps) {
  const [date, setDate] = useState<string>(initialDate);
  const [error, setError] = useState<string | undefined>(undefined);
  const name = shot?.custom_name ?? vaccine?.name ?? diseaseName;
  const isReadOnly = shot !== null && !canEditShot(shot);
  // Decision 411: a dose due now says when its window closes; a missed one says to ask the vet.
  const timing = describeSeasonTiming(shot?.seasonTiming);
  const title = shot === null ? `Add a ${vaccine?.name ?? diseaseName} shot` : name;

  return (
    <LocalDialog title={title} onClose={onCancel}>
      <form
        className="shot-panel"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!isIsoDate(date)) {
            setError(dateMessage);
            return;
          }
          onConfirm(date);
        }}
      >
        <p className="shot-panel__disease">For {diseaseName}</p>
        {timing && <p className="shot-panel__timing">{timing}</p>}
        {vaccine && <VaccineFacts vaccine={vaccine} />}
        {warnings.length > 0 && (
          <ul className="shot-panel__warnings">
            {warnings.map((warning) => (
              <li key={`${warning.rule}-${warning.shotIds.join("-")}`}>
                {warning.message}
                <span className="warning-details">{describeWarningDetails(warning)}</span>
              </li>
            ))}
          </ul>
        )}
        {isReadOnly ? (
          <>
            {shot.date && (
              <p className="shot-panel__date">
                Due on <strong>{formatLongDate(shot.date)}</strong>
              </p>
            )}
            <p className="shot-panel__read-only" role="status">
              {READ_ONLY_SHOT_MESSAGE}
            </p>
            <div className="button-row">
              <button
                type="button"
                className="button button--primary"
                onClick={onOpenFirstOccurrence}
              >
                Edit the first occurrence
              </button>
              <button type="button" className="button button--secondary" onClick={onCancel}>
                Cancel
              </button>
            </div>
          </>
        ) : (
          <>
            <TextField
              label="Date of this shot"
              type="date"
              required
              value={date}
              echo={describeChosenDate(date)}
              error={error}
              onChange={(event) => {
                setDate(event.target.value);
                setError(undefined);
              }}
            />
            <div className="button-row">
              <button type="submit" className="button button--primary">
                Confirm
              </button>
              <button type="button" className="button button--secondary" onClick={onCancel}>
                Cancel
              </button>
              {shot !== null && (
                <button type="button" className="button button--danger" onClick={onDelete}>
                  Delete
                </button>
              )}
            </div>
          </>
        )}
        {vaccine && <VaccineAdvice vaccine={vaccine} />}
      </form>
    </LocalDialog>
  );
}
