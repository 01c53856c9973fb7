import { configDefaults, defineConfig } from "vitest/config";
import serverProject from "./apps/server/vitest.config.ts";

/**
 * The server's test files that time the event loop or a request, or race a clock against real
 * work: they run after everything else, one at a time, so no other test file shares the 2 cores
 * with them (decision 017).
 */
const timedServerFiles = [
  "src/app-tests/input-bounds.test.ts",
  "src/app-tests/slow-bodies.test.ts",
  "src/app-tests/worker.test.ts",
  "src/http/large-body-turns.test.ts",
  "src/modules/calendars/calendars/cost-limits.test.ts",
  "src/modules/health/health.routes.test.ts",
];

// Each workspace keeps its own vitest config; this file gathers them. Vitest's default on a 2-core
// machine is one worker; most files wait on PostgreSQL, a child process or a timer, so two run
// side by side, and the timed files run alone afterwards.
export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      "packages/*",
      "apps/web",
      "bench",
      "scripts",
      {
        root: "./apps/server",
        test: { ...serverProject.test, exclude: [...configDefaults.exclude, ...timedServerFiles] },
      },
      {
        root: "./apps/server",
        test: {
          ...serverProject.test,
          name: "server-timed",
          include: timedServerFiles,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
