import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";
import { connectDatabase, type Database } from "../db/database.ts";

/** Where the run's PostgreSQL is and which template to clone; set by the global setup. */
export type TestDatabaseServer = { adminUrl: string; templateName: string };

export type TestDatabase = Database & {
  name: string;
  connectionString: string;
  /** Closes the pool and drops the database. */
  drop: () => Promise<void>;
};

/**
 * A fresh database for one test file: a clone of the run's migrated, seeded template, so it
 * starts with the full reference and demo data. Call it in `beforeAll` and `drop()` in `afterAll`.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const { adminUrl, templateName } = inject("testDatabaseServer");
  const name = `vaxcal_test_${randomBytes(6).toString("hex")}`;
  await runAdminQuery(adminUrl, `CREATE DATABASE "${name}" TEMPLATE "${templateName}"`);
  const connectionString = withDatabaseName(adminUrl, name);
  const database = connectDatabase(connectionString, { maxConnections: 4 });
  let dropping: Promise<void> | undefined;
  return {
    ...database,
    name,
    connectionString,
    drop: () =>
      (dropping ??= (async () => {
        await database.close();
        await runAdminQuery(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      })()),
  };
}

export function withDatabaseName(connectionString: string, databaseName: string): string {
  const url = new URL(connectionString);
  url.pathname = `/${databaseName}`;
  return url.toString();
}

/** One statement on the test PostgreSQL's admin connection (CREATE or DROP DATABASE). */
export async function runAdminQuery(connectionString: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
