import { useEffect } from "react";
import { ErrorState, LoadingState } from "../../components/ui/status-panels.tsx";
import { GenerateCalendarModalBody } from "../../features/calendar-builder/components/generate-calendar-modal-body.tsx";
import { ReviewCalendarPage } from "../../features/calendar-builder/components/review-calendar-page.tsx";
import { SetupCalendarPage } from "../../features/calendar-builder/components/setup-calendar-page.tsx";
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
  return <ReviewCalendarPage reference={referenceData.data} />;
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
