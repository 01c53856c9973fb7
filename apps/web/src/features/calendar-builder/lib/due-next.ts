import type { GivenShot, ScopedDisease } from "@vaxcal/contracts";
import {
  addDays,
  countDaysBetween,
  type Calendar,
  type IsoDate,
  type Shot,
} from "@vaxcal/schedule";
import { formatDayDate } from "./calendar-dates.ts";

/*
 * 'Due next' (docs/product.md D19): the calendar's shots from today on, in date order,
 * grouped by week (Monday to Sunday, as Irish calendars run). A saved calendar also lists the
 * shots of the last few weeks that are not yet marked as given, so a shot given late can still be
 * recorded.
 */

/** How far ahead the list looks: a year of shots is what a farmer plans for. */
export const dueNextDays = 366;
/** How far back a shot not yet marked as given still shows, on a saved calendar. */
export const overdueDays = 8 * 7;

export type DueNextItem = {
  shot: Shot;
  date: IsoDate;
  disease: ScopedDisease | undefined;
  given: GivenShot | null;
};

export type DueNextGroup = {
  /** `overdue`, or the week's Monday as `YYYY-MM-DD`. */
  key: string;
  heading: string;
  items: DueNextItem[];
};

/** The Monday of a date's week. 5 January 1970 was a Monday. */
export function findWeekStart(date: IsoDate): IsoDate {
  const offset = ((countDaysBetween("1970-01-05", date) % 7) + 7) % 7;
  return addDays(date, -offset);
}

function describeWeek(weekStart: IsoDate, today: IsoDate): string {
  const thisWeek = findWeekStart(today);
  if (weekStart === thisWeek) return "This week";
  if (weekStart === addDays(thisWeek, 7)) return "Next week";
  return `Week of ${formatDayDate(weekStart)}`;
}

/**
 * The due-next groups of a calendar on `today`: an 'Overdue' group first (saved calendars only:
 * shots of the last 8 weeks not marked as given), then one group per week with shots, by date,
 * and on one day in column order.
 */
export function listDueNext(
  calendar: Calendar,
  diseases: readonly ScopedDisease[],
  today: IsoDate,
  { givenShots = null }: { givenShots?: ReadonlyMap<string, GivenShot> | null } = {},
): DueNextGroup[] {
  const until = addDays(today, dueNextDays);
  const since = givenShots === null ? today : addDays(today, -overdueDays);
  const items: DueNextItem[] = [];
  for (const column of calendar.diseases) {
    const disease = diseases.find((candidate) => candidate.id === column.diseaseId);
    for (const shot of column.shots) {
      const date = shot.date;
      if (date === null || date < since || date > until) continue;
      const given = givenShots?.get(shot.id) ?? null;
      // Before today, only what still waits to be recorded.
      if (date < today && given !== null) continue;
      items.push({ shot, date, disease, given });
    }
  }
  // Stable: on one day, columns keep their order.
  items.sort((left, right) => (left.date < right.date ? -1 : left.date > right.date ? 1 : 0));

  const groups: DueNextGroup[] = [];
  for (const item of items) {
    const key = item.date < today ? "overdue" : findWeekStart(item.date);
    const last = groups.at(-1);
    if (last?.key === key) {
      last.items.push(item);
      continue;
    }
    groups.push({
      key,
      heading: key === "overdue" ? "Overdue: not yet marked as given" : describeWeek(key, today),
      items: [item],
    });
  }
  return groups;
}
