import { queryOptions, useQuery } from "@tanstack/react-query";
import { ReminderStatusResponseSchema, reminderPaths } from "@vaxcal/contracts";
import { fetchJson } from "../../../lib/api-client.ts";
import { remindersQueryKeys } from "../query-keys.ts";

/** GET /api/user/reminders: whether each reminder channel is on, and what failed to send. */
export const reminderStatusQuery = queryOptions({
  queryKey: remindersQueryKeys.status(),
  queryFn: () => fetchJson(reminderPaths.status, ReminderStatusResponseSchema),
});

export function useReminderStatus() {
  return useQuery(reminderStatusQuery);
}
