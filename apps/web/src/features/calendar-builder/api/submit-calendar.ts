import { useMutation } from "@tanstack/react-query";
import {
  CalendarAction,
  SubmitCalendarResponseSchema,
  buildCalendarPath,
  calendarPaths,
  type SubmitCalendarRequest,
  type SubmitCalendarResponse,
} from "@vaxcal/contracts";
import { sendJson } from "../../../lib/api-client.ts";

export type SubmitCalendarInput = {
  /** The saved calendar being edited (docs/product.md §4 edit mode); null creates a new one. */
  calendarId: number | null;
  /** What the farmer confirmed in the popup (docs/product.md §3 contact details). */
  contact: SubmitCalendarRequest["contact"];
  data: SubmitCalendarRequest["data"];
  /**
   * Decision 424, update only: the version the edit was made on; the server answers 409 when the
   * calendar was saved over since.
   */
  updatedAt?: string | null;
};

/**
 * docs/product.md §7: POST /api/calendar creates, PUT /api/calendar/{id} replaces the whole
 * calendar. The answer carries the saved calendar with its id, PDF and feed links.
 */
export function submitCalendar({
  calendarId,
  contact,
  data,
  updatedAt = null,
}: SubmitCalendarInput): Promise<SubmitCalendarResponse> {
  if (calendarId === null) {
    const body: SubmitCalendarRequest = {
      calendarId: null,
      action: CalendarAction.create,
      contact,
      data,
    };
    return sendJson(calendarPaths.create, SubmitCalendarResponseSchema, body);
  }
  const body: SubmitCalendarRequest = {
    calendarId,
    action: CalendarAction.update,
    contact,
    ...(updatedAt === null ? {} : { updated_at: updatedAt }),
    data,
  };
  return sendJson(buildCalendarPath("update", calendarId), SubmitCalendarResponseSchema, body, {
    method: "PUT",
  });
}

export function useSubmitCalendar() {
  return useMutation({ mutationFn: submitCalendar });
}
