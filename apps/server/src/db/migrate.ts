import path from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import { readMigrationFiles } from "drizzle-orm/migrator";
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

/**
 * How many migrations in `apps/server/drizzle` the database lacks, by drizzle's own rule: those
 * made after the last one it applied (`drizzle.__drizzle_migrations`).
 */
export async function countPendingMigrations(database: Database): Promise<number> {
  const migrations = readMigrationFiles({ migrationsFolder });
  const { rows } = await database.pool.query<{ applied: string | null }>(
    "SELECT to_regclass('drizzle.__drizzle_migrations')::text AS applied",
  );
  if (!rows[0]?.applied) return migrations.length;
  const last = await database.pool.query<{ created_at: string | null }>(
    "SELECT max(created_at)::text AS created_at FROM drizzle.__drizzle_migrations",
  );
  const lastAppliedAt = Number(last.rows[0]?.created_at ?? 0);
  return migrations.filter((migration) => migration.folderMillis > lastAppliedAt).length;
}

/**
 * For a node told not to migrate (MIGRATE_ON_START=false): it starts only on a database that
 * `npm run migrate` has brought up to date, and says so otherwise.
 */
export async function requireCurrentMigrations(database: Database): Promise<void> {
  const pending = await countPendingMigrations(database);
  if (pending > 0) {
    throw new Error(
      `the database lacks ${pending} migration${pending === 1 ? "" : "s"}: run \`npm run migrate\` first (MIGRATE_ON_START=false)`,
    );
  }
}
