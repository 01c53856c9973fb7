import { useMutation, useQueryClient } from "@tanstack/react-query";
import {
  RecordGivenShotResponseSchema,
  buildGivenShotPath,
  type RecordGivenShotRequest,
} from "@vaxcal/contracts";
import { fetchJson } from "../../../lib/api-client.ts";
import { remindersQueryKeys } from "../../reminders/index.ts";
import { calendarsQueryKeys } from "../query-keys.ts";

export type RecordGivenShotInput = {
  shotId: string;
  record: RecordGivenShotRequest;
  /** A new record only (If-None-Match: *): a shot given meanwhile answers 409, never overwritten. */
  isNew?: boolean;
};

/**
 * Marks a shot as given (docs/product.md D19): a PUT, which also corrects a record; a new one is
 * sent with If-None-Match: * so that it never overwrites a record made meanwhile (decision 603).
 */
export function useRecordGivenShot(calendarId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ shotId, record, isNew = false }: RecordGivenShotInput) =>
      fetchJson(buildGivenShotPath(calendarId, shotId), RecordGivenShotResponseSchema, {
        method: "PUT",
        headers: {
          "Content-Type": "application/json",
          ...(isNew ? { "If-None-Match": "*" } : {}),
        },
        body: JSON.stringify(record),
      }),
    // Also after a refusal: the shot was given meanwhile, and the lists should say so.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: calendarsQueryKeys.givenShots(calendarId) }),
        // The week on the farm lists only shots not given (decision 603).
        queryClient.invalidateQueries({ queryKey: remindersQueryKeys.farmWeek() }),
      ]),
  });
}
