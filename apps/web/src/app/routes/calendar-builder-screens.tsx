import { calendarMessages, type ReferenceLists } from "@vaxcal/contracts";
import { useEffect } from "react";
import { useParams } from "react-router";
import { ErrorState, LoadingState } from "../../components/ui/status-panels.tsx";
import { useReferenceData } from "../../features/reference-data/api/get-reference-data.ts";
import { useNavigateToError } from "../../lib/error-route.ts";
import { lazyComponent } from "../lazy-component.tsx";
import { initialDataErrorMessage } from "./public-home.tsx";

/*
 * The calendar screens (steps 1 and 2 from the calendar-builder feature, a saved calendar from
 * the calendars feature) with the initial data they need (docs/product.md §2): the reference
 * lists come from the reference-data feature and are handed to them here, in the app layer.
 *
 * These wrappers are small and ship with the landing page (the header's quick start needs one);
 * the builder itself downloads when first shown, under the same loading text as its data.
 */

const loadingCalendarData = <LoadingState label="Loading calendar data…" />;

const SetupCalendarPage = lazyComponent(
  () =>
    import("../../features/calendar-builder/components/setup-calendar-page.tsx").then(
      (module) => module.SetupCalendarPage,
    ),
  loadingCalendarData,
);

const GenerateCalendarModalBody = lazyComponent(
  () =>
    import("../../features/calendar-builder/components/generate-calendar-modal-body.tsx").then(
      (module) => module.GenerateCalendarModalBody,
    ),
  loadingCalendarData,
);

type ReviewFlowProps = {
  reference: ReferenceLists;
  calendarId: number | null;
  /** Shown while the code downloads: the same text as the screen's data wait before it. */
  loadingLabel: string;
};

/**
 * Step 2 with the final page it ends on, downloaded together, so "Finish calendar" never waits
 * on the network for the page that follows.
 */
const CalendarReviewFlow = lazyComponent<ReviewFlowProps>(
  () =>
    import("../../features/calendars/components/calendar-review-flow.tsx").then(
      (module) => module.CalendarReviewFlow,
    ),
  ({ loadingLabel }) => <LoadingState label={loadingLabel} />,
);

/** /beta: step 1. */
export function CalendarSetupScreen() {
  const referenceData = useReferenceData();
  if (referenceData.isPending) return <LoadingState label="Loading calendar data…" />;
  if (referenceData.isError) {
    return (
      <ErrorState message={initialDataErrorMessage} onRetry={() => void referenceData.refetch()} />
    );
  }
  return <SetupCalendarPage reference={referenceData.data} />;
}

/** /calendar: step 2 in create mode; a failed load goes to the error route (docs/product.md §2). */
export function CalendarCreateScreen() {
  const referenceData = useReferenceData();
  const navigateToError = useNavigateToError();
  useEffect(() => {
    if (referenceData.isError) navigateToError(initialDataErrorMessage);
  }, [referenceData.isError, navigateToError]);
  if (referenceData.data === undefined) return <LoadingState label="Loading calendar data…" />;
  return (
    <CalendarReviewFlow
      reference={referenceData.data}
      calendarId={null}
      loadingLabel="Loading calendar data…"
    />
  );
}

/**
 * /calendar/{id}: a saved calendar in edit mode (docs/product.md §2 CalendarDetail). A failure to
 * load the initial data or the calendar goes to the error route with 'Failed to load calendar
 * detail'.
 */
export function CalendarEditScreen() {
  const { id } = useParams();
  const calendarId = Number(id);
  const isValidId = Number.isSafeInteger(calendarId) && calendarId > 0;
  const referenceData = useReferenceData();
  const navigateToError = useNavigateToError();
  useEffect(() => {
    // `/calendar/abc` is an address no calendar has: not found, not a weak signal.
    if (!isValidId) navigateToError(calendarMessages.notFound, { isNotFound: true });
    else if (referenceData.isError) navigateToError(calendarMessages.detailFailed);
  }, [isValidId, referenceData.isError, navigateToError]);
  if (referenceData.data === undefined || !isValidId) {
    return <LoadingState label="Opening your calendar…" />;
  }
  return (
    <CalendarReviewFlow
      key={calendarId}
      reference={referenceData.data}
      calendarId={calendarId}
      loadingLabel="Opening your calendar…"
    />
  );
}

/** The header's generateCalendar modal (docs/product.md D15). */
export function GenerateCalendarModal() {
  const referenceData = useReferenceData();
  if (referenceData.isPending) return <LoadingState label="Loading calendar data…" />;
  if (referenceData.isError) {
    return (
      <ErrorState message={initialDataErrorMessage} onRetry={() => void referenceData.refetch()} />
    );
  }
  return <GenerateCalendarModalBody reference={referenceData.data} />;
}
