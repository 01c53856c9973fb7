import { defineProject } from "vitest/config";

// Only the runner's pure parts (table.ts); the benchmarks themselves are not tests.
export default defineProject({ test: { name: "bench", include: ["*.test.ts"] } });
