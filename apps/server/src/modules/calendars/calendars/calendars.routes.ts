import {
  CalendarDetailSchema,
  ErrorBodySchema,
  ErrorCode,
  ListCalendarsQuerySchema,
  ListGivenShotsResponseSchema,
  RecordGivenShotRequestSchema,
  RecordGivenShotResponseSchema,
  ListCalendarsResponseSchema,
  RegenerateFeedResponseSchema,
  SubmitCalendarRequestSchema,
  SubmitCalendarResponseSchema,
  calendarLimits,
  calendarMessages,
  calendarPaths,
  deleteCalendarStatus,
  givenShotPaths,
  ApplyProtocolUpdateRequestSchema,
  ApplyProtocolUpdateResponseSchema,
  ListProtocolUpdatesResponseSchema,
  ProtocolUpdatePreviewSchema,
  protocolUpdatePaths,
} from "@vaxcal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Database, Db } from "../../../db/database.ts";
import { AppError } from "../../../errors/app-error.ts";
import { createRequireUser, readSession } from "../../../auth/authentication.ts";
import { matchesEntityTag } from "../../../http/entity-tag.ts";
import type { FastifyReply } from "fastify";
import { chooseEncoding } from "../../../http/encoded-body.ts";
import { readIrishToday, type Clock } from "../../../lib/clock.ts";
import { ThrottledError } from "../../../lib/rate-limit.ts";
import type { RateLimitRule } from "../../../lib/rate-limits.repository.ts";
import { toCalendarKey } from "./calendar-access.ts";
import {
  createCalendarRenders,
  tagEncoding,
  type CalendarRenders,
  type RenderVersion,
} from "../documents/calendar-renders.ts";
import { createFeedFetchCounts } from "../documents/feed-fetch-counts.ts";
import { createRenderVersions, type RenderVersions } from "../documents/render-versions.ts";
import { hashFeedToken } from "../documents/calendar-feed-token.ts";
import {
  createCalendar,
  deleteCalendar,
  listCalendars,
  readCalendarDetail,
  readCalendarRenderVersion,
  readCalendarSnapshot,
  regenerateFeed,
  updateCalendar,
  type CalendarsContext,
} from "./calendars.service.ts";
import {
  listGivenShots,
  recordGivenShot,
  undoGivenShot,
} from "../given-shots/given-shots.service.ts";
import {
  applyProtocolUpdate,
  listProtocolUpdates,
  previewProtocolUpdate,
} from "../protocol-updates/protocol-updates.service.ts";
import { renderCalendarPreviewSvg } from "../documents/render-calendar-preview.ts";

export type { RenderVersions } from "../documents/render-versions.ts";

