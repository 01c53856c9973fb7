import { ErrorCode, calendarMessages, parseIdText } from "@vaxcal/contracts";
import type { Executor } from "../../../db/database.ts";
import { AppError } from "../../../errors/app-error.ts";
import {
  createCalendarsRepository,
  type AccessibleCalendar,
  type CalendarKey,
  type UserCalendarKey,
} from "./calendars.repository.ts";

/**
 * The calendar id in a path, or null when the text cannot be one (the route then says 404).
 * Ids travel as text in the path; anything that is not one of ours is simply not found.
 */
export function parseCalendarId(text: string): number | null {
  return parseIdText(text);
}

/**
 * The one access check of every calendar route and of the feed: a 404 for a calendar that does
 * not exist and for one the caller may not act on, so the two look the same from outside.
 */
export async function requireAccessibleCalendar(
  executor: Executor,
  key: CalendarKey,
  options?: { lockForUpdate?: boolean },
): Promise<AccessibleCalendar> {
  const found = await createCalendarsRepository(executor).findAccessibleCalendar(key, options);
  if (!found) throw new AppError(ErrorCode.notFound, calendarMessages.notFound);
  return found;
}

/** The path id as a calendar key for this user; a malformed id is a 404 like any unknown one. */
export function toCalendarKey(idText: string, userId: number): UserCalendarKey {
  const calendarId = parseCalendarId(idText);
  if (calendarId === null) throw new AppError(ErrorCode.notFound, calendarMessages.notFound);
  return { calendarId, userId };
}
