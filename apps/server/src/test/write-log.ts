import type { TestDatabase } from "./database.ts";

/**
 * Writes the app makes on purpose even when it refuses a request: throttle counters, and the
 * hourly "last used" mark of a session, and a wrong mobile code counted against its five tries.
 * Each is a security control, not user data. Everything else a refused request writes is a bug.
 */
const ignoredTables = ["rate_limits"];
const ignoredColumns: Record<string, string[]> = {
  sessions: ["last_used_at"],
  mobile_verification_codes: ["attempts"],
};

const logTable = "test_write_log";

export type LoggedWrite = { id: number; table: string; operation: string };

export type WriteLog = {
  /** The id of the newest write so far; compare two marks to see whether anything was written. */
  mark: () => Promise<number>;
  /** The writes made after `mark`, oldest first. */
  readSince: (mark: number) => Promise<LoggedWrite[]>;
};

/**
 * Records every row a statement inserts, changes or deletes in any table of the test database,
 * through triggers, so a test can prove that a request wrote nothing. A write rolled back with
 * its transaction leaves no entry, as it leaves no data.
 */
export async function installWriteLog(database: TestDatabase): Promise<WriteLog> {
  const { pool } = database;
  await pool.query(`
    CREATE TABLE ${logTable} (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      table_name text NOT NULL,
      operation text NOT NULL
    );
    CREATE FUNCTION test_log_write() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO ${logTable} (table_name, operation) VALUES (TG_TABLE_NAME, TG_OP);
      RETURN NULL;
    END $$;
  `);
  const tables = await pool.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
     WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> $1
     ORDER BY table_name`,
    [logTable],
  );
  for (const { name } of tables.rows.filter((table) => !ignoredTables.includes(table.name))) {
    const ignored = `ARRAY[${(ignoredColumns[name] ?? []).map((column) => `'${column}'`).join(",")}]::text[]`;
    await pool.query(`
      CREATE TRIGGER test_log_insert_delete AFTER INSERT OR DELETE ON "${name}"
        FOR EACH ROW EXECUTE FUNCTION test_log_write();
      CREATE TRIGGER test_log_update AFTER UPDATE ON "${name}"
        FOR EACH ROW WHEN ((to_jsonb(OLD) - ${ignored}) IS DISTINCT FROM (to_jsonb(NEW) - ${ignored}))
        EXECUTE FUNCTION test_log_write();
      CREATE TRIGGER test_log_truncate AFTER TRUNCATE ON "${name}"
        FOR EACH STATEMENT EXECUTE FUNCTION test_log_write();
    `);
  }
  return {
    mark: async () => {
      const result = await pool.query<{ id: string }>(
        `SELECT coalesce(max(id), 0) AS id FROM ${logTable}`,
      );
      return Number(result.rows[0]?.id ?? 0);
    },
    readSince: async (mark) => {
      const result = await pool.query<{ id: string; table: string; operation: string }>(
        `SELECT id, table_name AS table, operation FROM ${logTable} WHERE id > $1 ORDER BY id`,
        [mark],
      );
      return result.rows.map((row) => ({ ...row, id: Number(row.id) }));
    },
  };
}
