import {
  calendarBuilderMessages,
  type CalendarForm,
  type CalendarSummary,
  type FarmSizeBand,
  type ReferenceLists,
  type SavedCalendarContact,
} from "@vaxcal/contracts";
import { checkMaxShots, type CalendarSetup, type ProtocolWarning } from "@vaxcal/schedule";
import { useState, type ReactNode } from "react";
import { Navigate } from "react-router";
import { LoadingState } from "../../../components/ui/status-panels.tsx";
import { paths } from "../../../config/paths.ts";
import { useCurrentUser } from "../../../lib/current-user.ts";
import { describePlannedReminders, isFarmer } from "../../../lib/reminder-line.ts";
import { useCalendarReview } from "../hooks/use-calendar-review.ts";
import { useIsPhone } from "../hooks/use-is-phone.ts";
import { buildCalendarSetup, canProceedToReview, describeSetupKey } from "../lib/calendar-setup.ts";
import { readProtocolStamps } from "../stores/calendar-draft-store.ts";
import { useCalendarFormStore } from "../stores/calendar-form-store.ts";
import { AutosaveBar } from "./autosave-bar.tsx";
import { CalendarAgenda } from "./calendar-agenda.tsx";
import { CalendarGrid } from "./calendar-grid.tsx";
import { CalendarViews } from "./calendar-views.tsx";
import { DueNext } from "./due-next.tsx";
import { FinishCalendar } from "./finish-calendar.tsx";
import type { GivenShots } from "./given-shots-parts.ts";
import { ReviewFootnotes } from "./review-footnotes.tsx";
import { AddDiseasesButton, ReviewOverview } from "./review-overview.tsx";
import { ReviewPopups } from "./review-popups.tsx";
import "./calendar-builder.css";

type ReviewCalendarPageProps = {
  reference: ReferenceLists;
  /**
   * docs/product.md §4 page mode: null at /calendar (create), the saved calendar's id at
   * /calendar/{id}.
   */
  calendarId?: number | null;
  /** Edit mode: the contact details saved with the calendar, to prefill the confirm popup. */
  savedContact?: SavedCalendarContact | null;
  /** Edit mode, decision 425: a vet of the linked practice edits; no details or terms are asked. */
  isVetEdit?: boolean;
  /**
   * Edit mode: the calendar owner's herd or flock size band, for the doses on 'Due next'; the
   * owner's, not the viewer's, so a vet of the linked practice sees the farm's.
   */
  ownerFarmSize?: FarmSizeBand | null;
  /** Shown under the heading: a saved calendar's protocol update notice (decision 405). */
  notice?: ReactNode;
  /** Edit mode: the saved calendar's shots marked as given (docs/product.md D19). */
  givenShots?: GivenShots | null;
  onFinished?: (calendar: CalendarSummary) => void;
  /** Edit mode (decision 424): after a conflict, drop the draft and open the latest version. */
  onLoadLatest?: () => void;
};

/** docs/product.md §2 '/calendar' and '/calendar/{id}': step 2, 'Review your calendar'. */
export function ReviewCalendarPage({
  reference,
  calendarId = null,
  savedContact = null,
  isVetEdit = false,
  ownerFarmSize = null,
  notice = null,
  givenShots = null,
  onFinished = () => {},
  onLoadLatest = () => {},
}: ReviewCalendarPageProps) {
  const form = useCalendarFormStore();
  const animal = reference.animals.find((candidate) => candidate.id === form.animalID);
  // docs/product.md §2: a step 1 form that is not valid on arrival sends the visitor to PublicHome.
  // Once here, removing every disease leaves the page on its empty state instead.
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
      isVetEdit={isVetEdit}
      ownerFarmSize={ownerFarmSize}
      notice={notice}
      givenShots={givenShots}
      onFinished={onFinished}
      onLoadLatest={onLoadLatest}
    />
  );
}

