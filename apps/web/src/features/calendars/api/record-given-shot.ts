import { useMutation, useQueryClient } from "@tanstack/react-query";
import {
  RecordGivenShotResponseSchema,
  buildGivenShotPath,
  type RecordGivenShotRequest,
} from "@vaxcal/contracts";
import { sendJson } from "../../../lib/api-client.ts";
import { remindersQueryKeys } from "../../reminders/index.ts";
import { calendarsQueryKeys } from "../query-keys.ts";

export type RecordGivenShotInput = { shotId: string; record: RecordGivenShotRequest };

/** Marks a shot as given (docs/product.md D19): a PUT, which also corrects a record. */
export function useRecordGivenShot(calendarId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ shotId, record }: RecordGivenShotInput) =>
      sendJson(buildGivenShotPath(calendarId, shotId), RecordGivenShotResponseSchema, record, {
        method: "PUT",
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: calendarsQueryKeys.givenShots(calendarId) }),
        // The week on the farm lists only shots not given (decision 603).
        queryClient.invalidateQueries({ queryKey: remindersQueryKeys.farmWeek() }),
      ]),
  });
}
