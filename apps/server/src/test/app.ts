import type { FastifyInstance } from "fastify";
import { buildApp } from "../app.ts";
import { parseConfig, type Config } from "../config.ts";
import type { Clock } from "../lib/clock.ts";
import { createTestDatabase, type TestDatabase } from "./database.ts";

export type TestApp = {
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  /** Resolves once the work requests left running after their answer has finished. */
  whenIdle: () => Promise<void>;
  /** Closes the app and drops its database. */
  close: () => Promise<void>;
};

/** The configuration tests run with: silent logs, test mode; override what a test needs. */
export function buildTestConfig(overrides: Partial<Config> = {}): Config {
  return { ...parseConfig({ NODE_ENV: "test", LOG_LEVEL: "silent" }), ...overrides };
}

/**
 * The whole app over a fresh cloned database, for `app.inject()`. The app is not yet `ready`, so
 * a test may still add a route of its own before its first request.
 *
 *   let testApp: TestApp;
 *   beforeAll(async () => { testApp = await createTestApp(); });
 *   afterAll(() => testApp.close());
 */
export async function createTestApp(
  overrides: Partial<Config> = {},
  clock?: Clock,
): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = buildTestConfig(overrides);
  const app = await buildApp({ config, database, clock });
  return {
    app,
    database,
    config,
    whenIdle: () => app.backgroundTasks.whenIdle(),
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}
