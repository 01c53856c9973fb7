import { timingSafeEqual } from "node:crypto";
import { ErrorCode } from "@vaxcal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { isDatabaseReachable, type Database } from "../../db/database.ts";
import { countPendingMigrations } from "../../db/migrate.ts";
import { AppError } from "../../errors/app-error.ts";
import type { Metrics } from "./metrics.ts";

type OperationsRoutesOptions = {
  database: Database;
  metrics: Metrics;
  /** The bearer token `/metrics` asks for; absent, `/metrics` is not served (404). */
  metricsToken: string | undefined;
};

const ReadySchema = z.object({
  status: z.enum(["ready", "not ready"]),
  database: z.enum(["up", "down"]),
  pendingMigrations: z.number().int().nullable(),
});

function isToken(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header ?? "");
  const expected = Buffer.from(`Bearer ${token}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * GET /api/ready: 200 once the database answers and has every migration this build expects,
 * else 503 (a load balancer sends no traffic to a node that is up but cannot serve). GET
 * /metrics: the Prometheus text, to a scraper holding METRICS_TOKEN.
 */
export const operationsRoutes: FastifyPluginAsyncZod<OperationsRoutesOptions> = async (
  app,
  { database, metrics, metricsToken },
) => {
  app.get(
    "/api/ready",
    {
      schema: {
        tags: ["operations"],
        summary: "Whether this node can serve: database reachable and migrations current",
        response: { 200: ReadySchema, 503: ReadySchema },
      },
    },
    async (_request, reply) => {
      reply.header("cache-control", "no-store");
      if (!(await isDatabaseReachable(database))) {
        return reply
          .code(503)
          .send({ status: "not ready", database: "down", pendingMigrations: null });
      }
      const pendingMigrations = await countPendingMigrations(database);
      const status = pendingMigrations === 0 ? "ready" : "not ready";
      return reply
        .code(pendingMigrations === 0 ? 200 : 503)
        .send({ status, database: "up", pendingMigrations });
    },
  );

  app.get("/metrics", { schema: { hide: true } }, async (request, reply) => {
    if (metricsToken === undefined) {
      throw new AppError(ErrorCode.notFound, "Not found.");
    }
    if (!isToken(request.headers.authorization, metricsToken)) {
      throw new AppError(ErrorCode.unauthorized, "The metrics need their token.");
    }
    reply.header("cache-control", "no-store");
    reply.type(metrics.registry.contentType);
    return metrics.registry.metrics();
  });
};
