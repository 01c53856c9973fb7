import { randomBytes } from "node:crypto";
import { constants as zlibConstants } from "node:zlib";
import compress from "@fastify/compress";
import rateLimit from "@fastify/rate-limit";
import { ErrorCode } from "@vaxcal/contracts";
import Fastify, { type FastifyInstance } from "fastify";
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import { NodeEnv, type Config } from "./config.ts";
import type { Database } from "./db/database.ts";
import { AppError } from "./errors/app-error.ts";
import { installErrorHandler } from "./errors/error-handler.ts";
import { toFastifyTrustProxy } from "./http/client-address.ts";
import { answerClientError, answerFrameworkError } from "./http/framework-errors.ts";
import { buildLoggingOptions } from "./http/logging.ts";
import { preventApiCaching } from "./http/no-store.ts";
import { registerOpenApi } from "./http/openapi.ts";
import { registerSecurityHeaders } from "./http/security.ts";
import { serveWebApp } from "./http/web-app.ts";
import { accountsRoutes } from "./modules/accounts/accounts.routes.ts";
import { calendarBuilderRoutes } from "./modules/calendar-builder/calendar-builder.routes.ts";
import { calendarsRoutes } from "./modules/calendars/calendars.routes.ts";
import { healthRoutes } from "./modules/health/health.routes.ts";
import type { Clock } from "./modules/outbox/message-outbox.ts";
import { createMessaging } from "./modules/outbox/messaging.ts";
import { outboxRoutes } from "./modules/outbox/outbox.routes.ts";
import { referenceRoutes } from "./modules/reference/reference.routes.ts";

/** Everything the app needs from outside; tests pass their own database. */
export type AppDependencies = {
  config: Config;
  database: Database;
  /** What "now" is for expiry and throttles; tests pass one they move by hand. */
  clock?: Clock;
};

// Fastify's default is also 1 MiB; stated here because the error handler promises a 413 above it.
const bodyLimitBytes = 1024 * 1024;

/**
 * Builds the whole HTTP app and never listens: `server.ts` listens, tests call `app.inject()`.
 * Order matters: cross-cutting plugins first, then the feature modules, then the SPA, whose
 * not-found handler answers every path the modules do not.
 */
export async function buildApp({
  config,
  database,
  clock = () => new Date(),
}: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    ...buildLoggingOptions(config.logLevel),
    bodyLimit: bodyLimitBytes,
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    // Only the proxies TRUST_PROXY names may say who the client is; rate limits key on it.
    trustProxy: toFastifyTrustProxy(config.trustProxy),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  app.addHook("onRequest", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });
  preventApiCaching(app);

  await registerSecurityHeaders(app, { isProduction: config.nodeEnv === "production" });
  // Farmers are often on a weak rural signal, so JSON answers travel compressed. Brotli at
  // quality 4 compresses about as well as gzip at a fraction of the CPU of its default (11).
  // The SPA's files are precompressed at build time, and an encoded reply is left alone.
  await app.register(compress, {
    threshold: 1024,
    encodings: ["br", "gzip"],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  // Off by default; a route opts in with `config: { rateLimit: { max, timeWindow } }`.
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () =>
      new AppError(ErrorCode.rateLimited, "Too many attempts. Please wait a minute and try again."),
  });
  await registerOpenApi(app, { serveDocs: config.apiDocs });

  // Feature modules: one line each, with the dependencies they use passed in explicitly.
  await app.register(healthRoutes, { database });
  await app.register(referenceRoutes, { database });
  // Calendar builder: GET /api/diseases with a query (scoped diseases) and the vaccine badges.
  await app.register(calendarBuilderRoutes, { database });

  // Accounts, and the outbox its e-mails and texts leave through (owner: accounts; decision 201).
  // Without APP_SECRET (tests; server.ts passes the per-install key): a key for this process only.
  const secret = config.appSecret ?? randomBytes(32).toString("base64url");
  const messaging = createMessaging(config, { db: database.db, clock, log: app.log });
  app.addHook("onClose", messaging.close);
  await app.register(accountsRoutes, {
    db: database.db,
    clock,
    secret,
    publicUrl: config.publicUrl,
    outbox: messaging.outbox,
  });
  if (config.nodeEnv !== NodeEnv.production) {
    await app.register(outboxRoutes, { db: database.db });
  }

  // --- Saved calendars (owner: saved calendars, issue 5; decision 401) ---
  // Save, list, open, delete, PDF, SVG preview and the public iCalendar feed.
  await app.register(calendarsRoutes, {
    db: database.db,
    clock,
    secret,
    publicUrl: config.publicUrl,
  });
  // --- end saved calendars ---

  await serveWebApp(app, { webDistDir: config.webDistDir });
  return app;
}
