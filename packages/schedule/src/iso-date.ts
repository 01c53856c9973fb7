/**
 * Calendar arithmetic on `YYYY-MM-DD` strings. Integer maths only: a `Date` would drag in a time
 * zone and a time of day, and a shot on 1 March must stay on 1 March in Dublin and in a browser in
 * Auckland alike. Day numbers count days since 1970-01-01 (proleptic Gregorian calendar).
 */

export type IsoDate = string;

const ISO_DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function countDaysInMonth(year: number, month: number): number {
  return month === 2 && isLeapYear(year) ? 29 : (DAYS_IN_MONTH[month - 1] ?? 31);
}

export function isIsoDate(value: unknown): value is IsoDate {
  if (typeof value !== "string") return false;
  const match = ISO_DATE_PATTERN.exec(value);
  if (!match) return false;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  return year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= countDaysInMonth(year, month);
}

/** Throws on anything but a real `YYYY-MM-DD` date: a malformed date is a caller's bug. */
export function assertIsoDate(value: string, name: string): void {
  if (!isIsoDate(value))
    throw new RangeError(`${name} must be a date as YYYY-MM-DD, got "${value}"`);
}

// The engine calls these on every shot of every edit, so they read digits by char code instead of
// splitting strings; the input is already known to be a valid YYYY-MM-DD.
function readDigits(date: IsoDate, start: number, length: number): number {
  let value = 0;
  for (let index = start; index < start + length; index++) {
    value = value * 10 + (date.charCodeAt(index) - 48);
  }
  return value;
}

export function readYear(date: IsoDate): number {
  return readDigits(date, 0, 4);
}

export function readMonth(date: IsoDate): number {
  return readDigits(date, 5, 2);
}

export function readDay(date: IsoDate): number {
  return readDigits(date, 8, 2);
}

/** Builds a date, pulling a day past the month's end back to its last day (29 Feb → 28 Feb). */
export function formatIsoDate(year: number, month: number, day: number): IsoDate {
  const clampedDay = Math.min(day, countDaysInMonth(year, month));
  return `${String(year).padStart(4, "0")}-${month < 10 ? "0" : ""}${month}-${clampedDay < 10 ? "0" : ""}${clampedDay}`;
}

/** Days since 1970-01-01 (H. Hinnant's days_from_civil). */
export function toDayNumber(date: IsoDate): number {
  const month = readMonth(date);
  const day = readDay(date);
  const year = readYear(date) - (month <= 2 ? 1 : 0);
  const era = Math.floor(year / 400);
  const yearOfEra = year - era * 400;
  const dayOfYear = Math.floor((153 * ((month + 9) % 12) + 2) / 5) + day - 1;
  const dayOfEra =
    yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146097 + dayOfEra - 719468;
}

/** The inverse of toDayNumber (H. Hinnant's civil_from_days). */
export function fromDayNumber(dayNumber: number): IsoDate {
  const shifted = dayNumber + 719468;
  const era = Math.floor(shifted / 146097);
  const dayOfEra = shifted - era * 146097;
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36524) -
      Math.floor(dayOfEra / 146096)) /
      365,
  );
  const dayOfYear =
    dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const shiftedMonth = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * shiftedMonth + 2) / 5) + 1;
  const month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  return formatIsoDate(year, month, day);
}

export function addDays(date: IsoDate, days: number): IsoDate {
  return fromDayNumber(toDayNumber(date) + days);
}

/** The same month and day in another year; 29 February becomes 28 February in a common year. */
export function moveToYear(date: IsoDate, year: number): IsoDate {
  return formatIsoDate(year, readMonth(date), readDay(date));
}

const MONTH_NAMES = [
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

/** 1 → `January`; "" for a number that names no month. */
export function readMonthName(month: number): string {
  return MONTH_NAMES[month - 1] ?? "";
}

/** `2027-03-28` → `28 March 2027`, spelled out so no reader mistakes day for month. */
export function formatLongDate(date: IsoDate): string {
  const [year, month, day] = date.split("-").map(Number);
  return `${day} ${readMonthName(month ?? 1)} ${year}`;
}

/** `2026-03-09` → `9 Mar 2026`, for tight spaces such as a PDF cell. */
export function formatShortDate(date: IsoDate): string {
  const [year, month, day] = date.split("-").map(Number);
  return `${day} ${readMonthName(month ?? 1).slice(0, 3)} ${year}`;
}

/** Days from `from` to `to`: positive when `to` is later. */
export function countDaysBetween(from: IsoDate, to: IsoDate): number {
  return toDayNumber(to) - toDayNumber(from);
}
