import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import {
  ListGivenShotsResponseSchema,
  RecordGivenShotResponseSchema,
  buildGivenShotPath,
  type GivenShot,
  type RecordGivenShotRequest,
} from "@vaxcal/contracts";
import { z } from "zod";
import { fetchJson, sendJson } from "../../../lib/api-client.ts";
import { calendarsQueryKeys } from "../query-keys.ts";

/*
 * Shots marked as given on a saved calendar (docs/product.md D19): the list, recording one (PUT,
 * which also corrects a record) and undoing it (DELETE).
 */

export function givenShotsQueryOptions(calendarId: number) {
  return queryOptions({
    queryKey: calendarsQueryKeys.givenShots(calendarId),
    queryFn: ({ signal }) =>
      fetchJson(buildGivenShotPath(calendarId), ListGivenShotsResponseSchema, { signal }),
    select: (response): ReadonlyMap<string, GivenShot> =>
      new Map(response.givenShots.map((record) => [record.shotId, record])),
  });
}

export type RecordGivenShotInput = { shotId: string; record: RecordGivenShotRequest };

export function useRecordGivenShot(calendarId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ shotId, record }: RecordGivenShotInput) =>
      sendJson(buildGivenShotPath(calendarId, shotId), RecordGivenShotResponseSchema, record, {
        method: "PUT",
      }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: calendarsQueryKeys.givenShots(calendarId) }),
  });
}

export function useUndoGivenShot(calendarId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (shotId: string) =>
      fetchJson(buildGivenShotPath(calendarId, shotId), z.unknown(), { method: "DELETE" }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: calendarsQueryKeys.givenShots(calendarId) }),
  });
}
