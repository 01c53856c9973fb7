import { createHash } from "node:crypto";
import { fillPlaceholders, type SQL } from "drizzle-orm";
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
  /**
   * One connection of its own for the health check (decision 704), so `/api/health` never
   * queues behind the requests holding the pool's connections (a burst of PDF misses).
   */
  probePool: pg.Pool;
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
  const probePool = new pg.Pool({
    connectionString,
    max: 1,
    connectionTimeoutMillis: 5_000,
    // Kept between a load balancer's checks, a few seconds apart, rather than reconnecting.
    idleTimeoutMillis: 60_000,
    application_name: "vaxcal-health",
  });
  probePool.on("error", (error) => options.onIdleError?.(error));
  const db = drizzle(pool, { schema });
  let closing: Promise<void> | undefined;
  return {
    db,
    pool,
    probePool,
    close: () => (closing ??= Promise.all([pool.end(), probePool.end()]).then(() => undefined)),
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

/**
 * The connection a statement runs on: the transaction's own, else the pool. The one place that
 * reads drizzle's private `session.client` (drizzle has no public accessor for a transaction's
 * connection; the pool is its public `$client`): the save and the session look-up send their
 * prepared statements on it. A drizzle upgrade that moves it fails here, loudly, and in
 * db/database.test.ts, never by sending a statement outside its transaction.
 */
export function pickClient(executor: Executor): pg.Pool | pg.PoolClient {
  if (executor instanceof PgTransaction) {
    const client = (executor as unknown as { session?: { client?: unknown } }).session?.client;
    if (!(client instanceof pg.Client)) {
      throw new Error(
        "drizzle's transaction no longer keeps its pg client at session.client: update pickClient (src/db/database.ts)",
      );
    }
    return client as pg.PoolClient;
  }
  const pool = (executor as { $client?: pg.Pool }).$client;
  if (!pool) throw new Error("the executor has no PostgreSQL client");
  return pool;
}

/**
 * Independent reads: at once on the pool, each on a connection of its own; one after another on a
 * transaction, whose one connection runs one statement at a time (pg 8 queues the others with a
 * deprecation warning; pg 9 will not queue them). Either way each read is one round trip, so the
 * transaction is no slower than it was with `Promise.all`; the test setup fails a test that sends
 * a query on a busy connection (`src/test/one-query-per-client.ts`).
 */
export async function runReads<const Reads extends readonly (() => PromiseLike<unknown>)[]>(
  executor: Executor,
  reads: Reads,
): Promise<{ -readonly [Index in keyof Reads]: Awaited<ReturnType<Reads[Index]>> }> {
  type Results = { -readonly [Index in keyof Reads]: Awaited<ReturnType<Reads[Index]>> };
  if (pickClient(executor) instanceof pg.Pool) {
    return (await Promise.all(reads.map((read) => read()))) as Results;
  }
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as Results;
}

/**
 * A hot statement whose text is fixed (positional parameters, written by hand): no query
 * builder runs per call, and each pooled connection plans it once, under its name. For the
 * paths where building and planning cost more than running (the save, the session look-up).
 */
export function definePreparedStatement<Row>(name: string, text: string) {
  return async (executor: Executor, values: readonly unknown[]): Promise<Row[]> => {
    const result = await pickClient(executor).query({ name, text, values: [...values] });
    return result.rows as Row[];
  };
}

/**
 * The same for a statement written with the query builder and `sql.placeholder`s: compiled to
 * text once, on first use; each call only fills in the placeholders.
 */
export function definePreparedQuery<Row>(prefix: string, build: () => SQL) {
  let compiled: { name: string; text: string; params: unknown[] } | undefined;
  return async (executor: Executor, values: Record<string, unknown>): Promise<Row[]> => {
    if (!compiled) {
      const { sql: text, params } = dialect.sqlToQuery(build());
      const digest = createHash("sha256").update(text).digest("hex").slice(0, 16);
      compiled = { name: `${prefix}-${digest}`, text, params };
    }
    const { name, text, params } = compiled;
    const result = await pickClient(executor).query({
      name,
      text,
      values: fillPlaceholders(params, values),
    });
    return result.rows as Row[];
  };
}

/** True when a trivial query answers within the timeout; used by the health check. */
export async function isDatabaseReachable(database: Database, timeoutMs = 2_000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const probe = database.probePool.query("SELECT 1").then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([probe, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
