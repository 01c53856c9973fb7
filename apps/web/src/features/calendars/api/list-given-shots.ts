import { queryOptions } from "@tanstack/react-query";
import {
  ListGivenShotsResponseSchema,
  buildGivenShotPath,
  type GivenShot,
} from "@vaxcal/contracts";
import { fetchJson } from "../../../lib/api-client.ts";
import { calendarsQueryKeys } from "../query-keys.ts";

/* The shots marked as given on a saved calendar (docs/product.md D19). */

export function givenShotsQueryOptions(calendarId: number) {
  return queryOptions({
    queryKey: calendarsQueryKeys.givenShots(calendarId),
    queryFn: ({ signal }) =>
      fetchJson(buildGivenShotPath(calendarId), ListGivenShotsResponseSchema, { signal }),
    select: (response): ReadonlyMap<string, GivenShot> =>
      new Map(response.givenShots.map((record) => [record.shotId, record])),
  });
}
