import {
  collectColumnSeeds,
  isRecurrencePeriod,
  layoutCalendar,
  type ColumnSeeds,
  type ShotSeed,
} from "./calendar-layout.ts";
import { isIsoDate, moveToYear, readYear, type IsoDate } from "./iso-date.ts";
import { fail, succeed, ScheduleErrorCode, type ScheduleResult } from "./schedule-error.ts";
import type { Calendar, Shot } from "./schedule.types.ts";

/*
 * Every edit returns a new calendar and leaves the one it was given untouched. Each re-sorts the
 * shots by date and recomputes rows and orders in month (docs/product.md §4) by laying the seeds
 * out again.
 */

/**
 * docs/product.md §4: a mirrored copy of a recurrent shot is read-only; its first occurrence is
 * not.
 */
export function canEditShot(shot: Shot): boolean {
  return !shot.isMirroredCopy;
}

export function findShot(calendar: Calendar, shotId: string): Shot | null {
  for (const column of calendar.diseases) {
    for (const shot of column.shots) if (shot.id === shotId) return shot;
  }
  return null;
}

/** Adds a user's shot to a disease's column. Check checkMaxShots first (docs/product.md §5). */
export function addShot(
  calendar: Calendar,
  diseaseId: number,
  date: IsoDate,
): ScheduleResult<Calendar> {
  if (!isIsoDate(date)) return fail(ScheduleErrorCode.invalidDate);
  const columns = collectColumnSeeds(calendar);
  const column = columns.find((candidate) => candidate.diseaseId === diseaseId);
  if (column === undefined) return fail(ScheduleErrorCode.diseaseNotFound);
  const seed: ShotSeed = {
    id: `${diseaseId}-u${calendar.nextUserShotNumber}`,
    diseaseId,
    templateId: null,
    date,
    custom_name: null,
    is_recurrent: 0,
    userInitiated: true,
  };
  const updated = replaceSeeds(columns, diseaseId, [...column.seeds, seed]);
  return succeed(
    layoutCalendar({ ...calendar, nextUserShotNumber: calendar.nextUserShotNumber + 1 }, updated),
  );
}

/**
 * Moves a first occurrence to a new date; its mirrored copies follow. The shot then counts as
 * user-initiated: the user chose its date, so submit keeps it even outside the displayed range.
 */
export function updateShotDate(
  calendar: Calendar,
  shotId: string,
  date: IsoDate,
): ScheduleResult<Calendar> {
  if (!isIsoDate(date)) return fail(ScheduleErrorCode.invalidDate);
  return editSeed(calendar, shotId, (seed) => [
    // A date the user chose is no longer the engine's due-now or missed plan.
    { ...seed, date, userInitiated: true, seasonTiming: undefined },
  ]);
}

/** Deletes a first occurrence together with its mirrored copies. */
export function deleteShot(calendar: Calendar, shotId: string): ScheduleResult<Calendar> {
  return editSeed(calendar, shotId, () => []);
}

function editSeed(
  calendar: Calendar,
  shotId: string,
  edit: (seed: ShotSeed) => ShotSeed[],
): ScheduleResult<Calendar> {
  const shot = findShot(calendar, shotId);
  if (shot === null) return fail(ScheduleErrorCode.shotNotFound);
  if (!canEditShot(shot)) return fail(ScheduleErrorCode.readOnlyShot);
  const columns = collectColumnSeeds(calendar);
  const seeds = columns.find((column) => column.diseaseId === shot.diseaseId)?.seeds ?? [];
  const updated = seeds.flatMap((seed) => (seed.id === shotId ? edit(seed) : [seed]));
  return succeed(layoutCalendar(calendar, replaceSeeds(columns, shot.diseaseId, updated)));
}

function replaceSeeds(
  columns: ColumnSeeds[],
  diseaseId: number,
  seeds: readonly ShotSeed[],
): ColumnSeeds[] {
  return columns.map((column) => (column.diseaseId === diseaseId ? { ...column, seeds } : column));
}

export interface MaxShotsCheck {
  /** First-cycle shots of the disease in the year: mirrored copies do not count. */
  readonly count: number;
  readonly max: number | null;
  /**
   * Adding one more shot in that year needs the maxShotsReached confirmation (docs/product.md §5).
   */
  readonly isReached: boolean;
}

export function checkMaxShots(calendar: Calendar, diseaseId: number, year: number): MaxShotsCheck {
  const column = calendar.diseases.find((candidate) => candidate.diseaseId === diseaseId);
  let count = 0;
  for (const shot of column?.shots ?? []) {
    if (shot.cycle === 1 && shot.date !== null && readYear(shot.date) === year) count++;
  }
  const max = column?.vaccine?.rules.max_shots ?? null;
  return { count, max, isReached: max !== null && count >= max };
}

/** Removes a disease's column and its shots; an unknown disease changes nothing. */
export function removeDisease(calendar: Calendar, diseaseId: number): Calendar {
  if (!calendar.diseases.some((column) => column.diseaseId === diseaseId)) return calendar;
  const columns = collectColumnSeeds(calendar).filter((column) => column.diseaseId !== diseaseId);
  return layoutCalendar(calendar, columns);
}

/** docs/product.md §4: on load, whether to ask shotsInThePastFound. */
export function hasPastShots(calendar: Calendar): boolean {
  return calendar.diseases.some((column) =>
    column.shots.some((shot) => shot.date !== null && shot.date < calendar.today),
  );
}

/**
 * docs/product.md §4, shotsInThePastFound cancelled: removes every shot dated before today. A
 * recurrent series whose first occurrence is past lives on from its first copy still to come, which
 * becomes the editable first occurrence (the grid grows to hold it). Undated shots stay. One edge: a series first given on 29 February and promoted to 28 February of a common
 * year repeats on the 28th in later leap years, since the promoted date is all a seed keeps.
 */
export function dropPastShots(calendar: Calendar): Calendar {
  if (!hasPastShots(calendar)) return calendar;
  const columns = collectColumnSeeds(calendar).map((column) => ({
    ...column,
    seeds: column.seeds.flatMap((seed) => {
      if (seed.date === null || seed.date >= calendar.today) return [seed];
      const date = findNextOccurrence(seed.date, seed.is_recurrent, calendar.today);
      return date === null ? [] : [{ ...seed, date }];
    }),
  }));
  return layoutCalendar(calendar, columns);
}

/** The first repeat of a series on or after `today`, or null for a shot given once. */
export function findNextOccurrence(first: IsoDate, period: number, today: IsoDate): IsoDate | null {
  if (!isRecurrencePeriod(period)) return null;
  const firstYear = readYear(first);
  let year = firstYear + Math.max(1, Math.ceil((readYear(today) - firstYear) / period)) * period;
  let date = moveToYear(first, year);
  while (date < today) {
    year += period;
    date = moveToYear(first, year);
  }
  return date;
}
