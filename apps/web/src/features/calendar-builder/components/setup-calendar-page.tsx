import { calendarBuilderMessages, type ReferenceLists } from "@vaxcal/contracts";
import { useId, useState } from "react";
import { useNavigate } from "react-router";
import { paths } from "../../../config/paths.ts";
import { useAuthStore } from "../../../stores/auth.ts";
import { ModalName, openModal } from "../../../stores/modals.ts";
import { readToday } from "../lib/calendar-dates.ts";
import { canProceedToReview } from "../lib/calendar-setup.ts";
import {
  applyCalendarFormFields,
  setCalendarFormField,
  useCalendarFormStore,
} from "../stores/calendar-form-store.ts";
import { EnterpriseBanner } from "./enterprise-banner.tsx";
import { SetupFields } from "./setup-fields.tsx";
import "./calendar-builder.css";

/** docs/product.md §2 '/beta': step 1, 'Setup your calendar'. */
export function SetupCalendarPage({ reference }: { reference: ReferenceLists }) {
  const navigate = useNavigate();
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  const form = useCalendarFormStore();
  const [today] = useState(readToday);
  const hintId = useId();
  const enterprise = reference.enterprises.find((candidate) => candidate.id === form.enterpriseID);
  const animal = reference.animals.find((candidate) => candidate.id === form.animalID);
  const canProceed = canProceedToReview(form, animal, today);

  return (
    <div className="setup-page">
      <title>Setup your calendar · VaxCal</title>
      <section className="setup-banner" data-enterprise={enterprise?.name.toLowerCase() ?? "none"}>
        <div className="setup-banner__text">
          <p className="setup-banner__eyebrow">Step 1 of 2</p>
          <h1 className="setup-banner__title">Setup your calendar</h1>
          <p className="setup-banner__intro">
            Tell us about your {enterprise ? enterprise.name.toLowerCase() : "herd or flock"} and we
            lay out every vaccine shot for the years ahead.
          </p>
          {!isAuthenticated && (
            <button
              type="button"
              className="button button--secondary setup-banner__login"
              onClick={() => openModal(ModalName.login)}
            >
              Login
            </button>
          )}
        </div>
        <EnterpriseBanner enterpriseName={enterprise?.name} />
      </section>

      <form
        className="setup-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (canProceed) void navigate(paths.calendarCreate.getHref());
        }}
      >
        <SetupFields
          reference={reference}
          today={today}
          form={form}
          onChoose={(fields) =>
            applyCalendarFormFields(fields, reference.animalEnterpriseSeasonCombinations)
          }
          onSetField={setCalendarFormField}
        />
        <div className="setup-form__actions">
          <button
            type="submit"
            className="button button--primary button--large"
            disabled={!canProceed}
            aria-describedby={canProceed ? undefined : hintId}
          >
            Next step
          </button>
          {!canProceed && (
            <p id={hintId} className="setup-form__hint">
              {calendarBuilderMessages.nextStepHint}
            </p>
          )}
        </div>
      </form>
    </div>
  );
}
