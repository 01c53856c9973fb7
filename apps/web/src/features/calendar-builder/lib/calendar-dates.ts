import type { IsoDate } from "@vaxcal/schedule";

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
