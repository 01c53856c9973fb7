import { addDays, countDaysBetween, moveToYear, readYear, type IsoDate } from "./iso-date.ts";
import { isRecurrencePeriod } from "./occurrences.ts";
import type { BirthGroup, DateWindow, SeasonTiming, ShotTemplateInput } from "./schedule.types.ts";
import { findNextOccurrence } from "./shot-operations.ts";
import { dateTemplateWindow, type DatedTemplate } from "./template-selection.ts";

/**
 * The shot id suffix of a recurring template's dose due now: the dose is its own shot, given once,
 * beside the template's series, which keeps the template's id.
 */
export const DUE_NOW_ID_SUFFIX = "-now";

/** Where a template's dose is planned for a given today (docs/decisions/411). */
export interface PlannedTemplate {
  /**
   * The dose's date for the season dated: the preferred day, or today when the preferred day is
   * past and the window is still open. May be before today (a dose given once whose window
   * closed, marked missed when the window is known; or a recurring dose whose window closed).
   */
  readonly date: IsoDate;
  /**
   * A recurring dose's series: the first preferred day after `date` that it goes on from (a
   * year on when missed, one recurrence period on when due now). For a dose given once, `date`.
   */
  readonly next: IsoDate;
  readonly seasonTiming?: SeasonTiming;
  /** The group of the calving or lambing block the dose is for (docs/decisions/416). */
  readonly birthGroup?: BirthGroup;
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
 *    ahead, the dose is marked missed this season, so the calendar can say so. A dose given once
 *    whose window has closed keeps its past preferred day here, marked missed: it was for this
 *    group only, and the calendar shows it undated (buildCalendar, decision 418).
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
  return planDated(template, dated, dated.anchor, today, allowDueNow);
}

/**
 * Plans a dated template for today (the steps of planTemplate). `eventDate` is the last birth or
 * breeding the dose comes before: once it is past, a closed window is no longer marked missed.
 */
function planDated(
  template: ShotTemplateInput,
  dated: DatedTemplate,
  eventDate: IsoDate,
  today: IsoDate,
  allowDueNow: boolean,
): PlannedTemplate {
  const { preferred, window } = dated;
  if (preferred >= today) return { date: preferred, next: preferred };
  if (allowDueNow && window !== null && window.to >= today) {
    const date = window.from > today ? window.from : today;
    const seasonTiming = { state: "dueNow", window } as const;
    if (!isRecurrencePeriod(template.is_recurrent)) return { date, next: date, seasonTiming };
    // Given now, the series goes on from the preferred day one recurrence period later.
    const next = moveToYear(preferred, readYear(preferred) + template.is_recurrent);
    return { date, next, seasonTiming };
  }
  if (!isRecurrencePeriod(template.is_recurrent)) {
    // Given once, for this group only: its window has closed, so it is missed (decision 418).
    if (window === null) return { date: preferred, next: preferred };
    return { date: preferred, next: preferred, seasonTiming: { state: "missed", window } };
  }
  // A default dose was never given, so it is due at the next season's day, a year on (not N years
  // on: docs/product.md §9).
  const next = findNextOccurrence(preferred, 1, today) ?? preferred;
  if (window === null || eventDate < today) return { date: preferred, next };
  return { date: preferred, next, seasonTiming: { state: "missed", window } };
}

/** Days of the block after its first day: 0 for a one-day block. */
function countBlockDays(block: DateWindow): number {
  return countDaysBetween(block.from, block.to);
}

/**
 * The groups a dose before the birth is given to, for a window of `width` days (latest − earliest):
 * the whole block when one date can cover it; else an early and a late group of about equal
 * length when two dates can; else the whole block, which one date covers only in part.
 */
export function splitBlock(block: DateWindow, width: number): BirthGroup[] {
  const days = countBlockDays(block);
  if (days <= width) return [{ ...block, coversAll: true }];
  if (days <= 2 * width + 1) {
    const earlyEnd = addDays(block.from, Math.floor(days / 2));
    return [
      { from: block.from, to: earlyEnd, coversAll: true },
      { from: addDays(earlyEnd, 1), to: block.to, coversAll: true },
    ];
  }
  return [{ ...block, coversAll: false }];
}

function clamp(date: IsoDate, window: DateWindow): IsoDate {
  if (date < window.from) return window.from;
  return date > window.to ? window.to : date;
}

/**
 * Plans a template's doses for an adult's calving or lambing block (docs/decisions/416). A dose
 * counted from the birth, with a window [earliest, latest], covers an animal giving birth on c
 * when c + earliest ≤ dose ≤ c + latest:
 *
 * - Before the birth, a group [from, to] is covered by one date from to + earliest to
 *   from + latest; the dose takes the preferred day counted from the group's first birth, moved
 *   into that window. A block longer than the window is split into an early and a late group, each
 *   with its own dose; a block longer than two windows gets one dose for its first births, marked
 *   as not covering them all (its name says so).
 * - After the birth (an exclusion before the dose, such as Footvax's 4 weeks after lambing), the
 *   dose is never before the block's last birth + earliest; the later side after a birth is the
 *   preferred day with no later limit found (decision 411), so it moves no later than that.
 *
 * A template without a window, or not counted from the birth, or without a block, is planned as
 * planTemplate plans it: one dose, from the block's first birth.
 */
export function planTemplateInBlock(
  template: ShotTemplateInput,
  block: DateWindow | null,
  birthDate: IsoDate | null,
  breedingDate: IsoDate | null,
  today: IsoDate,
  allowDueNow = true,
): PlannedTemplate[] {
  const dated = dateTemplateWindow(template, birthDate, breedingDate);
  if (dated === null) return [];
  const days = template.birth_days;
  const { window } = dated;
  if (block === null || days === null || window === null || block.to === block.from) {
    return [planDated(template, dated, dated.anchor, today, allowDueNow)];
  }
  const earliest = Math.min(template.earliest_days ?? days, days);
  const latest = Math.max(template.latest_days ?? days, days);
  if (earliest > 0) {
    // After the birth: the exclusion counts from the block's last birth.
    const from = addDays(block.to, earliest);
    const to = addDays(block.from, latest) > from ? addDays(block.from, latest) : from;
    const preferred = clamp(addDays(block.from, days), { from, to });
    const group = { ...block, coversAll: true };
    const groupDated = { anchor: block.from, preferred, window: { from, to } };
    return [
      { ...planDated(template, groupDated, block.to, today, allowDueNow), birthGroup: group },
    ];
  }
  return splitBlock(block, latest - earliest).map((group) => {
    const groupWindow = group.coversAll
      ? { from: addDays(group.to, earliest), to: addDays(group.from, latest) }
      : { from: addDays(group.from, earliest), to: addDays(group.from, latest) };
    const preferred = clamp(addDays(group.from, days), groupWindow);
    const groupDated = { anchor: group.from, preferred, window: groupWindow };
    const planned = planDated(template, groupDated, group.to, today, allowDueNow);
    return { ...planned, birthGroup: group };
  });
}
