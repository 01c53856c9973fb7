import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from "@tanstack/react-query";
import {
  ListCalendarsResponseSchema,
  calendarPaths,
  type CalendarSummary,
  type ListCalendarsResponse,
} from "@vaxcal/contracts";
import { fetchJson } from "../../../lib/api-client.ts";
import { calendarsQueryKeys } from "../query-keys.ts";

/**
 * docs/product.md §7: GET /api/user/calendars, one page of the signed-in user's calendars, newest
 * first.
 */
export function listCalendars(cursor: string | null, signal?: AbortSignal) {
  const path =
    cursor === null
      ? calendarPaths.list
      : `${calendarPaths.list}?${new URLSearchParams({ cursor })}`;
  return fetchJson(path, ListCalendarsResponseSchema, { signal });
}

export function userCalendarsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: calendarsQueryKeys.list(),
    queryFn: ({ pageParam, signal }) => listCalendars(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page: ListCalendarsResponse) => page.nextCursor,
  });
}

export function useUserCalendars() {
  return useInfiniteQuery(userCalendarsQueryOptions());
}

/** The pages held for My Calendars, with `change` applied to each page's calendars. */
export function updateListedCalendars<PageParam>(
  pages: InfiniteData<ListCalendarsResponse, PageParam> | undefined,
  change: (calendars: CalendarSummary[]) => CalendarSummary[],
): InfiniteData<ListCalendarsResponse, PageParam> | undefined {
  if (pages === undefined) return undefined;
  return {
    ...pages,
    pages: pages.pages.map((page) => ({ ...page, calendars: change(page.calendars) })),
  };
}
