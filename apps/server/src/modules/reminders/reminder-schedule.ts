import {
  findIrishHour,
  findReminderSendAt,
  reminderDaysBefore,
  reminderLocalHour,
} from "@vaxcal/contracts";
import type { IsoDate } from "@vaxcal/schedule";
import type { CalendarOccurrence } from "../calendars/index.ts";

/*
 * When reminders go out (decision 601): at 09:00 in Ireland, 7 days before the shot, by the rule
 * in @vaxcal/contracts that the web app shows the farmer too (decision 603). Ireland's
 * clocks change at 01:00 UTC, so 09:00 exists exactly once on every day, the change days included:
 * 08:00 UTC under Irish Summer Time, 09:00 UTC under GMT.
 */

export { reminderDaysBefore, reminderLocalHour };
/** Planned ahead of time, so the daily catch-up's plan covers a month of sends. */
export const planningHorizonDays = reminderDaysBefore + 31;

/**
 * What a ledger row is about: `shot` (a farmer's shot occurrence) or `practice_digest` (a
 * practice's weekly e-mail of doses due; decision 602).
 */
export const ReminderKind = { shot: "shot", practiceDigest: "practice_digest" } as const;
export type ReminderKind = (typeof ReminderKind)[keyof typeof ReminderKind];

export { findIrishHour, findReminderSendAt };

/** 09:00 in Ireland on `date`, as an instant. */
export function findIrishNineAm(date: IsoDate): Date {
  return findIrishHour(date, reminderLocalHour);
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
