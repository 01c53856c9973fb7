import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform } from "fastify-type-provider-zod";

export const apiDocsPath = "/api/docs";

/**
 * OpenAPI generated from the routes' zod schemas, browsable at /api/docs unless `serveDocs` is
 * off (production without API_DOCS=true: the map of every route is no public page there).
 * Register it before the modules so that every route is documented.
 */
export async function registerOpenApi(
  app: FastifyInstance,
  { serveDocs }: { serveDocs: boolean },
): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: "VaxCal API",
        description:
          "Vaccination calendars for Irish cattle and sheep farms. Every failure answers with `{ error: { code, message, issues? } }`.",
        version: "0.1.0",
      },
    },
    transform: jsonSchemaTransform,
  });
  if (!serveDocs) return;
  await app.register(swaggerUi, {
    routePrefix: apiDocsPath,
    uiConfig: { validatorUrl: null },
    // Swagger UI injects style elements at run time, so its pages alone allow inline styles.
    staticCSP: [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data:",
      "object-src 'none'",
      "base-uri 'self'",
      "frame-ancestors 'none'",
    ].join("; "),
  });
}
