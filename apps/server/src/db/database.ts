import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
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
