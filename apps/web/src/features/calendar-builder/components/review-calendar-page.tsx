import { useQuery } from "@tanstack/react-query";
import {
  calendarBuilderMessages,
  type CalendarForm,
  type CalendarSummary,
  type ReferenceLists,
  type SavedCalendarContact,
  type ScopedDisease,
} from "@vaxcal/contracts";
import {
  addShot,
  checkMaxShots,
  checkProtocol,
  deleteShot,
  dropPastShots,
  findShot,
  formatLongDate,
  hasPastShots,
  removeDisease,
  resolveBirthLabel,
  updateShotDate,
  type Calendar,
  type CalendarSetup,
  type IsoDate,
  type ProtocolWarning,
  type Shot,
} from "@vaxcal/schedule";
import { useEffect, useMemo, useRef, useState } from "react";
import { Link, Navigate } from "react-router";
import { LoadingState } from "../../../components/ui/status-panels.tsx";
import { hostGates } from "../../../config/hosts.ts";
import { paths } from "../../../config/paths.ts";
import { useNavigateToError } from "../../../lib/error-route.ts";
import { ModalName, openModal } from "../../../stores/modals.ts";
import { scopedDiseasesQueryOptions } from "../api/get-scoped-diseases.ts";
import { readToday } from "../lib/calendar-dates.ts";
import { buildCalendarSetup, canProceedToReview, describeSetupKey } from "../lib/calendar-setup.ts";
import {
  PopupSlug,
  describeRulePopup,
  findPreset,
  type PopupParameters,
} from "../lib/protocol-warnings.ts";
import { setCalendarFormField, useCalendarFormStore } from "../stores/calendar-form-store.ts";
import {
  addDraftDiseases,
  alignDraftDiseases,
  markPastShotsReviewed,
  restoreDraftCalendar,
  saveDraftCalendar,
  startCalendarDraft,
  useCalendarDraftStore,
} from "../stores/calendar-draft-store.ts";
import { AddDiseasesDialog } from "./add-diseases-dialog.tsx";
import { CalendarGrid, formatFootnoteMark } from "./calendar-grid.tsx";
import { PresetPopup } from "./preset-popup.tsx";
import { FinishCalendar } from "./finish-calendar.tsx";
import { ShotPanel } from "./shot-panel.tsx";
import "./calendar-builder.css";

type ReviewCalendarPageProps = {
  reference: ReferenceLists;
  /** Spec §4 page mode: null at /calendar (create), the saved calendar's id at /calendar/{id}. */
  calendarId?: number | null;
  /** Edit mode: the contact details saved with the calendar, to prefill the confirm popup. */
  savedContact?: SavedCalendarContact | null;
  onFinished?: (calendar: CalendarSummary) => void;
};

/** Spec §2 '/calendar' and '/calendar/{id}': step 2, 'Review your calendar'. */
export function ReviewCalendarPage({
  reference,
  calendarId = null,
  savedContact = null,
  onFinished = () => {},
}: ReviewCalendarPageProps) {
  const form = useCalendarFormStore();
  const animal = reference.animals.find((candidate) => candidate.id === form.animalID);
  // Spec §2: a step 1 form that is not valid on arrival sends the visitor to PublicHome. Once
  // here, removing every disease leaves the page on its empty state instead.
  const [isValidOnArrival] = useState(() => canProceedToReview(form, animal));
  const setup = buildCalendarSetup(form, animal);
  const combinationId = form.animalEnterpriseSeasonCombination?.id;
  if (!isValidOnArrival || setup === null || combinationId === undefined) {
    return <Navigate to={paths.home.getHref()} replace />;
  }
  return (
    <CalendarReview
      key={describeSetupKey(combinationId, setup)}
      reference={reference}
      form={form}
      setup={setup}
      setupKey={describeSetupKey(combinationId, setup)}
      combinationId={combinationId}
      calendarId={calendarId}
      savedContact={savedContact}
      onFinished={onFinished}
    />
  );
}

