import { calendarMessages } from "@vaxcal/contracts";
import { useEffect } from "react";
import { useParams } from "react-router";
import { ErrorState, LoadingState } from "../../components/ui/status-panels.tsx";
import { GenerateCalendarModalBody } from "../../features/calendar-builder/components/generate-calendar-modal-body.tsx";
import { CalendarReviewFlow } from "../../features/calendar-builder/components/calendar-review-flow.tsx";
import { SetupCalendarPage } from "../../features/calendar-builder/components/setup-calendar-page.tsx";
import { CalendarFinalPage } from "../../features/calendars/components/calendar-final-page.tsx";
import { useReferenceData } from "../../features/reference-data/api/get-reference-data.ts";
import { useNavigateToError } from "../../lib/error-route.ts";
import { initialDataErrorMessage } from "./public-home.tsx";

/*
 * The calendar builder's screens with the initial data they need (spec §2): the reference lists
 * come from the reference-data feature and are handed to the calendar-builder feature here, in
 * the app layer, since features do not import each other.
 */

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

/** /calendar: step 2 in create mode; a failed load goes to the error route (spec §2). */
export function CalendarCreateScreen() {
  const referenceData = useReferenceData();
  const navigateToError = useNavigateToError();
  useEffect(() => {
    if (referenceData.isError) navigateToError(initialDataErrorMessage);
  }, [referenceData.isError, navigateToError]);
  if (referenceData.data === undefined) return <LoadingState label="Loading calendar data…" />;
  // Saved calendars: the final page comes from that feature, handed over here (issue 5).
  return (
    <CalendarReviewFlow
      reference={referenceData.data}
      calendarId={null}
      FinalPage={CalendarFinalPage}
    />
  );
}

/**
 * /calendar/{id}: a saved calendar in edit mode (spec §2 CalendarDetail). A failure to load the
 * initial data or the calendar goes to the error route with 'Failed to load calendar detail'.
 */
export function CalendarEditScreen() {
  const { id } = useParams();
  const calendarId = Number(id);
  const isValidId = Number.isSafeInteger(calendarId) && calendarId > 0;
  const referenceData = useReferenceData();
  const navigateToError = useNavigateToError();
  const hasFailed = referenceData.isError || !isValidId;
  useEffect(() => {
    if (hasFailed) navigateToError(calendarMessages.detailFailed);
  }, [hasFailed, navigateToError]);
  if (referenceData.data === undefined || !isValidId) {
    return <LoadingState label="Opening your calendar…" />;
  }
  return (
    <CalendarReviewFlow
      key={calendarId}
      reference={referenceData.data}
      calendarId={calendarId}
      FinalPage={CalendarFinalPage}
    />
  );
}

/** The header's generateCalendar modal (PRODUCT.md decision 15). */
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
