import js from "@eslint/js";
import globals from "globals";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: ["**/node_modules/**", "**/dist/**", "data/**", "**/test-results/**", "**/playwright-report/**"],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "@typescript-eslint/consistent-type-imports": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-console": ["error", { allow: ["warn", "error"] }],
    },
  },
  {
    // Packages are the bottom layer: they never reach up into the apps.
    files: ["packages/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["@vaxcal/server*", "@vaxcal/web*"], message: "Packages never import apps." }] },
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
        { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: "The engine reads no clock: take 'today' as an argument." },
        { selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']", message: "The engine reads no clock: take 'today' as an argument." },
      ],
    },
  },
  {
    files: ["apps/web/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ["scripts/**", "bench/**", "e2e/**", "apps/server/src/server.ts", "apps/server/src/**/*.cli.ts"],
    rules: { "no-console": "off" },
  },
);
