import { queryOptions } from "@tanstack/react-query";
import { ProtocolUpdatePreviewSchema, buildProtocolUpdatePath } from "@vaxcal/contracts";
import { fetchJson } from "../../../lib/api-client.ts";
import { calendarsQueryKeys } from "../query-keys.ts";

/*
 * Decision 405: the difference today's vaccine schedule would make to a saved calendar. Needs the
 * owner or a vet of the linked practice.
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
