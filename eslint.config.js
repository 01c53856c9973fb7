import js from "@eslint/js";
import globals from "globals";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";
import { webLayers } from "./scripts/lint-rules/web-layers.ts";

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
    // Server feature modules stand alone: a module imports only the shared layers (lib, auth,
    // db, errors, …) and its own files, and the shared layers import no module. Only app.ts
    // composes modules, through each one's routes file.
    files: ["apps/server/src/**/*.ts"],
    plugins: {
      "server-modules": {
        rules: {
          "no-reaching-in": {
            meta: { type: "problem", schema: [] },
            create(context) {
              const moduleOf = (file) => /\/apps\/server\/src\/modules\/([^/]+)\//.exec(file)?.[1];
              const from = context.filename;
              const fromModule = moduleOf(from);
              const isApp = /\/apps\/server\/src\/app\.ts$/.test(from);
              // Whole-app tests (outside any module) build their data with the modules' factories.
              const isWholeAppTest = fromModule === undefined && from.endsWith(".test.ts");
              const check = (node) => {
                const source = node.source?.value;
                if (typeof source !== "string" || !source.startsWith(".")) return;
                const target = new URL(source, `file://${from}`).pathname;
                const toModule = moduleOf(target);
                if (toModule === undefined || toModule === fromModule || isWholeAppTest) return;
                if (isApp && target.endsWith(`/${toModule}.routes.ts`)) return;
                context.report({
                  node: node.source,
                  message: fromModule
                    ? `Module '${fromModule}' must not import module '${toModule}': move the shared part to a shared layer (src/lib, src/auth, …).`
                    : `Only app.ts imports a module, and only its routes file ('${toModule}.routes.ts').`,
                });
              };
              return {
                ImportDeclaration: check,
                ExportNamedDeclaration: check,
                ExportAllDeclaration: check,
                ImportExpression: check,
              };
            },
          },
        },
      },
    },
    rules: { "server-modules/no-reaching-in": "error" },
  },
  {
    files: [
      "scripts/**",
      "bench/**",
      "e2e/**",
      "apps/server/src/server.ts",
      "apps/server/src/worker.ts",
    ],
    rules: { "no-console": "off" },
  },
);
