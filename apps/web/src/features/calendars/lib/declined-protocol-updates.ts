import type { ProtocolChange } from "@vaxcal/contracts";
import { z } from "zod";
import { StorageKey } from "../../../config/storage-keys.ts";
import { readStoredJson, writeStorage } from "../../../lib/storage.ts";

/*
 * 'Keep it as it is' on a saved calendar's protocol notice (decision 405) is the farmer's answer:
 * the notice goes, and does not come back for the same difference on this device. A different
 * difference (the schedule changed again, or a shot it names was moved) is asked about again.
 * Kept per calendar, the difference by its moved, new and removed shots (issue 25 item 8).
 */

const DeclinedSchema = z.record(z.string(), z.string());

function describeDifference(changes: readonly ProtocolChange[]): string {
  return JSON.stringify(
    changes
      .filter((change) => change.kind !== "kept")
      .map((change) => [change.shotId, change.kind, change.before, change.after]),
  );
}

export function isProtocolUpdateDeclined(
  calendarId: number,
  changes: readonly ProtocolChange[],
): boolean {
  const declined = readStoredJson(StorageKey.declinedProtocolUpdates, DeclinedSchema) ?? {};
  return declined[String(calendarId)] === describeDifference(changes);
}

export function declineProtocolUpdate(
  calendarId: number,
  changes: readonly ProtocolChange[],
): void {
  const declined = readStoredJson(StorageKey.declinedProtocolUpdates, DeclinedSchema) ?? {};
  writeStorage(
    StorageKey.declinedProtocolUpdates,
    JSON.stringify({ ...declined, [String(calendarId)]: describeDifference(changes) }),
  );
}
