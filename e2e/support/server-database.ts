import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";

/*
 * The journeys' way into the running server's own database (the embedded PostgreSQL in the data
 * directory `run-server.ts` made), for changes an admin makes through the protocol API: a shot
 * template moved, say. Each change is announced on `reference_changed` in its own transaction, as
 * the server's `changeReferenceData` does (decision 701), so the server drops its cached lists.
 */

const repositoryRoot = fileURLToPath(new URL("../..", import.meta.url));

/** Where `run-server.ts` records this port's data directory. */
export function serverInfoFile(port: string | undefined): string {
  return path.join(repositoryRoot, ".tmp", `e2e-server-${port ?? "3199"}.json`);
}

function readConnectionString(): string {
  const { dataDir } = JSON.parse(readFileSync(serverInfoFile(process.env.E2E_PORT), "utf8")) as {
    dataDir: string;
  };
  // postmaster.pid's fourth line is the port; the password is kept beside the cluster.
  const pid = readFileSync(path.join(dataDir, "postgres", "postmaster.pid"), "utf8").split("\n");
  const port = pid[3]?.trim();
  const password = readFileSync(path.join(dataDir, "postgres-password"), "utf8").trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
}

/** Runs `statement` in one transaction that also announces a reference change. */
export async function changeReferenceData(statement: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: readConnectionString() });
  await client.connect();
  try {
    await client.query("BEGIN");
    const result = await client.query(statement, values);
    await client.query("SELECT pg_notify('reference_changed', '')");
    await client.query("COMMIT");
    return result;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}

/** Moves a shot template's date by `days`, as an admin would in the protocol pages. */
export async function moveShotTemplate(templateId: number, days: number): Promise<void> {
  const result = await changeReferenceData(
    `UPDATE shot_templates SET birth_days = birth_days + $2, breeding_days = breeding_days + $2
     WHERE id = $1`,
    [templateId, days],
  );
  if (result.rowCount !== 1) throw new Error(`no shot template ${templateId}`);
}
