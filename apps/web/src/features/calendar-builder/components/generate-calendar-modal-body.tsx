import { calendarBuilderMessages, type ReferenceLists } from "@vaxcal/contracts";
import { useId, useState } from "react";
import { useNavigate } from "react-router";
import { paths } from "../../../config/paths.ts";
import { closeModal } from "../../../stores/modals.ts";
import { readToday } from "../lib/calendar-dates.ts";
import { canProceedToReview, findCombination } from "../lib/calendar-setup.ts";
import { applyCalendarFormFields, readCalendarForm } from "../stores/calendar-form-store.ts";
import { SetupFields } from "./setup-fields.tsx";
import "./calendar-builder.css";

/**
 * docs/product.md D15: the header's generateCalendar modal is a real quick start. It holds
 * step 1's choices (the same draft, the same rules), and Generate goes straight to step 2, so a
 * farmer on a host where /beta is hidden can still build a calendar.
 */
export function GenerateCalendarModalBody({ reference }: { reference: ReferenceLists }) {
  const navigate = useNavigate();
  // A copy of the draft: Cancel leaves the kept draft (and any calendar built on it) as it was.
  const [form, setForm] = useState(readCalendarForm);
  const [today] = useState(readToday);
  const hintId = useId();
  const animal = reference.animals.find((candidate) => candidate.id === form.animalID);
  const canGenerate = canProceedToReview(form, animal, today);

  return (
    <form
      className="form generate-calendar"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!canGenerate) return;
        applyCalendarFormFields(form, reference.animalEnterpriseSeasonCombinations);
        closeModal();
        void navigate(paths.calendarCreate.getHref());
      }}
    >
      <SetupFields
        reference={reference}
        today={today}
        form={form}
        onChoose={(fields) =>
          setForm((current) => {
            const next = { ...current, ...fields };
            return {
              ...next,
              animalEnterpriseSeasonCombination: findCombination(
                reference.animalEnterpriseSeasonCombinations,
                next,
              ),
            };
          })
        }
        onSetField={(name, value) => setForm((current) => ({ ...current, [name]: value }))}
      />
      {!canGenerate && (
        <p id={hintId} className="setup-form__hint">
          {calendarBuilderMessages.nextStepHint}
        </p>
      )}
      <div className="button-row">
        <button
          type="submit"
          className="button button--primary"
          disabled={!canGenerate}
          aria-describedby={canGenerate ? undefined : hintId}
        >
          Generate
        </button>
        <button type="button" className="button button--secondary" onClick={closeModal}>
          Cancel
        </button>
      </div>
    </form>
  );
}
