// `npm run worker`: the background jobs alone (decision 601), against DATABASE_URL, with no HTTP
// server, so N API nodes and M worker nodes share one database. Migrations are applied first
// (under their advisory lock, so a worker and an API node starting together agree), unless
// MIGRATE_ON_START=false: then the worker only checks that `npm run migrate` has applied them. SIGINT and
// SIGTERM let running jobs finish, then close the pool and exit 0.
import { buildWorkerApp, startBackgroundJobs } from "./app.ts";
import { readConfigOrReport } from "./config.ts";
import { connectDatabase } from "./db/database.ts";
import { applyMigrations, requireCurrentMigrations } from "./db/migrate.ts";
import { readOrCreateDevelopmentSecret } from "./lib/app-secret.ts";

const config = readConfigOrReport(process.env);
if (!config) process.exit(1);
const connectionString = config.databaseUrl;
if (!connectionString) {
  console.error("Invalid configuration: DATABASE_URL is required by the worker (npm run worker)");
  process.exit(1);
}

const database = connectDatabase(connectionString);
try {
  if (config.migrateOnStart) await applyMigrations(database);
  else await requireCurrentMigrations(database);
  const appSecret = config.appSecret ?? (await readOrCreateDevelopmentSecret(config.dataDir));
  const jobs = await startBackgroundJobs({
    config: { ...config, appSecret },
    database,
    connectionString,
    runWorkers: true,
  });
  // Its own small port for the load balancer's and the scraper's questions (docs/operations.md).
  const probes =
    config.workerPort === undefined ? null : await buildWorkerApp({ config, database });
  if (probes) await probes.listen({ port: config.workerPort, host: config.host });
  console.log(
    `VaxCal worker is running${probes ? `, health and metrics on port ${config.workerPort}` : ""} (Ctrl-C to stop)`,
  );
  let stopping = false;
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      console.log(`${signal} received, stopping the worker…`);
      void jobs
        .stop()
        .then(() => probes?.close())
        .then(() => database.close())
        .then(
          () => process.exit(0),
          (error: unknown) => {
            console.error(
              `Could not stop cleanly: ${error instanceof Error ? error.message : error}`,
            );
            process.exit(1);
          },
        );
    });
  }
} catch (error) {
  console.error(`VaxCal worker could not start: ${error instanceof Error ? error.message : error}`);
  await database.close();
  process.exit(1);
}
