import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "server",
    include: ["src/**/*.test.ts"],
    environment: "node",
    // One PostgreSQL per run and a migrated template; each test file clones its own database.
    globalSetup: ["./src/test/global-setup.ts"],
    // Fails a test that sends a query on a pg client still running another one.
    setupFiles: ["./src/test/one-query-per-client.ts"],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
