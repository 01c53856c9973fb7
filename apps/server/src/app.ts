import { constants as zlibConstants } from "node:zlib";
import compress from "@fastify/compress";
import Fastify, { type FastifyInstance } from "fastify";
import { pino } from "pino";
import { serializerCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { NodeEnv, resolveSigningSecret, type Config } from "./config.ts";
import type { Database } from "./db/database.ts";
import { installErrorHandler } from "./errors/error-handler.ts";
import { toFastifyTrustProxy } from "./http/client-address.ts";
import { answerClientError, answerFrameworkError } from "./http/framework-errors.ts";
import { buildLoggingOptions, createRedactingDestination, type LogStream } from "./http/logging.ts";
import { preventApiCaching } from "./http/no-store.ts";
import { registerOpenApi } from "./http/openapi.ts";
import { registerLargeBodyTurns } from "./http/large-body-turns.ts";
import { validatorCompiler } from "./http/request-validation.ts";
import { registerSecurityHeaders } from "./http/security.ts";
import { testClockRoutes } from "./http/test-clock.routes.ts";
import { serveWebApp } from "./http/web-app.ts";
import { createBackgroundTasks, type BackgroundTasks } from "./lib/background-tasks.ts";
import { createShiftableClock, systemClock, type Clock } from "./lib/clock.ts";
import { startHousekeeping } from "./rate-limits/housekeeping.ts";
import { accountsRoutes } from "./modules/accounts/index.ts";
import { adminRoutes } from "./modules/admin/index.ts";
import { calendarBuilderRoutes } from "./modules/calendar-builder/index.ts";
import {
  calendarsRoutes,
  createCalendarPdfReader,
  createCalendarRenders,
  type RenderVersions,
} from "./modules/calendars/index.ts";
import { farmWeekRoutes } from "./modules/farm-week/index.ts";
import { healthRoutes } from "./modules/health/index.ts";
import { createMetrics, operationsRoutes } from "./modules/operations/index.ts";
import { referenceRoutes } from "./modules/reference/index.ts";
import { startJobs, type Jobs } from "./jobs/jobs.ts";
import {
  createReminderSender,
  createVetChangeNoticeSender,
  planCalendarsReminders,
  remindersRoutes,
} from "./modules/reminders/index.ts";
import { createBatcher } from "./db/batcher.ts";
import {
  createPracticeDigestSender,
  createPracticeDosesDueReader,
  notifyPracticesOfLinkChange,
  openVerifiedPractice,
  vetPracticesRoutes,
} from "./modules/vet-practices/index.ts";
import { createMessaging } from "./outbox/messaging.ts";
import { outboxRoutes } from "./outbox/outbox.routes.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Work requests started and did not wait for; tests await `whenIdle()`. */
    backgroundTasks: BackgroundTasks;
  }
}

