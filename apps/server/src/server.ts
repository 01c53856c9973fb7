// `npm start`: configuration, database (embedded unless DATABASE_URL), migrations and reference
// data (unless MIGRATE_ON_START=false: then `npm run migrate` did them), then the HTTP server. SIGINT and SIGTERM close the HTTP server, the jobs, the pool and PostgreSQL,
// in that order, one line each, and exit 0; a failed start undoes what it had started and exits 1.
import { demoData, referenceDataWithWindows } from "@vaxcal/reference-data";
import { buildApp, startBackgroundJobs } from "./app.ts";
import { NodeEnv, readConfigOrReport, type Config } from "./config.ts";
import { connectDatabase } from "./db/database.ts";
import { startEmbeddedPostgres } from "./db/embedded-postgres.ts";
import { applyMigrations, requireCurrentMigrations } from "./db/migrate.ts";
import { seedReferenceData } from "./db/seed.ts";
import { readOrCreateDevelopmentSecret } from "./lib/app-secret.ts";

type Cleanup = { name: string; run: () => Promise<void> };

// Ctrl-C in a terminal reaches VaxCal twice (from the terminal, then forwarded by npm): a second
// signal this soon after the first is the same key press.
const repeatedSignalMs = 1_000;

const cleanups: Cleanup[] = [];
let isStopping = false;
let stopSignalAt = 0;
let resolveStopRequest: () => void = () => {};
const stopRequested = new Promise<void>((resolve) => {
  resolveStopRequest = resolve;
});

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (isStopping) {
      if (Date.now() - stopSignalAt > repeatedSignalMs)
        console.log(`Still stopping (${signal} again); waiting for PostgreSQL to shut down…`);
      return;
    }
    isStopping = true;
    stopSignalAt = Date.now();
    console.log(`\n${signal} received, stopping VaxCal…`);
    resolveStopRequest();
  });
}

await main();

async function main(): Promise<void> {
  const config = readConfigOrReport(process.env);
  if (!config) return;

  try {
    await start(config);
    if (!isStopping) await stopRequested;
  } catch (error) {
    console.error(`VaxCal could not start: ${error instanceof Error ? error.message : error}`);
    process.exitCode = 1;
  } finally {
    await runCleanups();
  }
}

/** Each step registers its undo before the next begins, and stops early once a signal came. */
async function start(config: Config): Promise<void> {
  let connectionString = config.databaseUrl;
  if (!connectionString) {
    console.log(`Starting the embedded PostgreSQL in ${config.dataDir}/postgres…`);
    const embedded = await startEmbeddedPostgres({
      dataDir: config.dataDir,
      onLog: (line) => {
        if (config.logLevel === "debug" || config.logLevel === "trace")
          console.log(`[postgres] ${line}`);
      },
    });
    cleanups.push({ name: "PostgreSQL", run: embedded.stop });
    connectionString = embedded.connectionString;
  }
  if (isStopping) return;

  const database = connectDatabase(connectionString, {
    onIdleError: (error) => {
      if (!isStopping) console.error(`Database connection lost: ${error.message}`);
    },
  });
  cleanups.push({ name: "the database pool", run: database.close });

  if (config.migrateOnStart) {
    await applyMigrations(database);
    if (isStopping) return;
    await seedReferenceData(
      database.db,
      referenceDataWithWindows,
      config.nodeEnv === NodeEnv.production ? undefined : demoData,
    );
  } else {
    await requireCurrentMigrations(database);
  }
  if (isStopping) return;

  const appSecret = config.appSecret ?? (await readOrCreateDevelopmentSecret(config.dataDir));
  // The background jobs run here too unless RUN_WORKERS=false (then `npm run worker` nodes do).
  const jobs = await startBackgroundJobs({
    config: { ...config, appSecret },
    database,
    connectionString,
    runWorkers: config.runWorkers,
  });
  cleanups.push({ name: "the background jobs", run: jobs.stop });
  if (isStopping) return;
  const app = await buildApp({ config: { ...config, appSecret }, database, jobs });
  cleanups.push({ name: "the HTTP server", run: () => app.close() });
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  const isLoopbackOrAny = ["127.0.0.1", "::1", "0.0.0.0", "::"].includes(config.host);
  const shownHost = isLoopbackOrAny ? "localhost" : config.host;
  console.log(`VaxCal is running at http://${shownHost}:${port} (Ctrl-C to stop)`);
}

async function runCleanups(): Promise<void> {
  for (const cleanup of cleanups.reverse()) {
    try {
      await cleanup.run();
      if (isStopping) console.log(`Stopped ${cleanup.name}.`);
    } catch (error) {
      console.error(
        `Could not stop ${cleanup.name}: ${error instanceof Error ? error.message : error}`,
      );
      process.exitCode = 1;
    }
  }
  cleanups.length = 0;
  if (isStopping && process.exitCode === undefined) console.log("VaxCal stopped.");
  // Everything is closed; a library handle left open must not keep the process alive.
  setTimeout(() => process.exit(), 5_000).unref();
}
