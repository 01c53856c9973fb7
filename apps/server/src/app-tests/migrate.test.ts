import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, inject } from "vitest";
import { connectDatabase, type Database } from "../db/database.ts";
import {
  countPendingMigrations,
  migrationsFolder,
  requireCurrentMigrations,
} from "../db/migrate.ts";
import { runAdminQuery, withDatabaseName } from "../test/database.ts";

// `npm run migrate` and MIGRATE_ON_START=false, as a deploy runs them: real processes on a real,
// empty database.
const serverDirectory = path.resolve(import.meta.dirname, "../..");
const migrationCount = readdirSync(migrationsFolder).filter((name) => name.endsWith(".sql")).length;

let adminUrl: string;
let databaseName: string;
let databaseUrl: string;
let database: Database;

function run(entry: string, environment: Record<string, string>) {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, [entry], {
    cwd: serverDirectory,
    env: { ...inherited, NODE_ENV: "test", LOG_LEVEL: "warn", PORT: "0", ...environment },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return new Promise<{ code: number | null; output: string }>((resolve) =>
    child.on("exit", (code) => resolve({ code, output: output.trim() })),
  );
}

beforeAll(async () => {
  adminUrl = inject("testDatabaseServer").adminUrl;
  databaseName = `vaxcal_migrate_${randomBytes(6).toString("hex")}`;
  await runAdminQuery(adminUrl, `CREATE DATABASE "${databaseName}"`);
  databaseUrl = withDatabaseName(adminUrl, databaseName);
  database = connectDatabase(databaseUrl, { maxConnections: 2 });
});

afterAll(async () => {
  await database.close();
  await runAdminQuery(adminUrl, `DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
});

describe("a deploy that migrates once", () => {
  it("a node told not to migrate refuses an empty database, and says what to run", async () => {
    expect(await countPendingMigrations(database)).toBe(migrationCount);
    const node = await run("src/server.ts", {
      DATABASE_URL: databaseUrl,
      MIGRATE_ON_START: "false",
    });
    expect(node.code).toBe(1);
    expect(node.output).toBe(
      `VaxCal could not start: the database lacks ${migrationCount} migrations: run \`npm run migrate\` first (MIGRATE_ON_START=false)`,
    );
    const worker = await run("src/worker.ts", {
      DATABASE_URL: databaseUrl,
      MIGRATE_ON_START: "false",
    });
    expect(worker.code).toBe(1);
    expect(worker.output).toContain(`the database lacks ${migrationCount} migrations`);
    expect(await countPendingMigrations(database)).toBe(migrationCount);
  }, 60_000);

  it("npm run migrate applies every migration and the reference data, then nothing the second time", async () => {
    const first = await run("src/migrate.ts", { DATABASE_URL: databaseUrl });
    expect(first).toEqual({
      code: 0,
      output: `Applied ${migrationCount} migrations and the reference data; the database is current.`,
    });
    await expect(requireCurrentMigrations(database)).resolves.toBeUndefined();
    const { rows } = await database.pool.query<{ count: string }>(
      "SELECT count(*)::text AS count FROM vaccines",
    );
    expect(Number(rows[0]?.count)).toBeGreaterThan(10);

    const second = await run("src/migrate.ts", { DATABASE_URL: databaseUrl });
    expect(second).toEqual({
      code: 0,
      output: "Applied 0 migrations and the reference data; the database is current.",
    });
  }, 60_000);
});
