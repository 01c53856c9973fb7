import {
  CalendarDetailSchema,
  ErrorBodySchema,
  ListCalendarsQuerySchema,
  ListCalendarsResponseSchema,
  SubmitCalendarRequestSchema,
  SubmitCalendarResponseSchema,
  calendarLimits,
  calendarPaths,
  deleteCalendarStatus,
} from "@vaxcal/contracts";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { readSession } from "../../../auth/authentication.ts";
import { enforceRateLimit } from "../../../rate-limits/rate-limit.ts";
import type { RateLimitRule } from "../../../rate-limits/rate-limits.repository.ts";
import { toCalendarKey } from "./calendar-access.ts";
import {
  createCalendar,
  deleteCalendar,
  listCalendars,
  readCalendarDetail,
  updateCalendar,
} from "./calendars.service.ts";
import { errors, IdParamsSchema, type CalendarRoutesContext } from "../calendar-routes-context.ts";

/** New and replaced calendars together, per account (security round 3, H1). */
const saveRateLimit = {
  name: "calendar-save",
  limit: calendarLimits.savesPerMinute,
  windowMs: 60_000,
} as const satisfies RateLimitRule;

/**
 * Saved calendars (docs/product.md §2, §3): save, list, open and delete. Every route needs a login
 * and names a calendar through `requireAccessibleCalendar`, so someone else's calendar answers 404.
 */
export const savedCalendarRoutes: FastifyPluginAsyncZod<CalendarRoutesContext> = async (
  app,
  { context, requireUser, onCalendarChanged },
) => {
  /**
   * Counted after the login and before the body is checked, so invalid saves count too: a
   * script sending the largest invalid saves is stopped after a minute's allowance.
   */
  const limitSaves = async (request: FastifyRequest) => {
    await enforceRateLimit(context, saveRateLimit, String(readSession(request).userId));
  };

  app.post(
    calendarPaths.create,
    {
      onRequest: requireUser,
      preValidation: limitSaves,
      bodyLimit: calendarLimits.saveBodyBytes,
      schema: {
        tags: ["calendars"],
        summary: "Save a new calendar (docs/product.md §3 submit payload, action create)",
        body: SubmitCalendarRequestSchema,
        response: {
          201: SubmitCalendarResponseSchema,
          ...errors,
          413: ErrorBodySchema,
          429: ErrorBodySchema,
        },
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
      preValidation: limitSaves,
      bodyLimit: calendarLimits.saveBodyBytes,
      schema: {
        tags: ["calendars"],
        summary: "Replace a saved calendar (docs/product.md §3 submit payload, action update)",
        params: IdParamsSchema,
        body: SubmitCalendarRequestSchema,
        response: {
          200: SubmitCalendarResponseSchema,
          ...errors,
          // Decision 424: saved since the version the save was made on.
          409: ErrorBodySchema,
          413: ErrorBodySchema,
          429: ErrorBodySchema,
        },
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
};
