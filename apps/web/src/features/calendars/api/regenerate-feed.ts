import { useMutation, useQueryClient } from "@tanstack/react-query";
import { RegenerateFeedResponseSchema, buildCalendarPath } from "@vaxcal/contracts";
import { sendJson } from "../../../lib/api-client.ts";
import { updateListedCalendars, userCalendarsQueryOptions } from "./list-calendars.ts";

/** docs/product.md D14: new secret feed links for a calendar; the old ones stop working. */
export function regenerateFeed(calendarId: number) {
  return sendJson(
    buildCalendarPath("regenerateFeed", calendarId),
    RegenerateFeedResponseSchema,
    {},
  );
}

export function useRegenerateFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: regenerateFeed,
    onSuccess: ({ feedUrls }, calendarId) => {
      queryClient.setQueryData(userCalendarsQueryOptions().queryKey, (pages) =>
        updateListedCalendars(pages, (calendars) =>
          calendars.map((calendar) =>
            calendar.id === calendarId ? { ...calendar, feedUrls } : calendar,
          ),
        ),
      );
    },
  });
}
