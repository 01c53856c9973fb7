import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import {
  ApplyProtocolUpdateResponseSchema,
  ProtocolUpdatePreviewSchema,
  buildProtocolUpdatePath,
} from "@vaxcal/contracts";
import { fetchJson, sendJson } from "../../../lib/api-client.ts";
import { NotificationType, showNotification } from "../../../stores/notifications.ts";
import { calendarsQueryKeys } from "../query-keys.ts";

/*
 * Decision 405: the difference today's vaccine schedule would make to a saved calendar, and
 * applying it. Both need the owner or a vet of the linked practice.
 */

export function protocolUpdateQueryOptions(calendarId: number) {
  return queryOptions({
    queryKey: calendarsQueryKeys.protocolUpdate(calendarId),
    queryFn: ({ signal }) =>
      fetchJson(buildProtocolUpdatePath(calendarId), ProtocolUpdatePreviewSchema, { signal }),
    // Always asked afresh: an admin may change a schedule at any time.
    staleTime: 0,
  });
}

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