/** Everything the app needs from outside; tests pass their own database. */
export type AppDependencies = {
  config: Config;
  database: Database;
  /** What "now" and today are for every module; tests pass one they move by hand. */
  clock?: Clock;
  /**
   * The pg-boss jobs (src/jobs), started by server.ts. Absent (tests): a saved calendar's
   * reminders are planned in this process after the answer, and nothing sweeps the outbox.
   */
  jobs?: Jobs;
  /**
   * The calendars' render versions in memory (decision 705); by default the calendar routes make
   * their own from `database`. Tests pass theirs, to wait for a notification or drop its listener.
   */
  renderVersions?: RenderVersions;
  /** Where the request log is written; stdout by default. Tests pass one to read the log. */
  logStream?: LogStream;
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
  clock: givenClock = systemClock,
  jobs,
  renderVersions,
  logStream,
}: AppDependencies): Promise<FastifyInstance> {
  // Decision 016: only in test mode may a browser journey move the app's clock to another day.
  const testClock = config.nodeEnv === NodeEnv.test ? createShiftableClock(givenClock) : null;
  const clock = testClock?.clock ?? givenClock;
  const requestTimeoutMs = config.requestTimeoutSeconds * 1000;
  const app = Fastify({
    ...buildLoggingOptions(config.logLevel, logStream),
    bodyLimit: bodyLimitBytes,
    // A body that trickles in is cut (408) once the whole request has taken this long; Node checks
    // open requests every connectionsCheckingInterval, so that is a fraction of it.
    requestTimeout: requestTimeoutMs,
    http: {
      headersTimeout: Math.min(60_000, requestTimeoutMs),
      connectionsCheckingInterval: Math.max(
        100,
        Math.min(5_000, Math.floor(requestTimeoutMs / 10)),
      ),
    },
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    // Only the proxies TRUST_PROXY names may say who the client is; rate limits key on it.
    trustProxy: toFastifyTrustProxy(config.trustProxy),
  }).withTypeProvider<ZodTypeProvider>();

  // Every request is timed from here on, by its route's pattern (issue 28; docs/operations.md).
  const metrics = createMetrics({ database, clock });
  metrics.observeRequests(app);
  registerLargeBodyTurns(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  // The request id and the security headers, worked out once at start-up (decision 701).
  registerSecurityHeaders(app, { isProduction: config.nodeEnv === "production" });
  preventApiCaching(app);

  // Farmers are often on a weak rural signal, so JSON answers travel compressed. Brotli at
  // quality 4 compresses about as well as gzip at a fraction of the CPU of its default (11).
  // The SPA's files are precompressed at build time, and an encoded reply is left alone.
  await app.register(compress, {
    threshold: 1024,
    encodings: ["br", "gzip"],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await registerOpenApi(app, { serveDocs: config.apiDocs });

  // Feature modules: one line each, with the dependencies they use passed in explicitly.
  await app.register(healthRoutes, { database });
  await app.register(operationsRoutes, { database, metrics, metricsToken: config.metricsToken });
  const { watchCache } = metrics;
  await app.register(referenceRoutes, { database, watchCache });
  const secret = resolveSigningSecret(config);
  // Calendar builder: GET /api/diseases with a query (scoped diseases) and the vaccine badges.
  await app.register(calendarBuilderRoutes, { database, clock, secret });

  // Accounts, and the outbox its e-mails and texts leave through (decision 201).
  const messaging = createMessaging(config, { db: database.db, clock, log: app.log });
  const tasks = createBackgroundTasks(app.log);
  app.decorate("backgroundTasks", tasks);
  let stopHousekeeping = () => {};
  // With the job queue, the hourly clean-up is its scheduled job, run once per cluster (src/jobs);
  // without it (tests, benchmarks, a single-farm trial run without jobs) this process runs it.
  app.addHook("onReady", async () => {
    if (!jobs) stopHousekeeping = startHousekeeping({ db: database.db, clock, tasks });
  });
  // Tasks may still queue messages, so they finish before the outbox closes.
  app.addHook("onClose", async () => {
    stopHousekeeping();
    await tasks.whenIdle();
    await messaging.close();
  });
  const accounts = {
    db: database.db,
    clock,
    secret,
    publicUrl: config.publicUrl,
    outbox: messaging.outbox,
    tasks,
  };
  // A farmer linking or unlinking a practice is told to the practices, and a practice whose
  // e-mail is verified opens to farmers and sends its invites (vet-practices module).
  await app.register(accountsRoutes, {
    ...accounts,
    onVetLinkChanged: (farmerId, previousPracticeId, nextPracticeId) =>
      notifyPracticesOfLinkChange(accounts, farmerId, previousPracticeId, nextPracticeId),
    onEmailVerified: (userId) => openVerifiedPractice(accounts, userId),
  });
  // Vet practices (decision 501): registration, invites, members, the dashboard of linked
  // farmers and doses due, and the weekly digest's unsubscribe link.
  await app.register(vetPracticesRoutes, { ...accounts, watchCache });
  if (config.nodeEnv !== NodeEnv.production) {
    await app.register(outboxRoutes, { db: database.db });
  }
  if (testClock !== null) await app.register(testClockRoutes, { testClock });

  // Saved calendars (decision 401): save, list, open, delete, PDF, SVG preview and the public iCalendar feed.
  // Each change re-plans the calendar's reminders (decision 601).
  // Without the job queue (tests, benchmarks), the changes that come in while a plan runs are
  // planned together next, in one transaction (decision 702).
  const planInProcess = createBatcher<number, void>({
    maxInFlight: 1,
    maxBatch: 500,
    runBatch: async (calendarIds) => {
      await planCalendarsReminders(database.db, calendarIds, clock);
      return calendarIds.map(() => undefined);
    },
  });
  const replanCalendar = (calendarId: number) =>
    tasks.run("plan reminders", () =>
      jobs ? jobs.requestCalendarPlan(calendarId) : planInProcess.run(calendarId),
    );
  // The PDF and feed renders, made here so the metrics can report their queue and times.
  const renders = createCalendarRenders({
    host: new URL(config.publicUrl).host,
    onRendered: (kind, seconds) => metrics.observeRender(kind, seconds),
    onRenderFailed: (kind) => metrics.countRenderFailure(kind),
  });
  metrics.watchRenders(renders);
  app.addHook("onClose", () => renders.close());
  await app.register(calendarsRoutes, {
    db: database.db,
    database,
    renders,
    ...(renderVersions ? { versions: renderVersions } : {}),
    watchCache,
    clock,
    secret,
    publicUrl: config.publicUrl,
    onCalendarChanged: replanCalendar,
  });
  // Reminders: the e-mails' one-click unsubscribe and their state in Account Settings.
  await app.register(remindersRoutes, { db: database.db, clock, secret });
  // This week on the farm (decision 603): the farmer's own shots due, with their reminders.
  await app.register(farmWeekRoutes, { db: database.db, clock });

  // The admin area (docs/product.md D2): products, the audit trail, the differences from the
  // shipped reference data; every call needs the ADMIN role.
  await app.register(adminRoutes, { db: database.db, clock });

  await serveWebApp(app, { webDistDir: config.webDistDir });
  return app;
}

export type BackgroundJobsDependencies = {
  config: Config;
  database: Database;
  connectionString: string;
  /** False on an API node that only queues jobs (RUN_WORKERS=false); `npm run worker` says true. */
  runWorkers: boolean;
  clock?: Clock;
};

/**
 * What `npm run worker` serves on WORKER_PORT: its liveness, readiness and metrics, the same
 * routes as an API node's, so one probe and one scrape configuration fit both.
 */
export async function buildWorkerApp({
  config,
  database,
  clock = systemClock,
}: Pick<AppDependencies, "config" | "database" | "clock">): Promise<FastifyInstance> {
  const app = Fastify(buildLoggingOptions(config.logLevel)).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  const metrics = createMetrics({ database, clock });
  metrics.observeRequests(app);
  await app.register(healthRoutes, { database });
  await app.register(operationsRoutes, { database, metrics, metricsToken: config.metricsToken });
  return app;
}

/**
 * The pg-boss jobs with everything they send through (decision 601): the outbox and transports,
 * the reminder sender, and the calendars' PDF for the e-mails. `npm start` runs them beside the
 * HTTP app; `npm run worker` (src/worker.ts) runs them alone.
 */
export async function startBackgroundJobs({
  config,
  database,
  connectionString,
  runWorkers,
  clock = systemClock,
}: BackgroundJobsDependencies): Promise<Jobs> {
  const log = pino(
    { level: config.logLevel, base: { name: "jobs" } },
    createRedactingDestination(),
  );
  const secret = resolveSigningSecret(config);
  const messaging = createMessaging(config, { db: database.db, clock, log });
  const pdfReader = createCalendarPdfReader({
    db: database.db,
    clock,
    secret,
    publicUrl: config.publicUrl,
  });
  const sender = createReminderSender({
    db: database.db,
    clock,
    mail: messaging.mail,
    sms: messaging.sms,
    renderCalendarPdf: pdfReader.read,
    secret,
    publicUrl: config.publicUrl,
    log,
    claimLeaseMs: config.reminderClaimLeaseSeconds * 1000,
  });
  const digest = createPracticeDigestSender({
    db: database.db,
    clock,
    mail: messaging.mail,
    // The vet dashboard's doses due, this week and next.
    readPracticeDosesDue: createPracticeDosesDueReader(database.db),
    secret,
    publicUrl: config.publicUrl,
    log,
    claimLeaseMs: config.reminderClaimLeaseSeconds * 1000,
  });
  const vetChanges = createVetChangeNoticeSender({
    db: database.db,
    clock,
    outbox: messaging.outbox,
    publicUrl: config.publicUrl,
    quietMs: config.vetChangeQuietSeconds * 1000,
    log,
  });
  const jobs = await startJobs({
    connectionString,
    db: database.db,
    clock,
    outbox: messaging.outbox,
    sender,
    digest,
    vetChanges,
    log,
    runWorkers,
    tickSeconds: config.jobsTickSeconds,
  });
  return {
    requestCalendarPlan: jobs.requestCalendarPlan,
    stop: async () => {
      await jobs.stop();
      await messaging.close();
      await pdfReader.close();
    },
  };
}
