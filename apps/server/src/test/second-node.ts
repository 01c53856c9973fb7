import type { FastifyInstance } from "fastify";
import { buildApp } from "../app.ts";
import { connectDatabase, type Database } from "../db/database.ts";
import type { Clock } from "../lib/clock.ts";
import { createRenderVersions, type RenderVersions } from "../modules/calendars/index.ts";
import type { TestApp } from "./app.ts";

/** Polls until `condition` holds, or fails after `timeoutMs`. */
export async function waitFor(condition: () => boolean, what: string, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export type SecondNode = {
  app: FastifyInstance;
  database: Database;
  /** Node B's render versions, held in its memory and dropped by NOTIFY (decision 705). */
  versions: RenderVersions;
  close: () => Promise<void>;
};

/**
 * A second app instance on node A's database, as a second production node: its own pool, its own
 * LISTEN connection (named `listenerName`) and its own caches. Resolves once it listens.
 */
export async function startSecondNode(
  nodeA: TestApp,
  clock: Clock,
  listenerName: string,
): Promise<SecondNode> {
  const database = connectDatabase(nodeA.database.connectionString, { maxConnections: 4 });
  const versions = createRenderVersions(database, { retryMs: 1_500, name: listenerName });
  const app = await buildApp({ config: nodeA.config, database, clock, renderVersions: versions });
  await waitFor(() => versions.isListening(), "node B to listen");
  return {
    app,
    database,
    versions,
    close: async () => {
      await app.close();
      await versions.close();
      await database.pool.end();
    },
  };
}
