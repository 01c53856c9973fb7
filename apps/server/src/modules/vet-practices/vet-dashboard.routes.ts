import {
  DoseDueWeekParamsSchema,
  DoseDueWeekSchema,
  DosesDueSummarySchema,
  ErrorBodySchema,
  ErrorCode,
  PracticeDigestSettingSchema,
  UpdatePracticeDigestRequestSchema,
  vetPracticeMessages,
  type DoseDueWeek,
  type DosesDueSummary,
  VetDashboardSchema,
  vetPracticePaths,
} from "@vaxcal/contracts";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AppError } from "../../errors/app-error.ts";
import { z } from "zod";
import { createRequireUser, readSession } from "../../auth/authentication.ts";
import { requireVetMembership } from "./vet-membership.ts";
import type { Db } from "../../db/database.ts";
import type { WatchCache } from "../../lib/cache-report.ts";
import { readIrishToday, type Clock } from "../../lib/clock.ts";
import {
  createDosesDueReader,
  readDigestSetting,
  updateDigestSetting,
  encodeJson,
  readDosesDueWeek,
  type EncodedJson,
  readVetDashboard,
  renderDosesDueCsv,
  type VetDashboardContext,
} from "./vet-dashboard.service.ts";

type VetDashboardRoutesOptions = { db: Db; clock: Clock; watchCache?: WatchCache };

const errors = { 401: ErrorBodySchema, 404: ErrorBodySchema, 500: ErrorBodySchema };

/**
 * The vet dashboard (docs/product.md D3, decision 501): a practice's linked farmers with their
 * calendars, and the doses due across them. Every call reads the caller's membership again, so a
 * removed vet or an unlinked farmer is gone from the next answer. The calendars themselves are
 * opened, edited and downloaded through the calendars module, under its owner-or-linked-vet rule.
 */
export const vetDashboardRoutes: FastifyPluginAsyncZod<VetDashboardRoutesOptions> = async (
  app,
  { db, clock, watchCache },
) => {
  const context: VetDashboardContext = { db, clock, readToday: () => readIrishToday(clock()) };
  const requireUser = createRequireUser({ db, clock });
  const readDosesDue = createDosesDueReader(context);
  watchCache?.("doses_due", readDosesDue.describe);
  const tags = ["vet practices"];

  app.get(
    vetPracticePaths.dashboard,
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: "The caller's practice and its linked farmers, each with their calendars",
        response: { 200: VetDashboardSchema, ...errors },
      },
    },
    async (request) =>
      readVetDashboard(context, await requireVetMembership(db, readSession(request).userId)),
  );

  function sendEncoded(request: FastifyRequest, reply: FastifyReply, answer: EncodedJson) {
    // The cached answer goes out as it was made: already checked, serialised and compressed.
    const { body, encoding } = encodeJson(answer, request.headers["accept-encoding"]);
    reply
      .header("content-type", "application/json; charset=utf-8")
      .header("vary", "accept-encoding");
    if (encoding) reply.header("content-encoding", encoding);
    return reply.send(body);
  }

  app.get(
    vetPracticePaths.dosesDue,
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: "The next 8 weeks by week then vaccine, with dose totals (no shots)",
        response: { 200: DosesDueSummarySchema, ...errors },
      },
    },
    async (request, reply) => {
      const answer = await readDosesDue(
        await requireVetMembership(db, readSession(request).userId),
      );
      return sendEncoded(request, reply, answer.summary) as unknown as DosesDueSummary;
    },
  );

  app.get(
    vetPracticePaths.dosesDueWeek,
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: "One week of the doses due with every shot, its farm and a link to its calendar",
        params: DoseDueWeekParamsSchema,
        response: { 200: DoseDueWeekSchema, ...errors },
      },
    },
    async (request, reply) => {
      const answer = await readDosesDue(
        await requireVetMembership(db, readSession(request).userId),
      );
      const week = readDosesDueWeek(answer, request.params.weekStart);
      if (!week) throw new AppError(ErrorCode.notFound, vetPracticeMessages.weekNotFound);
      return sendEncoded(request, reply, week) as unknown as DoseDueWeek;
    },
  );

  app.get(
    vetPracticePaths.digest,
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: "Whether the practice gets the weekly digest of doses due (manager only)",
        response: { 200: PracticeDigestSettingSchema, ...errors },
      },
    },
    async (request) => {
      const membership = await requireVetMembership(db, readSession(request).userId, {
        isManagerOnly: true,
      });
      return readDigestSetting(context, membership.practiceId);
    },
  );

  app.put(
    vetPracticePaths.digest,
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: "Turn the weekly digest of doses due on or off (manager only)",
        body: UpdatePracticeDigestRequestSchema,
        response: { 200: PracticeDigestSettingSchema, 400: ErrorBodySchema, ...errors },
      },
    },
    async (request) => {
      const membership = await requireVetMembership(db, readSession(request).userId, {
        isManagerOnly: true,
      });
      return updateDigestSetting(context, membership.practiceId, request.body.digest_emails);
    },
  );

  app.get(
    vetPracticePaths.dosesDueCsv,
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: "The doses due as CSV, one row per shot, for ordering stock",
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const membership = await requireVetMembership(db, readSession(request).userId);
      const dosesDue = (await readDosesDue(membership)).value;
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="doses-due-${dosesDue.from}.csv"`)
        .send(renderDosesDueCsv(dosesDue));
    },
  );
};
