import type { ProtocolChange } from "@vaxcal/contracts";
import { protocolUpdateMessages } from "@vaxcal/contracts";
import { formatLongDate } from "@vaxcal/schedule";

/** How often a shot comes round, in farm words. */
export function describeRecurrence(isRecurrent: number): string {
  if (isRecurrent === 0) return "once";
  return isRecurrent === 1 ? "every year" : `every ${isRecurrent} years`;
}

/** The badge beside a change: what happens to the shot. */
export const protocolChangeLabels: Record<ProtocolChange["kind"], string> = {
  product: "New vaccine",
  moved: "Moves",
  changed: "Changes",
  added: "New",
  removed: "Taken off",
  kept: "Stays",
};

/**
 * One change of a protocol update in farm words, dates written out (decision 405): what the
 * calendar has now and what it would have.
 */
export function describeProtocolChange(change: ProtocolChange): string {
  const { before, after } = change;
  switch (change.kind) {
    case "product": {
      // Decision 405: the disease's default vaccine changed; the shot lines below say what goes.
      const before = change.product?.before ?? "the old vaccine";
      const after = change.product?.after ?? change.name;
      return `The recommended vaccine is now ${after} instead of ${before}. The ${before} shots below make way for ${after}'s, except the ones you set yourself or marked as given.`;
    }
    case "moved":
      return `From ${formatLongDate(before!.date)} to ${formatLongDate(after!.date)}${
        before!.is_recurrent === after!.is_recurrent
          ? ""
          : `, ${describeRecurrence(after!.is_recurrent)} instead of ${describeRecurrence(before!.is_recurrent)}`
      }.`;
    case "changed":
      return before!.is_recurrent === after!.is_recurrent
        ? `${formatLongDate(after!.date)}: now called ${change.name}.`
        : `${formatLongDate(after!.date)}: ${describeRecurrence(after!.is_recurrent)} instead of ${describeRecurrence(before!.is_recurrent)}.`;
    case "added":
      return `${formatLongDate(after!.date)}, ${describeRecurrence(after!.is_recurrent)}.`;
    case "removed":
      return `Was on ${formatLongDate(before!.date)}.`;
    case "kept":
      return `${formatLongDate(before!.date)}. ${
        change.reason === "given"
          ? protocolUpdateMessages.keptGiven
          : protocolUpdateMessages.keptChosen
      }`;
  }
}
