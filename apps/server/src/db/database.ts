import { createHash } from "node:crypto";
import type { SQL } from "drizzle-orm";
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { PgDialect, PgTransaction } from "drizzle-orm/pg-core";
import pg from "pg";
import * as schema from "./schema.ts";

export type Db = NodePgDatabase<typeof schema>;
export type Transaction = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** What a repository runs its queries on: the pool, or the transaction of a multi-row change. */
export type Executor = Db | Transaction;

export type Database = {
  db: Db;
  pool: pg.Pool;
  close: () => Promise<void>;
};

export type ConnectOptions = {
  /** Told about connection errors that happen outside any query (e.g. PostgreSQL shutting down). */
  onIdleError?: (error: Error) => void;
  maxConnections?: number;
};

export function connectDatabase(connectionString: string, options: ConnectOptions = {}): Database {
  const pool = new pg.Pool({
    connectionString,
    max: options.maxConnections ?? 10,
    connectionTimeoutMillis: 5_000,
    application_name: "vaxcal",
  });
  // Without a listener, an idle connection dropped by the server would crash the process.
  pool.on("error", (error) => options.onIdleError?.(error));
  const db = drizzle(pool, { schema });
  let closing: Promise<void> | undefined;
  return {
    db,
    pool,
    close: () => (closing ??= pool.end()),
  };
}

const dialect = new PgDialect();

/**
 * Runs a statement as a named prepared statement, so each pooled connection plans it once: for a
 * hot read whose planning costs more than running it. Its name is the prefix and a digest of its
 * text. Inside a transaction it runs as an ordinary statement.
 */
export async function executePrepared<Row extends Record<string, unknown>>(
  executor: Executor,
  prefix: string,
  query: SQL,
): Promise<Row[]> {
  const pool =
    executor instanceof PgTransaction ? undefined : (executor as { $client?: pg.Pool }).$client;
  if (!pool) return (await executor.execute(query)).rows as Row[];
  const { sql: text, params } = dialect.sqlToQuery(query);
  const name = `${prefix}-${createHash("sha256").update(text).digest("hex").slice(0, 16)}`;
  const result = await pool.query({ name, text, values: params });
  return result.rows as Row[];
}

/** True when a trivial query answers within the timeout; used by the health check. */
export async function isDatabaseReachable(database: Database, timeoutMs = 2_000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const probe = database.pool.query("SELECT 1").then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([probe, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
