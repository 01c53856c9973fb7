// `npm test`: every check a change must pass, in the order that fails fastest.
// Ends with one plain line 'N passed, N failed' summed over Vitest and Playwright.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { ensureSystemTools } from "./system-tools.ts";

const reportDir = ".tmp/test-reports";
rmSync(reportDir, { recursive: true, force: true });
mkdirSync(reportDir, { recursive: true });

type Step = { name: string; command: string; args: string[] };

const steps: Step[] = [
  { name: "format", command: "npx", args: ["prettier", "--check", "."] },
  { name: "docs", command: "node", args: ["scripts/check-docs.ts"] },
  { name: "lint", command: "npm", args: ["run", "lint"] },
  { name: "typecheck", command: "npm", args: ["run", "typecheck"] },
  {
    name: "unit and integration (Vitest, real PostgreSQL)",
    command: "npx",
    args: [
      "vitest",
      "run",
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${reportDir}/vitest.json`,
    ],
  },
  { name: "end to end (Playwright, Chromium)", command: "npm", args: ["run", "test:e2e"] },
];

ensureSystemTools();

const startedAt = performance.now();
const stepTimes: string[] = [];
for (const step of steps) {
  console.log(`\n▶ ${step.name}`);
  const stepStartedAt = performance.now();
  const result = spawnSync(step.command, step.args, { stdio: "inherit", env: process.env });
  stepTimes.push(`${step.name} ${formatDuration(performance.now() - stepStartedAt)}`);
  if (result.status !== 0) {
    printSummary();
    console.error(`\n✖ ${step.name} failed (exit ${result.status ?? result.signal}).`);
    process.exit(result.status || 1);
  }
}
printSummary();

function printSummary(): void {
  let passed = 0;
  let failed = 0;
  let flaky = 0;
  const vitest = readJson<{ numPassedTests: number; numFailedTests: number }>(
    `${reportDir}/vitest.json`,
  );
  if (vitest) {
    passed += vitest.numPassedTests;
    failed += vitest.numFailedTests;
  }
  const playwright = readJson<{ stats: { expected: number; unexpected: number; flaky: number } }>(
    `${reportDir}/playwright.json`,
  );
  if (playwright) {
    passed += playwright.stats.expected + playwright.stats.flaky;
    failed += playwright.stats.unexpected;
    flaky = playwright.stats.flaky;
  }
  // A journey that passed only on its retry is counted as passed, and named here as flaky.
  const flakyNote = flaky > 0 ? ` (${flaky} passed only on a retry: see "flaky" above)` : "";
  console.log(
    `\nTimes: ${stepTimes.join("; ")}; in all ${formatDuration(performance.now() - startedAt)}.`,
  );
  console.log(`\n${passed} passed, ${failed} failed${flakyNote}`);
}

function readJson<T>(path: string): T | undefined {
  return existsSync(path) ? (JSON.parse(readFileSync(path, "utf8")) as T) : undefined;
}

function formatDuration(milliseconds: number): string {
  const seconds = Math.round(milliseconds / 1000);
  return seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}
