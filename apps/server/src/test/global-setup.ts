import { randomBytes } from "node:crypto";
import { chmod, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { demoData, referenceDataWithWindows } from "@vaxcal/reference-data";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { connectDatabase } from "../db/database.ts";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "../db/embedded-postgres.ts";
import { applyMigrations } from "../db/migrate.ts";
import { seedReferenceData } from "../db/seed.ts";
import { withDatabaseName, type TestDatabaseServer } from "./database.ts";

declare module "vitest" {
  export interface ProvidedContext {
    testDatabaseServer: TestDatabaseServer;
  }
}

/**
 * Once per run: one PostgreSQL (embedded in a temp folder, or the server of DATABASE_URL) and one
 * migrated, seeded template database that every test file clones (see `createTestDatabase`).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let embedded: EmbeddedPostgres | undefined;
  let dataDir: string | undefined;
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    dataDir = await mkdtemp(path.join(tmpdir(), "vaxcal-test-"));
    // mkdtemp makes the folder private; the postgres user (when we are root) must reach inside.
    await chmod(dataDir, 0o755);
    embedded = await startEmbeddedPostgres({ dataDir });
    adminUrl = embedded.connectionString;
  }

  // A unique name, so runs sharing one DATABASE_URL server never clone each other's template.
  const templateName = `vaxcal_template_${randomBytes(4).toString("hex")}`;
  await runAdminQuery(adminUrl, `CREATE DATABASE "${templateName}"`);
  const template = connectDatabase(withDatabaseName(adminUrl, templateName), { maxConnections: 2 });
  try {
    await applyMigrations(template);
    await seedReferenceData(template.db, referenceDataWithWindows, demoData);
  } finally {
    await template.close();
  }
  await runAdminQuery(adminUrl, `ALTER DATABASE "${templateName}" WITH IS_TEMPLATE true`);

  project.provide("testDatabaseServer", { adminUrl, templateName });

  return async () => {
    if (embedded) {
      await embedded.stop();
    } else {
      await runAdminQuery(adminUrl, `ALTER DATABASE "${templateName}" WITH IS_TEMPLATE false`);
      await runAdminQuery(adminUrl, `DROP DATABASE IF EXISTS "${templateName}" WITH (FORCE)`);
    }
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  };
}

async function runAdminQuery(connectionString: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
