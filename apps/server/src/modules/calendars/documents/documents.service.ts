import { ErrorCode, calendarMessages, type RegenerateFeedResponse } from "@vaxcal/contracts";
import { resolveBirthLabel } from "@vaxcal/schedule";
import { runReads, type Executor } from "../../../db/database.ts";
import { AppError } from "../../../errors/app-error.ts";
import { createGivenShotsRepository } from "../given-shots/given-shots.repository.ts";
import { requireAccessibleCalendar } from "../calendars/calendar-access.ts";
import { buildFeedUrls, createFeedCredentials } from "./calendar-feed-token.ts";
import { type CalendarDocument } from "./calendar-document.ts";
import type { RenderSnapshot, RenderVersion } from "./calendar-renders.ts";
import {
  createCalendarsRepository,
  type AccessibleCalendar,
  type CalendarKey,
  type UserCalendarKey,
} from "../calendars/calendars.repository.ts";
import {
  loadSavedCalendar,
  pickFarmSize,
  toEngineSetup,
  type CalendarsContext,
} from "../calendars/saved-calendar.ts";

/**
 * POST /api/calendars/:id/feed/regenerate: a new secret; the old links answer 404 from now. The
 * owner's alone: a vet of the linked practice may see the calendar but is never given its feed
 * link, nor may replace the one the farmer subscribed with (issue 23, M1).
 */
export async function regenerateFeed(
  context: CalendarsContext,
  key: UserCalendarKey,
): Promise<RegenerateFeedResponse> {
  const feed = createFeedCredentials(context.secret);
  await context.db.transaction(async (transaction) => {
    const { calendar } = await requireAccessibleCalendar(transaction, key, {
      lockForUpdate: true,
    });
    if (calendar.userId !== key.userId) {
      throw new AppError(ErrorCode.forbidden, calendarMessages.feedOwnerOnly);
    }
    await createCalendarsRepository(transaction).replaceFeedCredentials(
      calendar.id,
      feed.nonce,
      feed.tokenHash,
    );
  });
  return {
    message: calendarMessages.feedRegenerated,
    feedUrls: buildFeedUrls(context.publicUrl, feed.token),
  };
}

/** Prints show the e-mail, or the mobile in international form when there is no e-mail. */
function describeUsername(owner: AccessibleCalendar["owner"]): string {
  return owner.email ?? owner.phone ?? "";
}

/**
 * Everything the PDF, the preview and the feed print, for a calendar the caller may see. Every row
 * it reads must also be in the render version's digest (`readRenderVersion`), or a change to it
 * would not reach a cached PDF or feed (decision 704).
 */
export async function readCalendarDocument(
  context: CalendarsContext,
  key: CalendarKey,
  executor: Executor = context.db,
): Promise<CalendarDocument> {
  const { calendar, owner, names, columns, isAdult } = await loadSavedCalendar(
    context,
    key,
    executor,
  );
  const [farm, given] = await runReads(executor, [
    () => createCalendarsRepository(executor).readOwnerFarm(owner.id),
    () => createGivenShotsRepository(executor).readGivenShots([calendar.id]),
  ]);
  return {
    id: calendar.id,
    year: calendar.calendarYear,
    updatedAt: calendar.updatedAt,
    farmName: owner.farmName,
    username: describeUsername(owner),
    names,
    birthLabel: resolveBirthLabel(toEngineSetup(calendar, isAdult)),
    birthDate: calendar.birthDate,
    breedingDate: calendar.breedingDate,
    vetEmailAddress: calendar.vetEmailAddress,
    practiceName: farm.practiceName,
    practicePhone: farm.practicePhone,
    farmSize: pickFarmSize(names.enterprise, farm),
    columns,
    givenShots: given.get(calendar.id) ?? [],
  };
}

/**
 * The calendar's render version (decision 704), for a caller who may see it: the one read a
 * cached PDF or feed costs, and the access check, so someone else's calendar is a 404 before any
 * cache is looked at. Every input the document reads is in the digest
 * (`readRenderVersion`); a field added to `readCalendarDocument` must be added there too.
 */
export async function readCalendarRenderVersion(
  context: CalendarsContext,
  key: CalendarKey,
): Promise<RenderVersion> {
  const found = await createCalendarsRepository(context.db).readRenderVersion(key);
  if (!found) throw new AppError(ErrorCode.notFound, calendarMessages.notFound);
  return found;
}

/**
 * The version and the document in one read-only snapshot, as the owner reads them: what a render
 * stores under the version's key is exactly that version, even while an edit commits meanwhile.
 */
export function readCalendarSnapshot(
  context: CalendarsContext,
  version: Pick<RenderVersion, "calendarId" | "ownerId">,
): Promise<RenderSnapshot> {
  const key = { calendarId: version.calendarId, userId: version.ownerId };
  return context.db.transaction(
    async (transaction) => {
      const current = await createCalendarsRepository(transaction).readRenderVersion(key);
      if (!current) throw new AppError(ErrorCode.notFound, calendarMessages.notFound);
      return { version: current, document: await readCalendarDocument(context, key, transaction) };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}
