import type { ScopedDisease } from "@vaxcal/contracts";
import { useState } from "react";
import { CheckboxField, FieldGroup } from "../../../components/ui/form-fields.tsx";
import { LocalDialog } from "../../../components/ui/dialog.tsx";

/**
 * docs/product.md §2 'Add diseases popup': the animal's diseases; those already on the calendar are
 * disabled and marked Added. 'Add selected' adds the chosen ones; Cancel closes and clears the
 * choice.
 */
export function AddDiseasesDialog({
  diseases,
  calendarDiseaseIds,
  onAdd,
  onCancel,
}: {
  diseases: readonly ScopedDisease[];
  calendarDiseaseIds: readonly number[];
  onAdd: (diseaseIds: number[]) => void;
  onCancel: () => void;
}) {
  const [selected, setSelected] = useState<number[]>([]);

  return (
    <LocalDialog title="Add diseases" onClose={onCancel}>
      <form
        className="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onAdd(selected);
        }}
      >
        <FieldGroup legend="Diseases for this calendar">
          {diseases.map((disease) => {
            const isAdded = calendarDiseaseIds.includes(disease.id);
            return (
              <CheckboxField
                key={disease.id}
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
            );
          })}
        </FieldGroup>
        <div className="button-row">
          <button type="submit" className="button button--primary" disabled={selected.length === 0}>
            Add selected
          </button>
          <button type="button" className="button button--secondary" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </LocalDialog>
  );
}
