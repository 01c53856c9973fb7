import { countDaysBetween, formatLongDate, isIsoDate, type IsoDate } from "@vaxcal/schedule";

/** Today on this device, as `YYYY-MM-DD`: the farmer's own day, which the engine takes as given. */
export function readToday(now: Date = new Date()): IsoDate {
  const month = String(now.getMonth() + 1).padStart(2, "0");
  const day = String(now.getDate()).padStart(2, "0");
  return `${now.getFullYear()}-${month}-${day}`;
}

/** The `YYYY-MM` of a date, for grouping shots by month. */
export function readYearMonth(date: IsoDate): string {
  return date.slice(0, 7);
}

export function formatYearMonth(year: number, month: number): string {
  return `${year}-${String(month).padStart(2, "0")}`;
}

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] as const;

/**
 * `2026-03-04` → `Wed 4 March 2026`: the weekday and the month in words, so a date cannot be
 * misread day for month. Counted from the date itself, never through a `Date`, so no time zone
 * moves it.
 */
export function formatDayDate(date: IsoDate): string {
  // 1970-01-01 was a Thursday.
  const weekday = WEEKDAYS[(((countDaysBetween("1970-01-01", date) + 4) % 7) + 7) % 7];
  return `${weekday} ${formatLongDate(date)}`;
}

/** A date input's value in words, or nothing while it holds no whole date. */
export function describeChosenDate(value: string | null | undefined): string | undefined {
  return value && isIsoDate(value) ? formatDayDate(value) : undefined;
}
