import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  createCalendarRoutesContext,
  type CalendarsRoutesOptions,
} from "./calendar-routes-context.ts";
import { savedCalendarRoutes } from "./calendars/calendars.routes.ts";
import { calendarDocumentRoutes } from "./documents/documents.routes.ts";
import { givenShotRoutes } from "./given-shots/given-shots.routes.ts";
import { protocolUpdateRoutes } from "./protocol-updates/protocol-updates.routes.ts";

/**
 * Saved calendars (docs/product.md §2, §3, §7), one routes file per resource: the calendars
 * (save, list, open, delete), their documents (PDF, preview, feed), given shots and protocol
 * updates, sharing one set of renders, render versions and feed counters.
 */
export const calendarsRoutes: FastifyPluginAsyncZod<CalendarsRoutesOptions> = async (
  app,
  options,
) => {
  const shared = createCalendarRoutesContext(app, options);
  await app.register(savedCalendarRoutes, shared);
  await app.register(calendarDocumentRoutes, shared);
  await app.register(givenShotRoutes, shared);
  await app.register(protocolUpdateRoutes, shared);
};
