// `npm run migrate`: applies the migrations (under their advisory lock) and the shipped reference
// data to the database `npm start` uses (DATABASE_URL, else the embedded PostgreSQL in DATA_DIR),
// then exits: 0 with one line saying what it did, 1 with the reason. Nodes started with
// MIGRATE_ON_START=false leave this to it, so a deploy migrates once, before the new nodes start.
import { demoData, referenceDataWithWindows } from "@vaxcal/reference-data";
import { NodeEnv, readConfigOrReport } from "./config.ts";
import { connectDatabase } from "./db/database.ts";
import { startEmbeddedPostgres } from "./db/embedded-postgres.ts";
import { applyMigrations, countPendingMigrations } from "./db/migrate.ts";
import { seedReferenceData } from "./db/seed.ts";

async function main(): Promise<void> {
  const config = readConfigOrReport(process.env);
  if (!config) return;
  const embedded = config.databaseUrl
    ? undefined
    : await startEmbeddedPostgres({ dataDir: config.dataDir });
  const database = connectDatabase(config.databaseUrl ?? embedded?.connectionString ?? "");
  try {
    const pending = await countPendingMigrations(database);
    await applyMigrations(database);
    await seedReferenceData(
      database.db,
      referenceDataWithWindows,
      config.nodeEnv === NodeEnv.production ? undefined : demoData,
    );
    const applied = pending === 1 ? "1 migration" : `${pending} migrations`;
    console.log(`Applied ${applied} and the reference data; the database is current.`);
  } catch (error) {
    console.error(`Could not migrate: ${error instanceof Error ? error.message : error}`);
    process.exitCode = 1;
  } finally {
    await database.close();
    await embedded?.stop();
  }
}

await main();
