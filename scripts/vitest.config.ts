import { defineProject } from "vitest/config";

// The repository scripts' own tests (the docs check, the lint rules).
export default defineProject({ test: { name: "scripts", include: ["**/*.test.ts"] } });
