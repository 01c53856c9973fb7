import { createHash } from "node:crypto";
import {
  ErrorBodySchema,
  ErrorCode,
  ScopedDiseasesQuerySchema,
  ScopedDiseasesResponseSchema,
  referenceLists,
  scopedDiseasesQueryKeys,
} from "@vaxcal/contracts";
import { renderVaccineBadgeSvg } from "@vaxcal/reference-data";
import type { FastifyInstance } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { IncomingMessage } from "node:http";
import { z } from "zod";
import type { Database } from "../../db/database.ts";
import { AppError } from "../../errors/app-error.ts";
import { readIrishToday, type Clock } from "../../lib/clock.ts";
import { createVaccinesRepository } from "../reference/index.ts";
import { createCalendarBuilderRepository } from "./calendar-builder.repository.ts";
import { listScopedDiseases } from "./list-scoped-diseases.ts";

type CalendarBuilderRoutesOptions = {
  database: Database;
  /** The shots are laid out from today's date in Ireland by this clock. */
  clock: Clock;
  /** Signs the columns' protocol stamps (decision 405), as the save checks them. */
  secret: string;
};

/**
 * GET /api/diseases is two calls in docs/product.md §7: without a query it is the reference list
 * (served by the reference module), with one it is the animal's scoped diseases. A router
 * constraint tells them apart before either handler runs, so neither module needs to know about the
 * other: a request whose query names any scoped key gets this module's route, every other one falls
 * through to the reference list.
 */
const scopedQueryConstraint = {
  name: "scopedDiseasesQuery",
  value: "scoped",
} as const;

type ConstraintStrategy = Parameters<FastifyInstance["addConstraintStrategy"]>[0];
type RouteHandler = NonNullable<ReturnType<ReturnType<ConstraintStrategy["storage"]>["get"]>>;

const badgeFilePattern = /^[a-z0-9-]+\.svg$/;
// Badges change when an admin renames a vaccine or changes its colour, and the change must show
// at once (decision 701): browsers keep a badge but revalidate it with its ETag, a digest of the SVG.
const badgeCacheControl = "public, no-cache";

/** The calendar builder's API: the scoped diseases call and the vaccines' generated badges. */
export const calendarBuilderRoutes: FastifyPluginAsyncZod<CalendarBuilderRoutesOptions> = async (
  app,
  { database, clock, secret },
) => {
  const vaccinesRepository = createVaccinesRepository(database.db);
  const calendarBuilderRepository = createCalendarBuilderRepository(database.db);

  if (!app.hasConstraintStrategy(scopedQueryConstraint.name)) {
    app.addConstraintStrategy({
      name: scopedQueryConstraint.name,
      mustMatchWhenDerived: false,
      storage() {
        const handlers = new Map<unknown, RouteHandler>();
        return {
          get: (value: unknown) => handlers.get(value) ?? null,
          set: (value: unknown, handler: RouteHandler) => void handlers.set(value, handler),
        };
      },
      deriveConstraint: (request: IncomingMessage) =>
        hasScopedQuery(request.url) ? scopedQueryConstraint.value : undefined,
    });
  }

  app.get(
    referenceLists.diseases.path,
    {
      constraints: { [scopedQueryConstraint.name]: scopedQueryConstraint.value },
      schema: {
        tags: ["calendar builder"],
        summary:
          "The diseases of one animal, enterprise and season, with their vaccines, rules and computed shots",
        description:
          "docs/product.md §7. With no query this path is the reference list of all diseases. Shots are computed by the schedule engine from birthDate and breedingDate; adults need breedingDate, every animal but the ram birthDate.",
        querystring: ScopedDiseasesQuerySchema,
        response: { 200: ScopedDiseasesResponseSchema, 400: ErrorBodySchema, 500: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      // The shots depend on today's date and the farmer's dates: never reuse an answer.
      reply.header("cache-control", "no-store");
      return listScopedDiseases(request.query, {
        calendarBuilderRepository,
        vaccinesRepository,
        today: readIrishToday(clock()),
        secret,
      });
    },
  );

  app.get(
    "/vaccine-badges/:file",
    {
      schema: {
        tags: ["calendar builder"],
        summary: "A vaccine's generated badge (its logo_url): initials on its accent colour",
        params: z.object({ file: z.string() }),
      },
    },
    async (request, reply) => {
      const { file } = request.params;
      const vaccines = badgeFilePattern.test(file) ? await vaccinesRepository.listVaccines() : [];
      const vaccine = vaccines.find(
        (candidate) => candidate.logo_url === `/vaccine-badges/${file}`,
      );
      if (vaccine === undefined)
        throw new AppError(ErrorCode.notFound, "No vaccine has this badge.");
      const svg = renderVaccineBadgeSvg(vaccine);
      const entityTag = `"${createHash("sha256").update(svg).digest("base64url").slice(0, 27)}"`;
      reply.header("cache-control", badgeCacheControl).header("etag", entityTag);
      if (request.headers["if-none-match"] === entityTag) return reply.code(304).send();
      return reply.type("image/svg+xml; charset=utf-8").send(svg);
    },
  );
};

function hasScopedQuery(url: string | undefined): boolean {
  const queryStart = url?.indexOf("?") ?? -1;
  if (url === undefined || queryStart === -1) return false;
  const query = new URLSearchParams(url.slice(queryStart + 1));
  return scopedDiseasesQueryKeys.some((key) => query.has(key));
}
