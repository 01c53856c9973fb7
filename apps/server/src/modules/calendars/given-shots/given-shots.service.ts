import {
  ErrorCode,
  givenShotLimits,
  givenShotMessages,
  type GivenShot,
  type ListGivenShotsResponse,
} from "@vaxcal/contracts";
import { countDaysBetween, listOccurrences, type IsoDate } from "@vaxcal/schedule";
import type { Executor } from "../../../db/database.ts";
import { AppError } from "../../../errors/app-error.ts";
import { createGivenShotsRepository } from "./given-shots.repository.ts";
import { createValidationError } from "../../../errors/validation-error.ts";
import { requireAccessibleCalendar } from "../calendars/calendar-access.ts";
import type { CalendarsContext } from "../calendars/saved-calendar.ts";
import type { UserCalendarKey } from "../calendars/calendars.repository.ts";

/*
 * Shots marked as given (docs/product.md D19, decision 403). The shot is one dated occurrence of
 * the saved plan, named by the engine's id; the server works out its planned date from the plan,
 * never from the request, and checks the date given against it and today.
 */

const shotIdPattern = /^([A-Za-z0-9_-]{1,60})(?:~([1-9]\d{0,3}))?$/;
const lastPlannedYear = 2100;

function shotNotOnCalendar(): AppError {
  return new AppError(ErrorCode.notFound, givenShotMessages.shotNotOnCalendar);
}

/** The seed a shot id names and the occurrence's planned date; a 404 when the plan has none. */
async function findPlannedShot(
  executor: Executor,
  calendarId: number,
  shotId: string,
): Promise<{ seedKey: string; cycle: number; plannedOn: IsoDate }> {
  const match = shotIdPattern.exec(shotId);
  if (!match?.[1]) throw shotNotOnCalendar();
  const seedKey = match[1];
  const cycle = match[2] === undefined ? 1 : Number(match[2]);
  const seed = await createGivenShotsRepository(executor).readSeed(calendarId, seedKey);
  if (!seed) throw shotNotOnCalendar();
  if (cycle > 1 && seed.is_recurrent < 1) throw shotNotOnCalendar();
  const year = Number(seed.date.slice(0, 4)) + (cycle - 1) * seed.is_recurrent;
  if (year > lastPlannedYear) throw shotNotOnCalendar();
  const occurrence = listOccurrences([seed], `${year}-01-01`, `${year}-12-31`).find(
    (candidate) => candidate.id === shotId,
  );
  if (!occurrence) throw shotNotOnCalendar();
  return { seedKey, cycle, plannedOn: occurrence.date };
}

/** The date given, defaulted and checked: never after today, within a year of the plan. */
function resolveGivenOn(requested: string | null | undefined, plannedOn: IsoDate, today: IsoDate) {
  const givenOn = requested ?? (plannedOn > today ? today : plannedOn);
  if (givenOn > today) {
    throw createValidationError([
      { path: "body.givenOn", message: givenShotMessages.givenOnInFuture },
    ]);
  }
  if (Math.abs(countDaysBetween(givenOn, plannedOn)) > givenShotLimits.daysFromPlanned) {
    throw createValidationError([
      { path: "body.givenOn", message: givenShotMessages.givenOnTooFar },
    ]);
  }
  return givenOn;
}

/** GET /api/calendars/:id/given-shots: every shot of the calendar marked as given. */
export async function listGivenShots(
  context: CalendarsContext,
  key: UserCalendarKey,
): Promise<ListGivenShotsResponse> {
  const { calendar } = await requireAccessibleCalendar(context.db, key);
  const given = await createGivenShotsRepository(context.db).readGivenShots([calendar.id]);
  return { givenShots: given.get(calendar.id) ?? [] };
}

/**
 * PUT /api/calendars/:id/given-shots/:shotId: records the shot as given (or corrects the record,
 * unless `onlyIfNew`: a given shot is a legal record, decision 603).
 * The calendar's row is locked, so a save that replaces the plan runs before or after, never
 * between the check that the shot is on the plan and the write.
 */
export async function recordGivenShot(
  context: CalendarsContext,
  key: UserCalendarKey,
  shotId: string,
  request: { givenOn?: string | null; batch: string; givenBy: string | null; note: string | null },
  /** `onlyIfNew` (If-None-Match: *): a shot that already has a record is a 409, never overwritten. */
  options: { onlyIfNew?: boolean } = {},
): Promise<GivenShot> {
  return context.db.transaction(async (transaction) => {
    const { calendar } = await requireAccessibleCalendar(transaction, key, { lockForUpdate: true });
    const planned = await findPlannedShot(transaction, calendar.id, shotId);
    const givenOn = resolveGivenOn(request.givenOn, planned.plannedOn, context.readToday());
    const repository = createGivenShotsRepository(transaction);
    const record = {
      calendarId: calendar.id,
      shotId,
      seedKey: planned.seedKey,
      cycle: planned.cycle,
      plannedOn: planned.plannedOn,
      givenOn,
      batch: request.batch,
      givenBy: request.givenBy,
      note: request.note,
      recordedAt: context.clock(),
      recordedBy: key.userId,
    };
    if (!options.onlyIfNew) return repository.upsertGivenShot(record);
    const inserted = await repository.insertGivenShot(record);
    if (!inserted) throw new AppError(ErrorCode.conflict, givenShotMessages.alreadyGiven);
    return inserted;
  });
}

/** DELETE /api/calendars/:id/given-shots/:shotId: undo; a 404 when the shot was not marked. */
export async function undoGivenShot(
  context: CalendarsContext,
  key: UserCalendarKey,
  shotId: string,
): Promise<void> {
  await context.db.transaction(async (transaction) => {
    const { calendar } = await requireAccessibleCalendar(transaction, key, { lockForUpdate: true });
    const isDeleted = await createGivenShotsRepository(transaction).deleteGivenShot(
      calendar.id,
      shotId,
    );
    if (!isDeleted) throw shotNotMarked();
  });
}

function shotNotMarked(): AppError {
  return new AppError(ErrorCode.notFound, givenShotMessages.notMarked);
}
