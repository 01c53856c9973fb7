import { useMutation, useQueryClient } from "@tanstack/react-query";
import { buildCalendarPath } from "@vaxcal/contracts";
import { z } from "zod";
import { fetchJson } from "../../../lib/api-client.ts";
import { updateListedCalendars, userCalendarsQueryOptions } from "./list-calendars.ts";

/** docs/product.md §7: DELETE /api/calendars/{id}; the server answers 204 with no body. */
export async function deleteCalendar(calendarId: number): Promise<void> {
  await fetchJson(buildCalendarPath("remove", calendarId), z.unknown(), { method: "DELETE" });
}

/**
 * On success the calendar is removed from the list held here (docs/product.md §7), with no new
 * call.
 */
export function useDeleteCalendar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCalendar,
    onSuccess: (_answer, calendarId) => {
      queryClient.setQueryData(userCalendarsQueryOptions().queryKey, (pages) =>
        updateListedCalendars(pages, (calendars) =>
          calendars.filter((calendar) => calendar.id !== calendarId),
        ),
      );
    },
  });
}
