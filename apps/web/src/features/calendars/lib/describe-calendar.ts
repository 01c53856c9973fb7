import type { CalendarSummary } from "@vaxcal/contracts";

// Day and month spelled out, so no reader mistakes one for the other: 28 March 2027.
const dateFormat = new Intl.DateTimeFormat("en-IE", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

/** `2027-03-28` → `28 March 2027`; a calendar date has no time zone, so none may shift it. */
export function formatCalendarDate(date: string): string {
  return dateFormat.format(new Date(`${date}T00:00:00Z`));
}

/** A moment the server recorded, as the day it was on this device. */
export function formatTimestampDay(timestamp: string): string {
  return new Intl.DateTimeFormat("en-IE", {
    day: "numeric",
    month: "long",
    year: "numeric",
  }).format(new Date(timestamp));
}

/** How a farmer tells calendars apart: `Cows, Spring calving 2027`. */
export function describeCalendarTitle(
  calendar: Pick<CalendarSummary, "animal" | "season" | "year">,
): string {
  return `${calendar.animal}, ${calendar.season} ${calendar.year}`;
}

/** The birth date's name as the builder shows it: adults calve or lamb, young stock are born. */
export function describeBirthLabel(
  calendar: Pick<CalendarSummary, "enterprise" | "breeding_date">,
): string {
  if (calendar.breeding_date === null) return "Birth date";
  return calendar.enterprise === "Sheep" ? "Lambing date" : "Calving date";
}
