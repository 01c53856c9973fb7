import { ErrorCode, RoleName, calendarMessages } from "@vaxcal/contracts";
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Executor } from "../../db/database.ts";
import { userRoles, users } from "../../db/schema/accounts.ts";
import { calendars, vetPracticeMembers } from "../../db/schema/calendars.ts";
import { AppError } from "../../errors/app-error.ts";

/**
 * How a request names a calendar: a signed-in user and an id (every authenticated route), or the
 * hash of a feed token (the public feed, where the secret token is the credential).
 */
export type CalendarKey = UserCalendarKey | { readonly feedTokenHash: string };
export type UserCalendarKey = { readonly calendarId: number; readonly userId: number };

export type CalendarRow = typeof calendars.$inferSelect;

/** A calendar someone may act on, with what its pages print about its owner. */
export type AccessibleCalendar = {
  calendar: CalendarRow;
  owner: { id: number; farmName: string | null; email: string | null; phone: string | null };
};

// Ids travel as text in the path; anything that is not one of ours is simply not found.
const calendarIdPattern = /^[1-9]\d{0,9}$/;
const largestId = 2_147_483_647;

/** The calendar id in a path, or null when the text cannot be one (the route then says 404). */
export function parseCalendarId(text: string): number | null {
  if (!calendarIdPattern.test(text)) return null;
  const id = Number(text);
  return id <= largestId ? id : null;
}

/**
 * The caller may act on the calendar when they own it, or when they are a vet (VET_MANAGER) who
 * belongs to the practice the owner has linked (spec §1: "That practice can then view and edit
 * the farmer's calendars").
 */
function buildUserAccess(userId: number): SQL {
  return sql`(${calendars.userId} = ${userId} OR EXISTS (
    SELECT 1 FROM ${vetPracticeMembers}
    JOIN ${userRoles} ON ${userRoles.userId} = ${vetPracticeMembers.userId}
      AND ${userRoles.role} = ${RoleName.vetManager}
    WHERE ${vetPracticeMembers.userId} = ${userId}
      AND ${vetPracticeMembers.vetPracticeId} = ${users.vetPracticeId}
  ))`;
}

/**
 * The one access check of every calendar route and of the feed. Null when the calendar does not
 * exist and when the caller may not see it: the two must look the same from outside.
 * `lockForUpdate` holds the row until the transaction ends, so two saves of one calendar queue.
 */
export async function findAccessibleCalendar(
  executor: Executor,
  key: CalendarKey,
  { lockForUpdate = false }: { lockForUpdate?: boolean } = {},
): Promise<AccessibleCalendar | null> {
  const condition =
    "feedTokenHash" in key
      ? eq(calendars.feedTokenHash, key.feedTokenHash)
      : and(eq(calendars.id, key.calendarId), buildUserAccess(key.userId));
  const query = executor
    .select({
      calendar: calendars,
      ownerId: users.id,
      farmName: users.farmerName,
      email: users.email,
      phone: users.phone,
    })
    .from(calendars)
    .innerJoin(users, eq(users.id, calendars.userId))
    .where(condition);
  const [row] = await (lockForUpdate ? query.for("update", { of: calendars }) : query);
  if (!row) return null;
  return {
    calendar: row.calendar,
    owner: { id: row.ownerId, farmName: row.farmName, email: row.email, phone: row.phone },
  };
}

/** As findAccessibleCalendar, but answers 404 for a calendar the caller may not act on. */
export async function requireAccessibleCalendar(
  executor: Executor,
  key: CalendarKey,
  options?: { lockForUpdate?: boolean },
): Promise<AccessibleCalendar> {
  const found = await findAccessibleCalendar(executor, key, options);
  if (!found) throw new AppError(ErrorCode.notFound, calendarMessages.notFound);
  return found;
}

/** The path id as a calendar key for this user; a malformed id is a 404 like any unknown one. */
export function toCalendarKey(idText: string, userId: number): UserCalendarKey {
  const calendarId = parseCalendarId(idText);
  if (calendarId === null) throw new AppError(ErrorCode.notFound, calendarMessages.notFound);
  return { calendarId, userId };
}