type PresetRequest = {
  kind: "preset";
  slug: string;
  parameters: PopupParameters;
  disease: ScopedDisease | null;
  fallback: { title: string; body: string };
  onConfirm: () => void;
  onCancel: () => void;
};

type Popup =
  | { kind: "shot"; shotId: string }
  | { kind: "addShot"; diseaseId: number; year: number }
  | { kind: "addDiseases" }
  | PresetRequest
  | null;

function describeWarningKey(warning: ProtocolWarning): string {
  return `${warning.rule}|${warning.shotIds.join(",")}`;
}

/** The day a new shot starts on: today in this year, the same day of the year otherwise. */
function suggestShotDate(year: number, today: IsoDate): IsoDate {
  const sameDay = `${year}${today.slice(4)}`;
  const isLeapYear = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return sameDay.endsWith("-02-29") && !isLeapYear ? `${year}-02-28` : sameDay;
}

function CalendarReview({
  reference,
  form,
  setup,
  setupKey,
  combinationId,
  calendarId,
  savedContact,
  onFinished,
}: {
  reference: ReferenceLists;
  form: CalendarForm;
  setup: CalendarSetup;
  setupKey: string;
  combinationId: number;
  calendarId: number | null;
  savedContact: SavedCalendarContact | null;
  onFinished: (calendar: CalendarSummary) => void;
}) {
  const navigateToError = useNavigateToError();
  const [today] = useState(readToday);
  const draft = useCalendarDraftStore((state) => state.draft);
  const available = useCalendarDraftStore((state) => state.available);
  const hasDraft = draft?.setupKey === setupKey && available?.setupKey === setupKey;
  // A reload with the same setup shows the kept draft at once, without waiting for the network.
  const scoped = useQuery({
    ...scopedDiseasesQueryOptions({ combinationId, setup }),
    enabled: !hasDraft,
  });
  const [popup, setPopup] = useState<Popup>(null);
  const [hasDismissedPastShots, setHasDismissedPastShots] = useState(false);
  const hasAlignedDiseases = useRef(false);
  const formDiseaseIds = form.diseases;

  useEffect(() => {
    if (!hasDraft && scoped.data) startCalendarDraft(setupKey, scoped.data, formDiseaseIds);
  }, [hasDraft, scoped.data, setupKey, formDiseaseIds]);

  useEffect(() => {
    // Diseases ticked or unticked in step 1 since the draft was made join or leave it once, on
    // arrival; after that the page itself keeps the form and the calendar in step.
    if (hasDraft && !hasAlignedDiseases.current) {
      hasAlignedDiseases.current = true;
      alignDraftDiseases(formDiseaseIds);
    }
  }, [hasDraft, formDiseaseIds]);

  useEffect(() => {
    if (scoped.isError) navigateToError(calendarBuilderMessages.scopedDiseasesFailed);
  }, [scoped.isError, navigateToError]);

  const calendar = useMemo(
    () => (hasDraft && draft ? restoreDraftCalendar(draft, setup, today) : null),
    // The setup is described by its key; the object itself is rebuilt on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [hasDraft, draft, setupKey, today],
  );
  const protocolWarnings = useMemo(() => (calendar ? checkProtocol(calendar) : []), [calendar]);
  const warningsByShot = useMemo(() => {
    const byShot = new Map<string, ProtocolWarning[]>();
    for (const warning of protocolWarnings) {
      for (const shotId of warning.shotIds)
        byShot.set(shotId, [...(byShot.get(shotId) ?? []), warning]);
    }
    return byShot;
  }, [protocolWarnings]);

  const columns = draft?.diseases ?? [];
  const findDisease = (diseaseId: number) =>
    columns.find((disease) => disease.id === diseaseId) ?? null;
  const openPreset = (request: Omit<PresetRequest, "kind">) =>
    setPopup({ kind: "preset", ...request });

  // Spec §4: on load, shots dated before today need the farmer's say. A calendar without any is
  // marked as reviewed at once, so a past date the farmer picks later does not ask again.
  const isAskingAboutPastShots =
    calendar !== null &&
    draft !== null &&
    !draft.hasReviewedPastShots &&
    !hasDismissedPastShots &&
    hasPastShots(calendar);
  useEffect(() => {
    if (calendar !== null && draft?.hasReviewedPastShots === false && !hasPastShots(calendar)) {
      markPastShotsReviewed();
    }
  }, [calendar, draft?.hasReviewedPastShots]);

  if (calendar === null || draft === null) {
    return <LoadingState label="Loading your calendar…" />;
  }

  /** Keeps an edit; if it brings a new protocol warning for the shot, says so at once. */
  function commitEdit(next: Calendar, shotId: string | null) {
    saveDraftCalendar(next);
    const before = new Set(protocolWarnings.map(describeWarningKey));
    const fresh =
      shotId === null
        ? undefined
        : checkProtocol(next).find(
            (warning) =>
              warning.shotIds.includes(shotId) && !before.has(describeWarningKey(warning)),
          );
    if (fresh === undefined || shotId === null) {
      setPopup(null);
      return;
    }
    openRulePopup(fresh, shotId, next);
  }

  function openRulePopup(warning: ProtocolWarning, shotId: string, onCalendar: Calendar) {
    const rule = describeRulePopup(warning, shotId, onCalendar);
    const shot = findShot(onCalendar, shotId);
    openPreset({
      slug: rule.slug ?? "",
      parameters: rule.parameters,
      disease: shot ? findDisease(shot.diseaseId) : null,
      fallback: { title: rule.title, body: `${rule.message} (Source: ${warning.source}.)` },
      onConfirm: () => setPopup(null),
      onCancel: () => setPopup({ kind: "shot", shotId }),
    });
  }

  function requestAddShot(diseaseId: number, year: number) {
    const check = checkMaxShots(calendar as Calendar, diseaseId, year);
    if (!check.isReached) {
      setPopup({ kind: "addShot", diseaseId, year });
      return;
    }
    const disease = findDisease(diseaseId);
    openPreset({
      slug: PopupSlug.maxShotsReached,
      parameters: { vaccine: disease?.vaccine?.name ?? disease?.name ?? "", max: check.max ?? 0 },
      disease,
      fallback: {
        title: "Maximum shots reached",
        body: `This vaccine already has the most shots its protocol allows this year (${check.max ?? 0}).`,
      },
      onConfirm: () => setPopup({ kind: "addShot", diseaseId, year }),
      onCancel: () => setPopup(null),
    });
  }

  function requestRemoveDisease(diseaseId: number) {
    const disease = findDisease(diseaseId);
    openPreset({
      slug: PopupSlug.removeDisease,
      parameters: { disease: disease?.name ?? "" },
      disease: null,
      fallback: { title: "Remove disease", body: `Remove ${disease?.name ?? "this disease"}?` },
      onConfirm: () => {
        saveDraftCalendar(removeDisease(calendar as Calendar, diseaseId));
        setCalendarFormField(
          "diseases",
          formDiseaseIds.filter((candidate) => candidate !== diseaseId),
        );
        setPopup(null);
      },
      onCancel: () => setPopup(null),
    });
  }

  function requestDeleteShot(shot: Shot) {
    const disease = findDisease(shot.diseaseId);
    openPreset({
      slug: PopupSlug.deleteShot,
      parameters: {
        vaccine: shot.custom_name ?? disease?.vaccine?.name ?? disease?.name ?? "",
        date: shot.date ? formatLongDate(shot.date) : "",
      },
      disease: null,
      fallback: { title: "Delete shot", body: "Are you sure you want to delete this shot?" },
      onConfirm: () => {
        const result = deleteShot(calendar as Calendar, shot.id);
        if (result.ok) commitEdit(result.value, null);
        else setPopup(null);
      },
      onCancel: () => setPopup({ kind: "shot", shotId: shot.id }),
    });
  }

  const enterprise = reference.enterprises.find((candidate) => candidate.id === form.enterpriseID);
  const animal = reference.animals.find((candidate) => candidate.id === form.animalID);
  const season = reference.seasons.find((candidate) => candidate.id === form.seasonID);
  const birthLabel = resolveBirthLabel(setup);
  const footnotes = [
    ...new Map(
      columns
        .filter((disease) => disease.footnoteNumber !== null && disease.footnote !== null)
        .map((disease) => [disease.footnoteNumber, disease] as const),
    ).values(),
  ].sort((left, right) => (left.footnoteNumber ?? 0) - (right.footnoteNumber ?? 0));

  return (
    <div className="review-page">
      <title>Review your calendar · VaxCal</title>
      <div className="review-page__heading">
        <p className="review-page__eyebrow">
          {calendarId === null ? "Step 2 of 2" : "Editing a saved calendar"}
        </p>
        <h1>Review your calendar</h1>
      </div>

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
          <button
            type="button"
            className="button button--primary"
            onClick={() => setPopup({ kind: "addDiseases" })}
          >
            Add diseases
          </button>
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

      <div className="review-explainer">
        <p>
          Each column is one disease and the vaccine that protects against it, with a block for
          every year and a row for every month. Tap a shot to change its date or delete it, and
          &lsquo;Add shot&rsquo; to add one. Shots marked ↻ come round again: change the first one
          and the rest follow.
        </p>
        {protocolWarnings.length > 0 && (
          <p className="review-explainer__checks" role="status">
            <span aria-hidden="true">⚠ </span>
            {protocolWarnings.length === 1
              ? "1 protocol warning: it is marked beside its shot. Tap it to read why."
              : `${protocolWarnings.length} protocol warnings: they are marked beside their shots. Tap one to read why.`}
          </p>
        )}
      </div>

      {calendar.diseases.length === 0 ? (
        <div className="review-empty">
          <p>{calendarBuilderMessages.noDiseases}</p>
          <button
            type="button"
            className="button button--primary"
            onClick={() => setPopup({ kind: "addDiseases" })}
          >
            Add diseases
          </button>
        </div>
      ) : (
        <CalendarGrid
          calendar={calendar}
          diseases={columns}
          warningsByShot={warningsByShot}
          today={today}
          isMaxShotsReached={(diseaseId, year) =>
            checkMaxShots(calendar, diseaseId, year).isReached
          }
          onOpenShot={(shot) => setPopup({ kind: "shot", shotId: shot.id })}
          onAddShot={requestAddShot}
          onRemoveDisease={requestRemoveDisease}
          onOpenWarning={(warning, shot) => openRulePopup(warning, shot.id, calendar)}
        />
      )}

      {footnotes.length > 0 && (
        <ul className="review-footnotes" aria-label="Notes">
          {footnotes.map((disease) => (
            <li key={disease.footnoteNumber}>
              <span aria-hidden="true">{formatFootnoteMark(disease.footnoteNumber)} </span>
              <span className="visually-hidden">Note {disease.footnoteNumber}: </span>
              {disease.footnote}
            </li>
          ))}
        </ul>
      )}

      <p className="review-disclaimer">
        <strong>Your calendar is generated automatically</strong> from the vaccine makers&rsquo;
        product information and Irish advisory guidance. It is not veterinary advice: always consult
        your vet before you vaccinate.
      </p>

      <FinishCalendar
        calendar={calendar}
        reference={reference}
        seasonId={form.seasonID ?? 0}
        calendarId={calendarId}
        savedContact={savedContact}
        onFinished={onFinished}
      />

      {isAskingAboutPastShots && (
        <PresetPopup
          preset={findPreset(reference.warnings, PopupSlug.shotsInThePastFound)}
          parameters={{}}
          fallback={{
            title: "Shots in the past",
            body: "Some shots in this calendar are dated before today. Do you want to keep them?",
          }}
          onConfirm={markPastShotsReviewed}
          onCancel={() => {
            saveDraftCalendar(dropPastShots(calendar));
            markPastShotsReviewed();
          }}
          onDismiss={() => setHasDismissedPastShots(true)}
        />
      )}
      {!isAskingAboutPastShots && popup?.kind === "preset" && (
        <PresetPopup
          preset={findPreset(reference.warnings, popup.slug)}
          parameters={popup.parameters}
          vaccine={popup.disease?.vaccine ?? null}
          fallback={popup.fallback}
          onConfirm={popup.onConfirm}
          onCancel={popup.onCancel}
          onDismiss={() => setPopup(null)}
        />
      )}
      {popup?.kind === "shot" && (
        <ShotPopup
          key={popup.shotId}
          calendar={calendar}
          shotId={popup.shotId}
          findDisease={findDisease}
          warnings={warningsByShot.get(popup.shotId) ?? []}
          onClose={() => setPopup(null)}
          onConfirm={(shot, date) => {
            const result = updateShotDate(calendar, shot.id, date);
            if (result.ok) commitEdit(result.value, shot.id);
            else setPopup(null);
          }}
          onDelete={requestDeleteShot}
          onOpenShot={(shotId) => setPopup({ kind: "shot", shotId })}
        />
      )}
      {popup?.kind === "addShot" && (
        <ShotPanel
          key={`${popup.diseaseId}-${popup.year}`}
          vaccine={findDisease(popup.diseaseId)?.vaccine ?? null}
          diseaseName={findDisease(popup.diseaseId)?.name ?? ""}
          shot={null}
          initialDate={suggestShotDate(popup.year, today)}
          warnings={[]}
          onConfirm={(date) => {
            const result = addShot(calendar, popup.diseaseId, date);
            if (result.ok) {
              commitEdit(result.value, `${popup.diseaseId}-u${calendar.nextUserShotNumber}`);
            } else {
              setPopup(null);
            }
          }}
          onCancel={() => setPopup(null)}
          onDelete={() => setPopup(null)}
          onOpenFirstOccurrence={() => setPopup(null)}
        />
      )}
      {popup?.kind === "addDiseases" && (
        <AddDiseasesDialog
          diseases={available?.diseases ?? []}
          calendarDiseaseIds={columns.map((disease) => disease.id)}
          onAdd={(diseaseIds) => {
            addDraftDiseases(diseaseIds);
            setCalendarFormField("diseases", [...new Set([...formDiseaseIds, ...diseaseIds])]);
            setPopup(null);
          }}
          onCancel={() => setPopup(null)}
        />
      )}
    </div>
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

function ShotPopup({
  calendar,
  shotId,
  findDisease,
  warnings,
  onClose,
  onConfirm,
  onDelete,
  onOpenShot,
}: {
  calendar: Calendar;
  shotId: string;
  findDisease: (diseaseId: number) => ScopedDisease | null;
  warnings: readonly ProtocolWarning[];
  onClose: () => void;
  onConfirm: (shot: Shot, date: IsoDate) => void;
  onDelete: (shot: Shot) => void;
  onOpenShot: (shotId: string) => void;
}) {
  const shot = findShot(calendar, shotId);
  useEffect(() => {
    // Spec §4: a shot that is not found only logs a warning.
    if (shot === null) {
      console.warn(`Shot "${shotId}" is not on this calendar.`);
      onClose();
    }
  }, [shot, shotId, onClose]);
  if (shot === null) return null;
  const disease = findDisease(shot.diseaseId);
  return (
    <ShotPanel
      vaccine={disease?.vaccine ?? null}
      diseaseName={disease?.name ?? ""}
      shot={shot}
      initialDate={shot.date ?? ""}
      warnings={warnings}
      onConfirm={(date) => onConfirm(shot, date)}
      onCancel={onClose}
      onDelete={() => onDelete(shot)}
      onOpenFirstOccurrence={() => onOpenShot(shot.sourceShotId ?? shot.id)}
    />
  );
}
