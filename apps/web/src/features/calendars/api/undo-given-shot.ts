import { useMutation, useQueryClient } from "@tanstack/react-query";
import { buildGivenShotPath } from "@vaxcal/contracts";
import { z } from "zod";
import { fetchJson } from "../../../lib/api-client.ts";
import { remindersQueryKeys } from "../../reminders/index.ts";
import { calendarsQueryKeys } from "../query-keys.ts";

/** Undoes a shot marked as given (docs/product.md D19): a DELETE. */
export function useUndoGivenShot(calendarId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (shotId: string) =>
      fetchJson(buildGivenShotPath(calendarId, shotId), z.unknown(), { method: "DELETE" }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: calendarsQueryKeys.givenShots(calendarId) }),
        // The week on the farm lists only shots not given (decision 603).
        queryClient.invalidateQueries({ queryKey: remindersQueryKeys.farmWeek() }),
      ]),
  });
}
