// `npm start`'s first step (decision 018): build the web app only when the build is missing or
// older than its sources, so a production install (`npm ci --omit=dev` after `npm run build`)
// starts without the build tools, and a developer's `npm start` still builds what changed.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");

/** What the web build reads: its own sources and the workspace packages it bundles. */
export const webBuildInputs = [
  "apps/web/src",
  "apps/web/public",
  "apps/web/index.html",
  "apps/web/vite.config.ts",
  "apps/web/package.json",
  "packages/contracts/src",
  "packages/schedule/src",
  "packages/reference-data/src",
];

/** The file the build writes that every start needs. */
export const webBuildOutput = "apps/web/dist/index.html";

function newestModification(target: string): number {
  if (!existsSync(target)) return 0;
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(target, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .reduce(
      (newest, entry) =>
        Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs),
      0,
    );
}

export type BuildState = "missing" | "stale" | "current";

export function webBuildState(directory: string): BuildState {
  const output = path.join(directory, webBuildOutput);
  if (!existsSync(output)) return "missing";
  const builtAt = statSync(output).mtimeMs;
  const sourcesAt = Math.max(
    ...webBuildInputs.map((input) => newestModification(path.join(directory, input))),
  );
  return sourcesAt > builtAt ? "stale" : "current";
}

/** Whether this install has the web build tools (a production install does not). */
function canBuild(directory: string): boolean {
  return existsSync(path.join(directory, "node_modules", ".bin", "vite"));
}

function main(): number {
  const state = webBuildState(root);
  if (state === "current") return 0;
  if (!canBuild(root)) {
    if (state === "missing") {
      console.error(
        "VaxCal's web app is not built, and this install has no build tools (production dependencies only). Run `npm ci && npm run build`, then `npm ci --omit=dev`, then `npm start`.",
      );
      return 1;
    }
    console.log("The web app's sources are newer than its build; serving the build as it is.");
    return 0;
  }
  console.log(state === "missing" ? "Building the web app…" : "Rebuilding the web app…");
  const build = spawnSync("npm", ["run", "build", "-w", "@vaxcal/web"], {
    cwd: root,
    stdio: "inherit",
  });
  return build.status ?? 1;
}

if (import.meta.main) process.exitCode = main();
