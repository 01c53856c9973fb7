import { defineProject } from "vitest/config";

// The repository's own tooling: the lint rules in scripts/lint-rules.
export default defineProject({
  test: {
    name: "scripts",
    include: ["**/*.test.ts"],
    environment: "node",
  },
});
