import { HealthSchema } from "@vaxcal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { isDatabaseReachable, type Database } from "../../db/database.ts";

type HealthRoutesOptions = { database: Database };

/** GET /api/health: 200 while the database answers, 503 when it does not (for load balancers). */
export const healthRoutes: FastifyPluginAsyncZod<HealthRoutesOptions> = async (
  app,
  { database },
) => {
  app.get(
    "/api/health",
    {
      schema: {
        tags: ["operations"],
        summary: "Whether the API and its database are up",
        response: { 200: HealthSchema, 503: HealthSchema },
      },
    },
    async (_request, reply) => {
      reply.header("cache-control", "no-store");
      if (await isDatabaseReachable(database)) {
        return { status: "ok" as const, database: "up" as const };
      }
      return reply.code(503).send({ status: "degraded", database: "down" });
    },
  );
};
