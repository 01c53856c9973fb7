import {
  ErrorBodySchema,
  ListGivenShotsResponseSchema,
  RecordGivenShotRequestSchema,
  RecordGivenShotResponseSchema,
  givenShotPaths,
} from "@vaxcal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { readSession } from "../../../auth/authentication.ts";
import { toCalendarKey } from "../calendars/calendar-access.ts";
import { errors, IdParamsSchema, type CalendarRoutesContext } from "../calendar-routes-context.ts";
import { listGivenShots, recordGivenShot, undoGivenShot } from "./given-shots.service.ts";

const GivenShotParamsSchema = IdParamsSchema.extend({ shotId: z.string().max(80) });

/** The shots of a saved calendar marked as given (decision 403): list, record, undo. */
export const givenShotRoutes: FastifyPluginAsyncZod<CalendarRoutesContext> = async (
  app,
  { context, requireUser, dropVersion },
) => {
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
          "shotId is the engine's id: the first occurrence's, or `{first}~{cycle}` for a copy. givenOn defaults to the planned date (today if that is later); it may not be after today nor more than a year from the planned date. With `If-None-Match: *` it only ever adds a record: a shot already marked as given answers 409 and keeps its record (decision 603).",
        params: GivenShotParamsSchema,
        body: RecordGivenShotRequestSchema,
        response: { 200: RecordGivenShotResponseSchema, 409: ErrorBodySchema, ...errors },
      },
    },
    async (request) => {
      const key = toCalendarKey(request.params.id, readSession(request).userId);
      const givenShot = await recordGivenShot(context, key, request.params.shotId, request.body, {
        onlyIfNew: request.headers["if-none-match"] === "*",
      });
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
};