function CalendarReview({
  reference,
  form,
  setup,
  setupKey,
  combinationId,
  calendarId,
  savedContact,
  isVetEdit,
  ownerFarmSize,
  notice,
  givenShots,
  onFinished,
  onLoadLatest,
}: {
  reference: ReferenceLists;
  form: CalendarForm;
  setup: CalendarSetup;
  setupKey: string;
  combinationId: number;
  calendarId: number | null;
  savedContact: SavedCalendarContact | null;
  isVetEdit: boolean;
  ownerFarmSize: FarmSizeBand | null;
  notice: ReactNode;
  givenShots: GivenShots | null;
  onFinished: (calendar: CalendarSummary) => void;
  onLoadLatest: () => void;
}) {
  const review = useCalendarReview({ form, setup, setupKey, combinationId, calendarId });
  const isPhone = useIsPhone();
  const user = useCurrentUser();
  const { calendar, protocolWarnings } = review;
  if (calendar === null || review.draft === null) {
    return <LoadingState label="Loading your calendar…" />;
  }
  const openAddDiseases = () => review.openPopup({ kind: "addDiseases" });
  // Decision 603: a saved calendar's shots say the reminder the signed-in farmer will get; not on
  // a calendar not saved yet (nothing is planned), nor to a vet, whose contacts are not the farm's.
  const profile = user.data;
  const describeReminders =
    calendarId !== null && profile && isFarmer(profile)
      ? (date: string) => describePlannedReminders(profile, date, review.today)
      : undefined;
  const calendarProps = {
    calendar,
    diseases: review.columns,
    warningsByShot: review.warningsByShot,
    today: review.today,
    isMaxShotsReached: (diseaseId: number, year: number) =>
      checkMaxShots(calendar, diseaseId, year).isReached,
    onOpenShot: (shot: { id: string }) => review.openPopup({ kind: "shot", shotId: shot.id }),
    onAddShot: review.requestAddShot,
    onRemoveDisease: review.requestRemoveDisease,
    onOpenWarning: (warning: ProtocolWarning, shot: { id: string }) =>
      review.openRulePopup(warning, shot.id, calendar),
    givenShots: givenShots?.records.data,
    describeReminders,
  };

  return (
    <div className="review-page">
      <title>Review your calendar · VaxCal</title>
      <div className="review-page__heading">
        <p className="review-page__eyebrow">
          {calendarId === null ? "Step 2 of 2" : "Editing a saved calendar"}
        </p>
        <h1>Review your calendar</h1>
      </div>
      {notice}

      <ReviewOverview
        reference={reference}
        form={form}
        setup={setup}
        onAddDiseases={openAddDiseases}
      />

      {/* Only when there is a warning: an empty block would push the next shots down a phone. */}
      {protocolWarnings.length > 0 && (
        <div className="review-explainer">
          <p className="review-explainer__checks" role="status">
            <span aria-hidden="true">⚠ </span>
            {protocolWarnings.length === 1
              ? "1 protocol warning: it is marked beside its shot. Tap it to read why."
              : `${protocolWarnings.length} protocol warnings: they are marked beside their shots. Tap one to read why.`}
          </p>
        </div>
      )}

      {calendar.diseases.length === 0 ? (
        <div className="review-empty">
          <p>{calendarBuilderMessages.noDiseases}</p>
          <AddDiseasesButton onClick={openAddDiseases} />
        </div>
      ) : (
        <CalendarViews
          dueNext={
            <DueNext
              calendar={calendar}
              review={review}
              reference={reference}
              form={form}
              calendarId={calendarId}
              ownerFarmSize={ownerFarmSize}
              givenShots={givenShots}
            />
          }
          grid={
            isPhone ? (
              <>
                <div className="review-explainer">
                  <p>
                    The coming months, with every shot. Tap a shot to change its date or delete it;
                    each disease&rsquo;s shots are added or removed under &lsquo;Diseases on this
                    calendar&rsquo;. Shots marked ↻ come round again: change the first one and the
                    rest follow.
                  </p>
                </div>
                <CalendarAgenda {...calendarProps} onAddDiseases={openAddDiseases} />
              </>
            ) : (
              <>
                <div className="review-explainer">
                  <p>
                    Each column is one disease and the vaccine that protects against it, with a
                    block for every year and a row for every month. Tap a shot to change its date or
                    delete it, and &lsquo;Add shot&rsquo; to add one. Shots marked ↻ come round
                    again: change the first one and the rest follow.
                  </p>
                </div>
                <CalendarGrid {...calendarProps} />
              </>
            )
          }
        />
      )}

      <ReviewFootnotes diseases={review.columns} />

      <p className="review-disclaimer">
        <strong>Your calendar is generated automatically</strong> from the vaccine makers&rsquo;
        product information and Irish advisory guidance. It is not veterinary advice: always consult
        your vet before you vaccinate.
      </p>

      {calendarId === null ? (
        <FinishCalendar
          calendar={calendar}
          reference={reference}
          seasonId={form.seasonID ?? 0}
          protocolStamps={readProtocolStamps(review.draft)}
          onFinished={onFinished}
        />
      ) : (
        // Decision 424: a saved calendar's edits save themselves; no button, no details asked.
        <AutosaveBar
          calendar={calendar}
          draft={review.draft}
          reference={reference}
          seasonId={form.seasonID ?? 0}
          calendarId={calendarId}
          savedContact={savedContact}
          isVetEdit={isVetEdit}
          onLoadLatest={onLoadLatest}
        />
      )}

      <ReviewPopups review={review} calendar={calendar} reference={reference} />
    </div>
  );
}
