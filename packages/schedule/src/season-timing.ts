import { moveToYear, readYear, type IsoDate } from "./iso-date.ts";
import { isRecurrencePeriod } from "./occurrences.ts";
import type { SeasonTiming, ShotTemplateInput } from "./schedule.types.ts";
import { findNextOccurrence } from "./shot-operations.ts";
import { dateTemplateWindow } from "./template-selection.ts";

/**
 * The shot id suffix of a recurring template's dose due now: the dose is its own shot, given once,
 * beside the template's series, which keeps the template's id.
 */
export const DUE_NOW_ID_SUFFIX = "-now";

/** Where a template's dose is planned for a given today (docs/decisions/411). */
export interface PlannedTemplate {
  /**
   * The dose's date for the season dated: the preferred day, or today when the preferred day is
   * past and the window is still open. May be before today (a past dose given once, or a
   * recurring dose whose window closed).
   */
  readonly date: IsoDate;
  /**
   * A recurring dose's series: the first preferred day after `date` that it goes on from (a
   * year on when missed, one recurrence period on when due now). For a dose given once, `date`.
   */
  readonly next: IsoDate;
  readonly seasonTiming?: SeasonTiming;
}

/**
 * Plans a template's dose for today, from the birth and breeding dates of the season dated:
 *
 * 1. A preferred day on or after today stays.
 * 2. Due now: a preferred day before today whose window is still open (its latest day is today or
 *    later) moves to the later of today and the window's earliest day, never a year on. A
 *    recurring dose's series then goes on from its preferred day one recurrence period later, so
 *    later years keep the preferred day and their spacing.
 * 3. A recurring dose whose window has closed moves to the next year's preferred day, as before;
 *    when the event it comes before (the calving, lambing or tupping it counts from) is still
 *    ahead, the dose is marked missed this season, so the calendar can say so.
 * 4. A template without a window behaves as a one-day window on its preferred day, without the
 *    missed mark: its window is not known.
 *
 * Null when the date the template counts from is not set. `allowDueNow` false plans a dose whose
 * window is open as one whose window has closed (a booster whose primary course cannot come first).
 */
export function planTemplate(
  template: ShotTemplateInput,
  birthDate: IsoDate | null,
  breedingDate: IsoDate | null,
  today: IsoDate,
  allowDueNow = true,
): PlannedTemplate | null {
  const dated = dateTemplateWindow(template, birthDate, breedingDate);
  if (dated === null) return null;
  const { anchor, preferred, window } = dated;
  if (preferred >= today) return { date: preferred, next: preferred };
  if (allowDueNow && window !== null && window.to >= today) {
    const date = window.from > today ? window.from : today;
    const seasonTiming = { state: "dueNow", window } as const;
    if (!isRecurrencePeriod(template.is_recurrent)) return { date, next: date, seasonTiming };
    // Given now, the series goes on from the preferred day one recurrence period later.
    const next = moveToYear(preferred, readYear(preferred) + template.is_recurrent);
    return { date, next, seasonTiming };
  }
  if (!isRecurrencePeriod(template.is_recurrent)) return { date: preferred, next: preferred };
  // A default dose was never given, so it is due at the next season's day, a year on (not N years
  // on: docs/product.md §9).
  const next = findNextOccurrence(preferred, 1, today) ?? preferred;
  if (window === null || anchor < today) return { date: preferred, next };
  return { date: preferred, next, seasonTiming: { state: "missed", window } };
}
