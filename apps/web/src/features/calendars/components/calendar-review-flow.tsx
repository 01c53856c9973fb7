import type { CalendarSummary, ReferenceLists } from "@vaxcal/contracts";
import { useEffect, useState } from "react";
import {
  pickDraftSlot,
  resetCalendarDraft,
  resetCalendarForm,
  ReviewCalendarPage,
} from "../../calendar-builder/index.ts";
import { CalendarFinalPage } from "./calendar-final-page.tsx";
import { EditCalendarPage } from "./edit-calendar-page.tsx";

/**
 * Step 2 from review to saved (docs/product.md §4 'Submission'): the calendar in create or edit
 * mode, then, once saved, the final page. Step 2's review is the builder's; once saved, the
 * calendar is this feature's.
 */
export function CalendarReviewFlow({
  reference,
  calendarId,
}: {
  reference: ReferenceLists;
  /** docs/product.md §4 page mode: null creates, an id edits that saved calendar. */
  calendarId: number | null;
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

  if (finished !== null) {
    return <CalendarFinalPage calendar={finished} isUpdate={calendarId !== null} />;
  }
  if (calendarId === null)
    return <ReviewCalendarPage reference={reference} onFinished={setFinished} />;
  return (
    <EditCalendarPage reference={reference} calendarId={calendarId} onFinished={setFinished} />
  );
}
