import { ErrorCode } from "@vaxcal/contracts";
import { sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { AppError } from "../../errors/app-error.ts";

/*
 * An admin-edited row's `updated_at` is also its version: a save sends the `updated_at` its form
 * opened, and a row saved by someone else since is a 409, so one admin's save never silently
 * undoes another's (both are audited either way).
 */

/**
 * The edited row's new `updated_at`: now, or a millisecond after the last save when the clock
 * has not moved past it (a fixed test clock, two saves within a millisecond), so that every save
 * makes a new version.
 */
export function nextVersionTime(column: PgColumn, now: Date): SQL {
  return sql`greatest(${now.toISOString()}::timestamptz, ${column} + interval '1 millisecond')`;
}

/** Refuses a save made from a version older than the row's (none sent: an old client, allowed). */
export function checkNotChangedSince(
  opened: string | undefined,
  current: string,
  message: string,
): void {
  if (opened !== undefined && opened !== current) throw new AppError(ErrorCode.conflict, message);
}
