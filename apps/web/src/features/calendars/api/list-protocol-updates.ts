import { useQuery } from "@tanstack/react-query";
import { ListProtocolUpdatesResponseSchema, protocolUpdatePaths } from "@vaxcal/contracts";
import { fetchJson } from "../../../lib/api-client.ts";
import { calendarsQueryKeys } from "../query-keys.ts";

/**
 * Decision 405: which of the user's calendars have a vaccine schedule change waiting, for My
 * Calendars' notices. A failure shows no notice: the calendar's own page asks again.
 */
export function useProtocolUpdates() {
  return useQuery({
    queryKey: calendarsQueryKeys.protocolUpdates(),
    queryFn: ({ signal }) =>
      fetchJson(protocolUpdatePaths.list, ListProtocolUpdatesResponseSchema, { signal }),
    select: (response): ReadonlySet<number> => new Set(response.calendarIds),
    staleTime: 0,
  });
}
