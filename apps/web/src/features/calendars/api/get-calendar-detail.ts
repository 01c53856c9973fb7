import { queryOptions } from "@tanstack/react-query";
import { CalendarDetailSchema, buildCalendarPath } from "@vaxcal/contracts";
import { fetchJson } from "../../../lib/api-client.ts";
import { calendarsQueryKeys } from "../query-keys.ts";

/**
 * docs/product.md §7: GET /api/calendars/{id}, the saved calendar to edit (calendarId, setup,
 * diseases).
 */
export function getCalendarDetail(calendarId: number, signal?: AbortSignal) {
  return fetchJson(buildCalendarPath("detail", calendarId), CalendarDetailSchema, { signal });
}

export function calendarDetailQueryOptions(calendarId: number) {
  return queryOptions({
    queryKey: calendarsQueryKeys.detail(calendarId),
    queryFn: ({ signal }) => getCalendarDetail(calendarId, signal),
    // Opening a calendar always reads the saved version afresh: it may have changed elsewhere.
    staleTime: 0,
    gcTime: 0,
  });
}
