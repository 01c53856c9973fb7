import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ApplyProtocolUpdateResponseSchema, buildProtocolUpdatePath } from "@vaxcal/contracts";
import { sendJson } from "../../../lib/api-client.ts";
import { NotificationType, showNotification } from "../../../stores/notifications.ts";
import { calendarsQueryKeys } from "../query-keys.ts";

/** Decision 405: applies today's vaccine schedule to a saved calendar, with the preview's token. */
export function useApplyProtocolUpdate(calendarId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      sendJson(buildProtocolUpdatePath(calendarId), ApplyProtocolUpdateResponseSchema, { token }),
    // Here, not in the dialog: the page reloads the calendar and the dialog is gone by then.
    onSuccess: (answer) => showNotification(NotificationType.success, answer.message),
    onSettled: () =>
      Promise.all(
        // The calendar's new version (edit mode restores it afresh), what is left to update,
        // and My Calendars' notices and "Last changed".
        [
          calendarsQueryKeys.detail(calendarId),
          calendarsQueryKeys.givenShots(calendarId),
          calendarsQueryKeys.protocolUpdate(calendarId),
          calendarsQueryKeys.protocolUpdates(),
          calendarsQueryKeys.list(),
        ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}