export type CalendarsRoutesOptions = {
  db: Db;
  clock: Clock;
  /** The signing key (APP_SECRET, else the per-install key): derives each calendar's feed token. */
  secret: string;
  publicUrl: string;
  /**
   * Told after a calendar's save, edit or delete has committed, so its reminders are planned
   * again (src/jobs); it must not throw.
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
};

// Far more than 200 shots with long custom names need; anything bigger is refused before parsing.
const submitBodyLimitBytes = 2 * 1024 * 1024;
const feedFilePattern = /^([A-Za-z0-9_-]+)\.ics$/;

const feedRateLimit = {
  name: "calendar-feed",
  limit: calendarLimits.feedFetchesPerHour,
  windowMs: 60 * 60 * 1000,
} as const satisfies RateLimitRule;

const IdParamsSchema = z.object({ id: z.string().max(20) });
const GivenShotParamsSchema = IdParamsSchema.extend({ shotId: z.string().max(80) });
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema };

/**
 * Saved calendars (docs/product.md §2, §3, §7): save, list, open, delete, download, preview and the
 * feed. Every route but the feed needs a login; every route that names a calendar goes through
 * `requireAccessibleCalendar`, so someone else's calendar answers 404 like a missing one.
 */
export const calendarsRoutes: FastifyPluginAsyncZod<CalendarsRoutesOptions> = async (
  app,
  {
    db,
    clock,
    secret,
    publicUrl,
    onCalendarChanged: announceChange = () => {},
    renders: givenRenders,
    database,
    versions: givenVersions,
  },
) => {
  const readToday = () => readIrishToday(clock());
  const context: CalendarsContext = { db, clock, secret, publicUrl, readToday };
  const requireUser = createRequireUser({ db, clock });
  const renders = givenRenders ?? createCalendarRenders({ host: new URL(publicUrl).host });
  if (!givenRenders) app.addHook("onClose", () => renders.close());
  const versions =
    givenVersions ??
    (database
      ? createRenderVersions(database, {
          onError: (error) => app.log.warn({ err: error }, "calendar render listener lost"),
        })
      : undefined);
  if (versions && !givenVersions) app.addHook("onClose", () => versions.close());
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

  app.post(
    calendarPaths.create,
    {
      onRequest: requireUser,
      bodyLimit: submitBodyLimitBytes,
      schema: {
        tags: ["calendars"],
        summary: "Save a new calendar (docs/product.md §3 submit payload, action create)",
        body: SubmitCalendarRequestSchema,
        response: { 201: SubmitCalendarResponseSchema, ...errors, 413: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const calendar = await createCalendar(context, readSession(request).userId, request.body);
      onCalendarChanged(calendar.id);
      return reply.code(201).send({ calendar });
    },
  );

  app.put(
    calendarPaths.update,
    {
      onRequest: requireUser,
      bodyLimit: submitBodyLimitBytes,
      schema: {
        tags: ["calendars"],
        summary: "Replace a saved calendar (docs/product.md §3 submit payload, action update)",
        params: IdParamsSchema,
        body: SubmitCalendarRequestSchema,
        response: { 200: SubmitCalendarResponseSchema, ...errors, 413: ErrorBodySchema },
      },
    },
    async (request) => {
      const key = toCalendarKey(request.params.id, readSession(request).userId);
      const calendar = await updateCalendar(context, key, request.body);
      onCalendarChanged(key.calendarId);
      return { calendar };
    },
  );

  app.get(
    calendarPaths.list,
    {
      onRequest: requireUser,
      schema: {
        tags: ["calendars"],
        summary:
          "One page of the signed-in user's calendars, newest first (docs/product.md §3 listing)",
        description:
          "Keyset paging (decision 703): `limit` 1 to 50, default 20; `cursor` is the previous page's `nextCursor`, opaque; no cursor is the first page. `nextCursor` is null on the last page. A cursor that cannot be read answers 400. Calendars saved or deleted between pages neither repeat nor skip one already listed.",
        querystring: ListCalendarsQuerySchema,
        response: { 200: ListCalendarsResponseSchema, 400: ErrorBodySchema, 401: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return listCalendars(context, readSession(request).userId, request.query);
    },
  );

  app.get(
    calendarPaths.detail,
    {
      onRequest: requireUser,
      schema: {
        tags: ["calendars"],
        summary:
          "A saved calendar: calendarId, setup and diseases with their shots derived from the saved plan",
        params: IdParamsSchema,
        response: { 200: CalendarDetailSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      const key = toCalendarKey(request.params.id, readSession(request).userId);
      return readCalendarDetail(context, key);
    },
  );

  app.delete(
    calendarPaths.remove,
    {
      onRequest: requireUser,
      schema: {
        tags: ["calendars"],
        summary: "Delete a saved calendar, its shots and its feed",
        params: IdParamsSchema,
        response: { [deleteCalendarStatus]: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const key = toCalendarKey(request.params.id, readSession(request).userId);
      await deleteCalendar(context, key);
      onCalendarChanged(key.calendarId);
      return reply.code(deleteCalendarStatus).send(null);
    },
  );

  app.get(
    calendarPaths.download,
    {
      onRequest: requireUser,
      // A PDF's streams are deflated already and a GET has no body: no compression hooks.
      compress: false,
      decompress: false,
      schema: {
        tags: ["calendars"],
        summary: "The calendar as a printable PDF (A4 landscape), saved as calendar-{id}.pdf",
        description: "application/pdf. Errors (401, 404) carry the usual error body.",
        params: IdParamsSchema,
        // No response schema: the body is binary, which the JSON serializer must not touch.
      },
    },
    async (request, reply) => {
      const key = toCalendarKey(request.params.id, readSession(request).userId);
      // The access check comes first: someone else's calendar is a 404, never cached bytes.
      const version = await readUserVersion(key);
      const today = readToday();
      // Personal details: never stored by a browser or proxy, but a client may revalidate.
      reply.header("cache-control", "private, no-store");
      const etag = renders.pdfTag(version, today);
      if (matchesEntityTag(request.headers["if-none-match"], etag)) {
        return reply.header("etag", etag).code(304).send(null);
      }
      const pdf = await renders.pdf(version, today, () => readCalendarSnapshot(context, version));
      return reply
        .header("etag", pdf.etag)
        .header("content-disposition", `attachment; filename="calendar-${version.calendarId}.pdf"`)
        .type("application/pdf")
        .send(pdf.body);
    },
  );

  app.get(
    calendarPaths.preview,
    {
      onRequest: requireUser,
      schema: {
        tags: ["calendars"],
        summary: "The calendar's SVG thumbnail (needs the bearer token: show it from a blob URL)",
        params: IdParamsSchema,
        response: { 200: z.string(), 304: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const key = toCalendarKey(request.params.id, readSession(request).userId);
      // The version (from memory, or one read) answers a revalidation (My Calendars shows a page
      // of them); the document only when the preview changed: any printed row, or the month.
      const version = await readUserVersion(key);
      const today = readToday();
      const etag = renders.previewTag(version, today);
      reply.header("cache-control", "private, no-cache").header("etag", etag);
      if (matchesEntityTag(request.headers["if-none-match"], etag)) {
        return reply.code(304).send(null);
      }
      // Version and document from one snapshot, so the tag names exactly what is drawn.
      const snapshot = await readCalendarSnapshot(context, version);
      return reply
        .header("etag", renders.previewTag(snapshot.version, today))
        .type("image/svg+xml; charset=utf-8")
        .send(renderCalendarPreviewSvg(snapshot.document, today));
    },
  );

  app.post(
    calendarPaths.regenerateFeed,
    {
      onRequest: requireUser,
      schema: {
        tags: ["calendars"],
        summary: "New secret feed links; the old ones stop working",
        params: IdParamsSchema,
        response: { 200: RegenerateFeedResponseSchema, ...errors },
      },
    },
    async (request) => {
      const key = toCalendarKey(request.params.id, readSession(request).userId);
      const answer = await regenerateFeed(context, key);
      dropVersion(key.calendarId);
      return answer;
    },
  );

  app.get(
    givenShotPaths.list,
    {
      onRequest: requireUser,
      schema: {
        tags: ["calendars"],
        summary: "The calendar's shots marked as given (decision 403), by planned date",
        params: IdParamsSchema,
        response: { 200: ListGivenShotsResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return listGivenShots(context, toCalendarKey(request.params.id, readSession(request).userId));
    },
  );

  app.put(
    givenShotPaths.one,
    {
      onRequest: requireUser,
      schema: {
        tags: ["calendars"],
        summary: "Mark one dated shot of the saved plan as given, or correct its record",
        description:
          "shotId is the engine's id: the first occurrence's, or `{first}~{cycle}` for a copy. givenOn defaults to the planned date (today if that is later); it may not be after today nor more than a year from the planned date.",
        params: GivenShotParamsSchema,
        body: RecordGivenShotRequestSchema,
        response: { 200: RecordGivenShotResponseSchema, ...errors },
      },
    },
    async (request) => {
      const key = toCalendarKey(request.params.id, readSession(request).userId);
      const givenShot = await recordGivenShot(context, key, request.params.shotId, request.body);
      dropVersion(key.calendarId);
      return { givenShot };
    },
  );

  app.delete(
    givenShotPaths.one,
    {
      onRequest: requireUser,
      schema: {
        tags: ["calendars"],
        summary: "Undo: the shot is no longer marked as given",
        params: GivenShotParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const key = toCalendarKey(request.params.id, readSession(request).userId);
      await undoGivenShot(context, key, request.params.shotId);
      dropVersion(key.calendarId);
      return reply.code(204).send(null);
    },
  );

  app.get(
    protocolUpdatePaths.list,
    {
      onRequest: requireUser,
      schema: {
        tags: ["calendars"],
        summary:
          "The signed-in user's calendars whose vaccine schedule changed since they were saved (decision 405)",
        response: { 200: ListProtocolUpdatesResponseSchema, 401: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return listProtocolUpdates(context, readSession(request).userId);
    },
  );

  app.get(
    protocolUpdatePaths.one,
    {
      onRequest: requireUser,
      schema: {
        tags: ["calendars"],
        summary:
          "What today's protocol would change on a saved calendar: shots moved, changed, added, removed, or kept (decision 405)",
        description:
          "Empty changes and a null token: the calendar follows the current protocol. Send the token to the POST to apply exactly this difference.",
        params: IdParamsSchema,
        response: { 200: ProtocolUpdatePreviewSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      const key = toCalendarKey(request.params.id, readSession(request).userId);
      return previewProtocolUpdate(context, key);
    },
  );

  app.post(
    protocolUpdatePaths.one,
    {
      onRequest: requireUser,
      schema: {
        tags: ["calendars"],
        summary: "Update a saved calendar to the current protocol, as previewed (decision 405)",
        description:
          "409 when there is nothing to update, or when the calendar or the protocol changed since the preview (its token no longer matches).",
        params: IdParamsSchema,
        body: ApplyProtocolUpdateRequestSchema,
        response: { 200: ApplyProtocolUpdateResponseSchema, ...errors, 409: ErrorBodySchema },
      },
    },
    async (request) => {
      const key = toCalendarKey(request.params.id, readSession(request).userId);
      const answer = await applyProtocolUpdate(context, key, request.body.token);
      onCalendarChanged(key.calendarId);
      return answer;
    },
  );

  app.get(
    "/api/calendars/feed/:file",
    {
      // The feed carries its own encodings (made once per version), and a GET has no body to
      // inflate: skipping @fastify/compress's hooks saves work on every fetch (decision 705).
      compress: false,
      decompress: false,
      schema: {
        tags: ["calendars"],
        summary: "The calendar's iCalendar feed (public: the secret token in the path is the key)",
        description:
          "One all-day event per first occurrence, repeating every N years by RRULE for a recurring shot, each with a reminder 7 days before. Subscribe with the calendar's feedUrls (Google, Apple via webcal, Outlook).",
        params: z.object({ file: z.string().max(100) }),
        response: { 200: z.string(), 304: z.null(), 404: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const token = feedFilePattern.exec(request.params.file)?.[1];
      const feedTokenHash = token === undefined ? null : hashFeedToken(token);
      if (feedTokenHash === null) {
        throw new AppError(ErrorCode.notFound, calendarMessages.notFound);
      }
      const version =
        versions?.forFeedToken(feedTokenHash) ??
        (await readAndKeep(
          () => readCalendarRenderVersion(context, { feedTokenHash }),
          feedTokenHash,
        ));
      // Counted per token once it is known to exist, so made-up tokens write nothing. Counted in
      // memory and written every few seconds, without waiting for the disk (decision 705).
      const counted = await feedCounts.count(feedTokenHash);
      if (!counted.isAllowed) {
        throw new ThrottledError(counted.retryAfterSeconds, calendarMessages.feedTooManyRequests);
      }
      reply
        .header("cache-control", "private, max-age=900")
        .header("x-robots-tag", "noindex")
        .header("vary", "accept-encoding");
      const feed = await renders.feed(version, () => readCalendarSnapshot(context, version));
      // The schema's string is the feed's text; its bytes go out as they are: UTF-8, or the
      // Brotli or gzip made once when it was rendered (decision 704), never again per fetch.
      // Each encoding is its own strong ETag, so a revalidation names the bytes it holds.
      const encoding = chooseEncoding(request.headers["accept-encoding"], feed.encoded);
      const etag = tagEncoding(feed.etag, encoding);
      if (matchesEntityTag(request.headers["if-none-match"], etag)) {
        return reply.header("etag", etag).code(304).send(null);
      }
      const bytes = reply as FastifyReply;
      bytes.header("etag", etag).type("text/calendar; charset=utf-8");
      if (!encoding) return bytes.send(feed.body);
      return bytes.header("content-encoding", encoding).send(feed.encoded[encoding]);
    },
  );
};

/**
 * The PDF a calendar's owner downloads, for the reminder e-mails' attachment (src/jobs): the same
 * document, access rule and renderer as the download route. Null for a calendar that is gone.
 */
export function createCalendarPdfReader({
  db,
  clock,
  secret,
  publicUrl,
}: Omit<CalendarsRoutesOptions, "onCalendarChanged">) {
  const readToday = () => readIrishToday(clock());
  const context: CalendarsContext = { db, clock, secret, publicUrl, readToday };
  // One thread: the e-mails' PDFs are background work, and each thread holds its own fonts.
  const renders = createCalendarRenders({ host: new URL(publicUrl).host, maxThreads: 1 });
  return {
    read: async (calendarId: number, ownerId: number): Promise<Buffer | null> => {
      try {
        const version = await readCalendarRenderVersion(context, { calendarId, userId: ownerId });
        const pdf = await renders.pdf(version, readToday(), () =>
          readCalendarSnapshot(context, version),
        );
        return pdf.body;
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 404) return null;
        throw error;
      }
    },
    close: () => renders.close(),
  };
}
