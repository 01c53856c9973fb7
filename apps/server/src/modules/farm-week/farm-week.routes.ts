import {
  ErrorBodySchema,
  FarmWeekQuerySchema,
  FarmWeekResponseSchema,
  farmWeekPaths,
} from "@vaxcal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { createRequireUser, readSession } from "../../auth/authentication.ts";
import type { Db } from "../../db/database.ts";
import type { Clock } from "../../lib/clock.ts";
import { readFarmWeek } from "./farm-week.service.ts";

type FarmWeekRoutesOptions = { db: Db; clock: Clock };

/** "This week on the farm" (decision 603): the signed-in farmer's own shots due, across calendars. */
export const farmWeekRoutes: FastifyPluginAsyncZod<FarmWeekRoutesOptions> = async (
  app,
  { db, clock },
) => {
  const requireUser = createRequireUser({ db, clock });
  app.get(
    farmWeekPaths.list,
    {
      onRequest: requireUser,
      schema: {
        tags: ["calendars"],
        summary:
          "This week on the farm: the caller's own shots overdue, due this week and in the next 8 weeks, across their calendars, with the reminders that will go",
        querystring: FarmWeekQuerySchema,
        description:
          "Owner-only: only the caller's own calendars, never a linked client's. `weeks` 1 to 8 (default 8) after this week (Monday to Sunday, Irish time); overdue shots of the last 8 weeks; at most 200 items, `truncated` when more were due. Shots marked as given are left out. Each reminder is `planned` (09:00 Irish time, 7 days before) or `sent` (from the ledger).",
        response: { 200: FarmWeekResponseSchema, 400: ErrorBodySchema, 401: ErrorBodySchema },
      },
    },
    async (request) =>
      readFarmWeek({ db, clock }, readSession(request).userId, request.query.weeks),
  );
};
