import { queryOptions, useQuery } from "@tanstack/react-query";
import { ListCalendarsResponseSchema, calendarPaths } from "@vaxcal/contracts";
import { fetchJson } from "../../../lib/api-client.ts";

export const userCalendarsQueryKey = ["user-calendars"] as const;

/** Spec §7: GET /api/user/calendars, the signed-in user's calendars, newest first. */
export function listCalendars(signal?: AbortSignal) {
  return fetchJson(calendarPaths.list, ListCalendarsResponseSchema, { signal });
}

export function userCalendarsQueryOptions() {
  return queryOptions({
    queryKey: userCalendarsQueryKey,
    queryFn: ({ signal }) => listCalendars(signal),
  });
}

export function useUserCalendars() {
  return useQuery(userCalendarsQueryOptions());
}
