import {
  assertIsoDate,
  formatIsoDate,
  readDay,
  readMonth,
  readYear,
  type IsoDate,
} from "./iso-date.ts";

/*
 * Recurrence, once for the whole product: the editor's grid, a saved calendar's PDF, preview and
 * detail, and the reminders all derive dated shots from a plan's first occurrences here, to any
 * horizon (docs/decisions/402).
 */

/** A first occurrence as a plan keeps it: what the recurrence needs to know. */
export interface OccurrenceSeed {
  readonly id: string;
  readonly diseaseId: number;
  /** Null only for an undated shot restored from a saved calendar: it never occurs. */
  readonly date: IsoDate | null;
  /** 0 once, 1 every year, N every N years. */
  readonly is_recurrent: number;
}

/** One dated occurrence of a seed. */
export interface Occurrence<Seed extends OccurrenceSeed = OccurrenceSeed> {
  /** The seed's id for the first occurrence, `{seed id}~{cycle}` for a copy. */
  readonly id: string;
  /** 1 for the first occurrence, k + 1 for the copy k recurrence periods later. */
  readonly cycle: number;
  readonly diseaseId: number;
  readonly date: IsoDate;
  /** The first occurrence a copy repeats; null on the first occurrence itself. */
  readonly sourceShotId: string | null;
  /** The seed it came from, with everything the caller keeps on it (name, template, …). */
  readonly seed: Seed;
}

export function isRecurrencePeriod(period: number): boolean {
  return Number.isInteger(period) && period >= 1;
}

/** `{seed id}~{cycle}`: a copy's id, stable for as long as its first occurrence keeps its id. */
export function formatOccurrenceId(seedId: string, cycle: number): string {
  return cycle === 1 ? seedId : `${seedId}~${cycle}`;
}

/**
 * Calls `visit(cycle, date)` for each occurrence of a dated seed from `from` to `to`, both
 * included, in date order. A copy keeps its first occurrence's month and day; 29 February
 * becomes 28 February in a common year and is 29 February again in a leap year. Dates are
 * trusted: the callers check them.
 */
export function forEachSeedOccurrence(
  date: IsoDate,
  period: number,
  from: IsoDate,
  to: IsoDate,
  visit: (cycle: number, date: IsoDate) => void,
): void {
  if (!isRecurrencePeriod(period)) {
    if (date >= from && date <= to) visit(1, date);
    return;
  }
  const seedYear = readYear(date);
  const month = readMonth(date);
  const day = readDay(date);
  const lastYear = readYear(to);
  // Start at the first cycle whose year is not before `from`'s year.
  let cycle = Math.max(1, Math.ceil((readYear(from) - seedYear) / period) + 1);
  // Years stop at `to`'s year, so a date never outgrows four digits.
  for (let year = seedYear + (cycle - 1) * period; year <= lastYear; year += period) {
    const current = formatIsoDate(year, month, day);
    if (current > to) break;
    if (current >= from) visit(cycle, current);
    cycle++;
  }
}

/** By date, then id, so the order never depends on the order of the seeds. */
function compareOccurrences(left: Occurrence, right: Occurrence): number {
  if (left.date !== right.date) return left.date < right.date ? -1 : 1;
  return left.id < right.id ? -1 : left.id > right.id ? 1 : 0;
}

/**
 * Every occurrence of a plan's first occurrences from `from` to `to`, both included, sorted by
 * date then id: each seed on its own date, and a seed recurring every N years on the same month
 * and day every N years after it, for ever. Undated seeds never occur. Throws a `RangeError` on
 * a `from` or `to` that is not a `YYYY-MM-DD` date.
 */
export function listOccurrences<Seed extends OccurrenceSeed>(
  plan: Iterable<Seed>,
  from: IsoDate,
  to: IsoDate,
): Occurrence<Seed>[] {
  assertIsoDate(from, "from");
  assertIsoDate(to, "to");
  const occurrences: Occurrence<Seed>[] = [];
  if (from > to) return occurrences;
  for (const seed of plan) {
    if (seed.date === null) continue;
    forEachSeedOccurrence(seed.date, seed.is_recurrent, from, to, (cycle, date) => {
      occurrences.push({
        id: formatOccurrenceId(seed.id, cycle),
        cycle,
        diseaseId: seed.diseaseId,
        date,
        sourceShotId: cycle === 1 ? null : seed.id,
        seed,
      });
    });
  }
  return occurrences.sort(compareOccurrences);
}

/** The first day of `today`'s month and the last day of the month `count` − 1 months later. */
export function findMonthWindow(today: IsoDate, count: number): { from: IsoDate; to: IsoDate } {
  assertIsoDate(today, "today");
  const firstMonthIndex = readYear(today) * 12 + readMonth(today) - 1;
  const lastMonthIndex = firstMonthIndex + Math.max(1, count) - 1;
  const lastYear = Math.floor(lastMonthIndex / 12);
  const lastMonth = (lastMonthIndex % 12) + 1;
  return {
    from: formatIsoDate(readYear(today), readMonth(today), 1),
    // formatIsoDate pulls day 31 back to the month's last day.
    to: formatIsoDate(lastYear, lastMonth, 31),
  };
}
