import type { CalendarForm, ReferenceLists } from "@vaxcal/contracts";
import { formatLongDate, resolveBirthLabel, type CalendarSetup } from "@vaxcal/schedule";
import { Link } from "react-router";
import { hostGates } from "../../../config/hosts.ts";
import { paths } from "../../../config/paths.ts";
import { ModalName, openModal } from "../../../stores/modals.ts";

type ReviewOverviewProps = {
  reference: ReferenceLists;
  form: CalendarForm;
  setup: CalendarSetup;
  onAddDiseases: () => void;
};

/** Step 2's summary of the step 1 choices, with the ways to add diseases or change them. */
export function ReviewOverview({ reference, form, setup, onAddDiseases }: ReviewOverviewProps) {
  const enterprise = reference.enterprises.find((candidate) => candidate.id === form.enterpriseID);
  const animal = reference.animals.find((candidate) => candidate.id === form.animalID);
  const season = reference.seasons.find((candidate) => candidate.id === form.seasonID);
  const birthLabel = resolveBirthLabel(setup);

  return (
    <section className="review-overview" aria-labelledby="review-overview-title">
      <h2 id="review-overview-title" className="visually-hidden">
        Your choices
      </h2>
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
