import js from "@eslint/js";
import globals from "globals";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";
import { webLayers } from "./scripts/lint-rules/web-layers.ts";
import { serverLayers } from "./scripts/lint-rules/server-layers.ts";
import { serverModules } from "./scripts/lint-rules/server-modules.ts";

export default tseslint.config(
  {
    ignores: [
      "**/node_modules/**",
      "**/dist/**",
      "data/**",
      "**/test-results/**",
      "**/playwright-report/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "@typescript-eslint/consistent-type-imports": "error",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      "no-console": ["error", { allow: ["warn", "error"] }],
    },
  },
  {
    // Packages are the bottom layer: they never reach up into the apps.
    files: ["packages/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["@vaxcal/server*", "@vaxcal/web*"], message: "Packages never import apps." },
          ],
        },
      ],
    },
  },
  {
    // The engine is pure: no I/O, no clock.
    files: ["packages/schedule/src/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-globals": ["error", { name: "fetch", message: "The engine does no I/O." }],
      "no-restricted-syntax": [
        "error",
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: "The engine reads no clock: take 'today' as an argument.",
        },
        {
          selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
          message: "The engine reads no clock: take 'today' as an argument.",
        },
      ],
    },
  },
  {
    // The web app's layers point one way, and a feature reaches another only through its entry
    // (scripts/lint-rules/web-layers.ts, docs/ARCHITECTURE.md).
    files: ["apps/web/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks, "web-layers": webLayers },
    rules: { ...reactHooks.configs.recommended.rules, "web-layers/one-way-imports": "error" },
  },
  {
    // The server's modules are reached only through their index.ts, and its folders are ranked:
    // none imports one above it (scripts/lint-rules, docs/ARCHITECTURE.md).
    files: ["apps/server/src/**/*.ts"],
    plugins: { "server-modules": serverModules, "server-layers": serverLayers },
    rules: {
      "server-modules/no-reaching-in": "error",
      "server-layers/ranked-imports": "error",
    },
  },
  {
    files: [
      "scripts/**",
      "bench/**",
      "e2e/**",
      "apps/server/src/server.ts",
      "apps/server/src/worker.ts",
      "apps/server/src/migrate.ts",
    ],
    rules: { "no-console": "off" },
  },
);
