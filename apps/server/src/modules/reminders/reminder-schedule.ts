import { addDays, type IsoDate } from "@vaxcal/schedule";
import type { CalendarOccurrence } from "../calendars/index.ts";

/*
 * When reminders go out (decision 601): at 09:00 in Ireland, 7 days before the shot. Ireland's
 * clocks change at 01:00 UTC, so 09:00 exists exactly once on every day, the change days included:
 * 08:00 UTC under Irish Summer Time, 09:00 UTC under GMT.
 */

export const reminderDaysBefore = 7;
export const reminderLocalHour = 9;
/** Planned ahead of time, so the daily catch-up's plan covers a month of sends. */
export const planningHorizonDays = reminderDaysBefore + 31;

/**
 * What a ledger row is about: `shot` (a farmer's shot occurrence) or `practice_digest` (a
 * practice's weekly e-mail of doses due; decision 602).
 */
export const ReminderKind = { shot: "shot", practiceDigest: "practice_digest" } as const;
export type ReminderKind = (typeof ReminderKind)[keyof typeof ReminderKind];

const dublinParts = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/Dublin",
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
});

/** Minutes Ireland is ahead of UTC at `instant` (0 or 60). */
function readDublinOffsetMinutes(instant: Date): number {
  const parts = Object.fromEntries(
    dublinParts.formatToParts(instant).map((part) => [part.type, part.value]),
  );
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
  );
  return Math.round((asUtc - instant.getTime()) / 60_000);
}

/**
 * `hour`:00 in Ireland on `date`, as an instant. Clocks change at 01:00 UTC, so any hour from
 * 02:00 on exists exactly once on every day, the change days included.
 */
export function findIrishHour(date: IsoDate, hour: number): Date {
  const asUtc = new Date(`${date}T${String(hour).padStart(2, "0")}:00:00Z`);
  return new Date(asUtc.getTime() - readDublinOffsetMinutes(asUtc) * 60_000);
}

/** 09:00 in Ireland on `date`, as an instant. */
export function findIrishNineAm(date: IsoDate): Date {
  return findIrishHour(date, reminderLocalHour);
}

/** When the reminder about a shot on `dueDate` goes out. */
export function findReminderSendAt(dueDate: IsoDate): Date {
  return findIrishNineAm(addDays(dueDate, -reminderDaysBefore));
}

/**
 * The one rule for whether an occurrence is reminded of at all: its date is today or later, and
 * it has not been marked as given (decision 403).
 */
export function isRemindable(
  occurrence: Pick<CalendarOccurrence, "date" | "given">,
  today: IsoDate,
): boolean {
  return occurrence.date >= today && occurrence.given === null;
}
