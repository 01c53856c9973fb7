import path from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import type { Database } from "./database.ts";

export const migrationsFolder = path.resolve(import.meta.dirname, "../../drizzle");

// Any fixed number shared by every VaxCal node: it serialises migrations when several start at once.
const migrationLockKey = 7_462_001;

/** Applies the SQL migrations in `apps/server/drizzle` that the database has not seen yet. */
export async function applyMigrations(database: Database): Promise<void> {
  const client = await database.pool.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [migrationLockKey]);
    try {
      await migrate(drizzle(client), { migrationsFolder });
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [migrationLockKey]);
    }
  } finally {
    client.release();
  }
}
