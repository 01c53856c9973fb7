import {
  ErrorBodySchema,
  ApplyProtocolUpdateRequestSchema,
  ApplyProtocolUpdateResponseSchema,
  ListProtocolUpdatesResponseSchema,
  ProtocolUpdatePreviewSchema,
  protocolUpdatePaths,
} from "@vaxcal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { readSession } from "../../../auth/authentication.ts";
import { toCalendarKey } from "../calendars/calendar-access.ts";
import { errors, IdParamsSchema, type CalendarRoutesContext } from "../calendar-routes-context.ts";
import {
  applyProtocolUpdate,
  listProtocolUpdates,
  previewProtocolUpdate,
} from "./protocol-updates.service.ts";

/** Saved calendars whose vaccine schedule changed since they were saved (decision 405). */
export const protocolUpdateRoutes: FastifyPluginAsyncZod<CalendarRoutesContext> = async (
  app,
  { context, requireUser, onCalendarChanged },
) => {
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
};
