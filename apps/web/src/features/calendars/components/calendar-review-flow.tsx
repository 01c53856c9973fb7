import type { CalendarSummary, ReferenceLists } from "@vaxcal/contracts";
import { useEffect, useState, type ComponentType } from "react";
import { pickDraftSlot, resetCalendarDraft } from "../stores/calendar-draft-store.ts";
import { resetCalendarForm } from "../stores/calendar-form-store.ts";
import { EditCalendarPage } from "./edit-calendar-page.tsx";
import { ReviewCalendarPage } from "./review-calendar-page.tsx";

/** What the final page is given once the calendar is saved. */
export type FinalPageProps = { calendar: CalendarSummary; isUpdate: boolean };

/**
 * Step 2 from review to saved (docs/product.md §4 'Submission'): the calendar in create or edit
 * mode, then, once saved, the final page. The final page comes from the app layer (it belongs to
 * the saved calendars feature), so this feature only knows its props.
 */
export function CalendarReviewFlow({
  reference,
  calendarId,
  FinalPage,
}: {
  reference: ReferenceLists;
  /** docs/product.md §4 page mode: null creates, an id edits that saved calendar. */
  calendarId: number | null;
  FinalPage: ComponentType<FinalPageProps>;
}) {
  const [finished, setFinished] = useState<CalendarSummary | null>(null);

  useEffect(() => {
    // Saved on the server now: the next calendar starts from an empty step 1. After the final
    // page has taken over, so the review page never sees an empty draft and leaves for home.
    // The other slot's draft (a new calendar begun, or another saved one being edited) stays.
    if (finished === null) return;
    resetCalendarForm();
    resetCalendarDraft(pickDraftSlot(calendarId));
  }, [finished, calendarId]);

  if (finished !== null) return <FinalPage calendar={finished} isUpdate={calendarId !== null} />;
  if (calendarId === null)
    return <ReviewCalendarPage reference={reference} onFinished={setFinished} />;
  return (
    <EditCalendarPage reference={reference} calendarId={calendarId} onFinished={setFinished} />
  );
}
