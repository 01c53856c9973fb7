import type { IsoDate } from "@vaxcal/schedule";

const monthNames = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

/** Today on this device, as `YYYY-MM-DD`: the farmer's own day, which the engine takes as given. */
export function readToday(now: Date = new Date()): IsoDate {
  const month = String(now.getMonth() + 1).padStart(2, "0");
  const day = String(now.getDate()).padStart(2, "0");
  return `${now.getFullYear()}-${month}-${day}`;
}

/** `2027-03-28` → `28 March 2027`, spelled out so no reader mistakes day for month. */
export function formatDisplayDate(date: IsoDate): string {
  const [year, month, day] = date.split("-").map(Number);
  return `${day} ${monthNames[(month ?? 1) - 1]} ${year}`;
}

/** 1 → `January`. */
export function readMonthName(month: number): string {
  return monthNames[month - 1] ?? "";
}

/** The `YYYY-MM` of a date, for grouping shots by month. */
export function readYearMonth(date: IsoDate): string {
  return date.slice(0, 7);
}

export function formatYearMonth(year: number, month: number): string {
  return `${year}-${String(month).padStart(2, "0")}`;
}
