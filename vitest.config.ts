import { defineConfig } from "vitest/config";

// Each workspace keeps its own vitest config; this file only gathers them.
export default defineConfig({
  test: {
    projects: ["packages/*", "apps/*", "bench", "scripts"],
  },
});
