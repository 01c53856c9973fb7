import type { HerdStatus, ScopedDisease } from "@vaxcal/contracts";
import { useState } from "react";
import { CheckboxField, FieldGroup } from "../../../components/ui/form-fields.tsx";
import { LocalDialog } from "../../../components/ui/dialog.tsx";
import { HerdStatusQuestion } from "./setup-fields.tsx";

/** A disease's first-course question for the calendar's animal, and the answer it starts on. */
const addFailedMessage =
  "We could not work out the new shots. Please check your signal and try again.";

export type HerdStatusAsk = { question: string; defaultStatus: HerdStatus };

/**
 * docs/product.md §2 'Add diseases popup': the animal's diseases; those already on the calendar are
 * disabled and marked Added. 'Add selected' adds the chosen ones; Cancel closes and clears the
 * choice. Decision 428: a ticked disease with a first-course question asks it under its box, as
 * step 1 does, with the same question and answers.
 */
export function AddDiseasesDialog({
  diseases,
  calendarDiseaseIds,
  herdStatusAsks,
  onAdd,
  onCancel,
}: {
  diseases: readonly ScopedDisease[];
  calendarDiseaseIds: readonly number[];
  /** The first-course question of each disease that has one for this animal, by disease id. */
  herdStatusAsks: ReadonlyMap<number, HerdStatusAsk>;
  /** The chosen diseases, with the answer to each one's first-course question. */
  onAdd: (diseaseIds: number[], herdStatus: Record<string, HerdStatus>) => void | Promise<void>;
  onCancel: () => void;
}) {
  const [selected, setSelected] = useState<number[]>([]);
  const [answers, setAnswers] = useState<Record<string, HerdStatus>>({});
  const [isAdding, setIsAdding] = useState(false);
  const [error, setError] = useState<string | null>(null);

  return (
    <LocalDialog title="Add diseases" onClose={onCancel}>
      <form
        className="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const herdStatus = Object.fromEntries(
            selected.flatMap((diseaseId) => {
              const ask = herdStatusAsks.get(diseaseId);
              if (ask === undefined) return [];
              return [[String(diseaseId), answers[String(diseaseId)] ?? ask.defaultStatus]];
            }),
          );
          setIsAdding(true);
          setError(null);
          Promise.resolve(onAdd(selected, herdStatus)).catch(() => {
            setIsAdding(false);
            setError(addFailedMessage);
          });
        }}
      >
        <FieldGroup legend="Diseases for this calendar">
          {diseases.map((disease) => {
            const isAdded = calendarDiseaseIds.includes(disease.id);
            const ask = isAdded ? undefined : herdStatusAsks.get(disease.id);
            return (
              <div key={disease.id} className="setup-fields__disease-option">
                <CheckboxField
                  label={
                    <span>
                      {disease.name}
                      {isAdded && <span className="add-diseases__added"> Added</span>}
                    </span>
                  }
                  checked={isAdded || selected.includes(disease.id)}
                  disabled={isAdded}
                  onChange={(event) =>
                    setSelected((current) =>
                      event.target.checked
                        ? [...current, disease.id]
                        : current.filter((diseaseId) => diseaseId !== disease.id),
                    )
                  }
                />
                {ask && selected.includes(disease.id) && (
                  <HerdStatusQuestion
                    question={ask.question}
                    status={answers[String(disease.id)] ?? ask.defaultStatus}
                    onAnswer={(status) =>
                      setAnswers((current) => ({ ...current, [String(disease.id)]: status }))
                    }
                  />
                )}
              </div>
            );
          })}
        </FieldGroup>
        {error && (
          <p className="field__error" role="alert">
            {error}
          </p>
        )}
        <div className="button-row">
          <button
            type="submit"
            className="button button--primary"
            disabled={selected.length === 0 || isAdding}
          >
            {isAdding ? "Adding…" : "Add selected"}
          </button>
          <button type="button" className="button button--secondary" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </LocalDialog>
  );
}
