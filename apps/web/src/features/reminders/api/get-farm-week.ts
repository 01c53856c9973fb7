import { queryOptions, useQuery } from "@tanstack/react-query";
import { FarmWeekResponseSchema, farmWeekPaths } from "@vaxcal/contracts";
import { fetchJson } from "../../../lib/api-client.ts";
import { remindersQueryKeys } from "../query-keys.ts";

/**
 * GET /api/user/farm-week (decision 603): the farmer's shots overdue, due this week and in the
 * next 8 weeks across their calendars, each with the reminders that will go.
 */
export const farmWeekQuery = queryOptions({
  queryKey: remindersQueryKeys.farmWeek(),
  queryFn: ({ signal }) => fetchJson(farmWeekPaths.list, FarmWeekResponseSchema, { signal }),
});

export function useFarmWeek() {
  return useQuery(farmWeekQuery);
}
