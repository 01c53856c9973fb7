import type { CalendarForm, ReferenceLists } from "@vaxcal/contracts";
import { formatLongDate, resolveBirthLabel, type CalendarSetup } from "@vaxcal/schedule";
import { useId, useState } from "react";
import { Link } from "react-router";
import { hostGates } from "../../../config/hosts.ts";
import { paths } from "../../../config/paths.ts";
import { ModalName, openModal } from "../../../stores/modals.ts";
import { isPhoneWidth } from "../hooks/use-is-phone.ts";

type ReviewOverviewProps = {
  reference: ReferenceLists;
  form: CalendarForm;
  setup: CalendarSetup;
  onAddDiseases: () => void;
};

/**
 * Step 2's summary of the step 1 choices, with the ways to add diseases or change them. Decision
 * 428: it folds behind a button that names the choices in one line, closed on a phone so the
 * first screen shows the next shots, open on a wider screen.
 */
export function ReviewOverview({ reference, form, setup, onAddDiseases }: ReviewOverviewProps) {
  const [isOpen, setIsOpen] = useState(() => !isPhoneWidth());
  const bodyId = useId();
  const enterprise = reference.enterprises.find((candidate) => candidate.id === form.enterpriseID);
  const animal = reference.animals.find((candidate) => candidate.id === form.animalID);
  const season = reference.seasons.find((candidate) => candidate.id === form.seasonID);
  const birthLabel = resolveBirthLabel(setup);

  return (
    <section className="review-overview" aria-labelledby="review-overview-title">
      <h2 className="review-overview__title">
        <button
          type="button"
          id="review-overview-title"
          className="review-overview__toggle"
          aria-expanded={isOpen}
          aria-controls={bodyId}
          onClick={() => setIsOpen((open) => !open)}
        >
          <span className="review-overview__toggle-name">Your choices</span>{" "}
          <span className="review-overview__toggle-summary">
            {[enterprise?.name, animal?.name, season?.name].filter(Boolean).join(", ")}
          </span>
          <span className="review-overview__toggle-mark" aria-hidden="true" />
        </button>
      </h2>
      <div id={bodyId} className="review-overview__body" hidden={!isOpen}>
        <dl className="review-overview__list">
          <OverviewItem term="Enterprise" value={enterprise?.name ?? ""} />
          <OverviewItem term="Animal" value={animal?.name ?? ""} />
          <OverviewItem term="Season" value={season?.name ?? ""} />
          {setup.birthDate && (
            <OverviewItem
              term={birthLabel === "Birth" ? "Birth date" : `${birthLabel} date`}
              value={formatLongDate(setup.birthDate)}
            />
          )}
          {setup.breedingDate && (
            <OverviewItem term="Breeding date" value={formatLongDate(setup.breedingDate)} />
          )}
        </dl>
        <div className="button-row">
          <AddDiseasesButton onClick={onAddDiseases} />
          {hostGates.canReachBetaRoute ? (
            <Link className="button button--secondary" to={paths.calendarSetup.getHref()}>
              Change your choices
            </Link>
          ) : (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => openModal(ModalName.generateCalendar)}
            >
              Change your choices
            </button>
          )}
        </div>
      </div>
    </section>
  );
}

export function AddDiseasesButton({ onClick }: { onClick: () => void }) {
  return (
    <button type="button" className="button button--primary" onClick={onClick}>
      Add diseases
    </button>
  );
}

function OverviewItem({ term, value }: { term: string; value: string }) {
  return (
    <div className="review-overview__item">
      <dt>{term}</dt>
      <dd>{value}</dd>
    </div>
  );
}
