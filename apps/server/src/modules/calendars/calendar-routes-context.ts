import { ErrorBodySchema, calendarLimits } from "@vaxcal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { createRequireUser } from "../../auth/authentication.ts";
import type { Database, Db } from "../../db/database.ts";
import { logDatabaseFailure } from "../../db/shutdown-errors.ts";
import type { WatchCache } from "../../lib/cache-report.ts";
import { readIrishToday, type Clock } from "../../lib/clock.ts";
import type { RateLimitRule } from "../../rate-limits/rate-limits.repository.ts";
import type { CalendarsContext } from "./calendars/saved-calendar.ts";
import {
  createCalendarRenders,
  type CalendarRenders,
  type RenderVersion,
} from "./documents/calendar-renders.ts";
import { readCalendarRenderVersion } from "./documents/documents.service.ts";
import { createFeedFetchCounts } from "./documents/feed-fetch-counts.ts";
import { createRenderVersions, type RenderVersions } from "./documents/render-versions.ts";

/* What the saved-calendar routes of every resource share: the options app.ts passes, the
   renders, the render versions in memory and the feed's fetch counters, made once. */

export type CalendarsRoutesOptions = {
  db: Db;
  clock: Clock;
  /** The signing key (APP_SECRET, else the per-install key): derives each calendar's feed token. */
  secret: string;
  publicUrl: string;
  /**
   * Told after a calendar's save, edit or delete has committed, so its reminders are planned
   * again (modules/reminders); it must not throw.
   */
  onCalendarChanged?: (calendarId: number) => void;
  /** The PDF and feed renders; by default the routes make their own and close them with the app. */
  renders?: CalendarRenders;
  /**
   * With the database, render versions are kept in memory and dropped by PostgreSQL's NOTIFY
   * (decision 705); without it (some tests), every request reads its version.
   */
  database?: Database;
  /** The render versions in memory, when the caller makes them (tests); else made from `database`. */
  versions?: RenderVersions;
  /** Hands the render versions' cache to `/metrics` as `render_versions`. */
  watchCache?: WatchCache;
};

const feedRateLimit = {
  name: "calendar-feed",
  limit: calendarLimits.feedFetchesPerHour,
  windowMs: 60 * 60 * 1000,
} as const satisfies RateLimitRule;

export const IdParamsSchema = z.object({ id: z.string().max(20) });
export const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema };

/**
 * The renders, versions and counters of one app, closed with it, and what the routes of every
 * resource read them through. Every route that names a calendar goes through
 * `requireAccessibleCalendar`, so someone else's calendar answers 404 like a missing one.
 */
export function createCalendarRoutesContext(
  app: Parameters<FastifyPluginAsyncZod>[0],
  {
    db,
    clock,
    secret,
    publicUrl,
    onCalendarChanged: announceChange = () => {},
    renders: givenRenders,
    database,
    versions: givenVersions,
    watchCache,
  }: CalendarsRoutesOptions,
) {
  const readToday = () => readIrishToday(clock());
  const context: CalendarsContext = { db, clock, secret, publicUrl, readToday };
  const requireUser = createRequireUser({ db, clock });
  const renders = givenRenders ?? createCalendarRenders({ host: new URL(publicUrl).host });
  if (!givenRenders) app.addHook("onClose", () => renders.close());
  const versions =
    givenVersions ??
    (database
      ? createRenderVersions(database, {
          onError: (error) =>
            logDatabaseFailure(app.log, error, "calendar render listener lost", "warn"),
        })
      : undefined);
  if (versions && !givenVersions) app.addHook("onClose", () => versions.close());
  if (versions) watchCache?.("render_versions", versions.describe);
  const feedCounts = createFeedFetchCounts({
    db,
    clock,
    rule: feedRateLimit,
    onError: (error) => app.log.warn({ err: error }, "feed fetch counts not written"),
  });
  app.addHook("onClose", () => feedCounts.close());

  /**
   * A calendar this node changed is dropped from memory as soon as the change has committed,
   * before the notification comes back (decision 705); other nodes drop it when it does.
   */
  const onCalendarChanged = (calendarId: number) => {
    versions?.drop([calendarId]);
    announceChange(calendarId);
  };
  const dropVersion = (calendarId: number) => versions?.drop([calendarId]);

  /**
   * The render version for a signed-in caller: from memory for the calendar's owner, else read
   * with the access check (a vet's access is always read: decision 705), and kept when current.
   */
  async function readUserVersion(key: { calendarId: number; userId: number }) {
    const cached = versions?.forOwner(key.calendarId, key.userId);
    if (cached) return cached;
    return readAndKeep(() => readCalendarRenderVersion(context, key));
  }

  async function readAndKeep(
    read: () => Promise<RenderVersion>,
    feedTokenHash?: string,
  ): Promise<RenderVersion> {
    if (!versions) return read();
    const ticket = versions.beginRead();
    let version: RenderVersion;
    try {
      version = await read();
    } catch (error) {
      versions.abandon(ticket);
      throw error;
    }
    versions.keep(ticket, version, feedTokenHash);
    return version;
  }

  return {
    context,
    readToday,
    requireUser,
    renders,
    versions,
    feedCounts,
    onCalendarChanged,
    dropVersion,
    readUserVersion,
    readAndKeep,
  };
}

export type CalendarRoutesContext = ReturnType<typeof createCalendarRoutesContext>;
