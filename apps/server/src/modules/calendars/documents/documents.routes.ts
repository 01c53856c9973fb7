import {
  ErrorBodySchema,
  ErrorCode,
  RegenerateFeedResponseSchema,
  calendarMessages,
  calendarPaths,
  parsePdfMonths,
} from "@vaxcal/contracts";
// The routes' `compress` option is @fastify/compress's (registered by app.ts).
import type {} from "@fastify/compress";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../../errors/app-error.ts";
import { readSession } from "../../../auth/authentication.ts";
import { matchesEntityTag } from "../../../http/entity-tag.ts";
import type { FastifyReply } from "fastify";
import { chooseEncoding } from "../../../http/encoded-body.ts";
import { ThrottledError } from "../../../errors/throttled-error.ts";
import { toCalendarKey } from "../calendars/calendar-access.ts";
import { tagEncoding } from "./calendar-renders.ts";
import { hashFeedToken } from "./calendar-feed-token.ts";
import {
  readCalendarRenderVersion,
  readCalendarSnapshot,
  regenerateFeed,
} from "./documents.service.ts";
import { errors, IdParamsSchema, type CalendarRoutesContext } from "../calendar-routes-context.ts";
import { renderCalendarPreviewSvg } from "./render-calendar-preview.ts";

const feedFilePattern = /^([A-Za-z0-9_-]+)\.ics$/;

/**
 * A saved calendar's documents (docs/product.md §7): the PDF, the SVG preview, the public
 * iCalendar feed and new feed links. Every route but the feed needs a login.
 */
export const calendarDocumentRoutes: FastifyPluginAsyncZod<CalendarRoutesContext> = async (
  app,
  {
    context,
    readToday,
    requireUser,
    renders,
    versions,
    feedCounts,
    dropVersion,
    readUserVersion,
    readAndKeep,
  },
) => {
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
        description:
          "application/pdf: the 12, 24 or 36 months from the current one (`?months=`, 12 when left out). Errors (400 for any other months, 401, 404) carry the usual error body.",
        params: IdParamsSchema,
        // Checked in the handler, for one clear message whatever came (`5`, `abc`, given twice).
        querystring: z.object({
          months: z.unknown().optional().describe("12, 24 or 36; 12 when left out"),
        }),
        // No response schema: the body is binary, which the JSON serializer must not touch.
      },
    },
    async (request, reply) => {
      const months = parsePdfMonths(request.query.months);
      if (months === null) {
        throw new AppError(ErrorCode.validation, calendarMessages.pdfMonthsInvalid, [
          { path: "query.months", message: calendarMessages.pdfMonthsInvalid },
        ]);
      }
      const key = toCalendarKey(request.params.id, readSession(request).userId);
      // The access check comes first: someone else's calendar is a 404, never cached bytes.
      const version = await readUserVersion(key);
      const today = readToday();
      // Personal details: never stored by a browser or proxy, but a client may revalidate.
      reply.header("cache-control", "private, no-store");
      const etag = renders.pdfTag(version, today, months);
      if (matchesEntityTag(request.headers["if-none-match"], etag)) {
        return reply.header("etag", etag).code(304).send(null);
      }
      const pdf = await renders.pdf(version, today, months, () =>
        readCalendarSnapshot(context, version),
      );
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
        description:
          "The calendar's owner only: a vet of the linked practice gets 403 and no links (issue 23, M1).",
        params: IdParamsSchema,
        response: { 200: RegenerateFeedResponseSchema, ...errors, 403: ErrorBodySchema },
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
