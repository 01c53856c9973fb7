// `npm run bench`: every benchmark, one after the other, each in its own process with its baseline
// measured in the same run, then ONE table (endpoint, req/s, p50, p99, baseline, ratio, target,
// met?) written into bench/README.md's "Latest" section, with a line added to its history of
// ratios. Each bench appends its rows to $BENCH_RESULTS (results.ts); nothing needs a running
// server: the benches start their own embedded PostgreSQL, and Lighthouse gets its own `npm start`.
//
//   npm run bench                      # everything, about 10 minutes on a 2-core machine
//   npm run bench -- --quick           # smoke: runs of 2 s, 2,000 reminders, README untouched
//   npm run bench -- --only=reference,calendars-save
//   npm run bench -- --no-write        # print the table only
//
// BENCH_SCALE scales every measured run (1 = the benches' own durations, --quick 0.2);
// REMINDERS the reminders bench's size (100,000; --quick 2,000); LIGHTHOUSE_RUNS its runs per
// page (1 here), YARD_PHONE_RUNS the yard phone's runs (3); CHROME_PATH the browser (Lighthouse
// and the yard phone are skipped, and say so, without one; the web app is built first when
// apps/web/dist has no build).
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import type { BenchRow } from "./results.ts";
import {
  applyTargets,
  formatHistoryLine,
  formatSummary,
  formatTable,
  updateReadme,
  type BenchOutcome,
} from "./table.ts";

const benchDir = import.meta.dirname;
const repositoryRoot = path.resolve(benchDir, "..");
const readmePath = path.join(benchDir, "README.md");

type BenchSpec = {
  name: string;
  file: string;
  env?: (quick: boolean) => Record<string, string>;
  /** A reason to skip it on this machine, or undefined to run it. */
  skipReason?: () => string | undefined;
  /** Something to start first (Lighthouse: the app); returns extra env and a stop function. */
  prepare?: () => Promise<{ env: Record<string, string>; stop: () => Promise<void> }>;
};

const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const webIndex = path.join(repositoryRoot, "apps/web/dist/index.html");

const benches: BenchSpec[] = [
  { name: "engine", file: "engine.bench.ts" },
  { name: "reference", file: "reference.bench.ts" },
  { name: "calendars-save", file: "calendars-save.bench.ts" },
  { name: "calendars-edit", file: "calendars-edit.bench.ts" },
  { name: "two-nodes", file: "two-nodes.bench.ts" },
  { name: "calendars-list", file: "calendars-list.bench.ts" },
  { name: "calendars-pdf", file: "calendars-pdf.bench.ts" },
  { name: "invalid-saves", file: "invalid-saves.bench.ts" },
  { name: "vet-doses-due", file: "vet-doses-due.bench.ts" },
  {
    name: "reminders",
    file: "reminders.bench.ts",
    env: (quick) => ({ REMINDERS: process.env.REMINDERS ?? (quick ? "2000" : "100000") }),
  },
  {
    name: "lighthouse",
    file: "lighthouse.bench.ts",
    env: () => ({ LIGHTHOUSE_RUNS: process.env.LIGHTHOUSE_RUNS ?? "1" }),
    skipReason: () =>
      existsSync(chromePath) ? undefined : `no Chromium at ${chromePath} (set CHROME_PATH)`,
    prepare: startAppForLighthouse,
  },
  {
    // Issue 25 item 9: the landing page and This week on a throttled phone (decision 711).
    name: "yard-phone",
    file: "yard-phone.bench.ts",
    env: () => ({ YARD_PHONE_RUNS: process.env.YARD_PHONE_RUNS ?? "3" }),
    skipReason: () =>
      existsSync(chromePath) ? undefined : `no Chromium at ${chromePath} (set CHROME_PATH)`,
    prepare: startAppForLighthouse,
  },
];

const args = process.argv.slice(2);
const quick = args.includes("--quick");
const only = readListOption("--only");
const skip = readListOption("--skip");
const write = args.includes("--write") || (!quick && !args.includes("--no-write"));
const scale = process.env.BENCH_SCALE ?? (quick ? "0.2" : "1");
const unknown = [...(only ?? []), ...(skip ?? [])].filter(
  (name) => !benches.some((bench) => bench.name === name),
);
if (unknown.length > 0) {
  console.error(
    `Unknown bench ${unknown.join(", ")}; known: ${benches.map((b) => b.name).join(", ")}`,
  );
  process.exit(2);
}

const workDir = mkdtempSync(path.join(os.tmpdir(), "vaxcal-bench-all-"));
const resultsFile = path.join(workDir, "results.jsonl");
writeFileSync(resultsFile, "");
const startedAt = performance.now();
const loadAtStart = os.loadavg();
const outcomes: BenchOutcome[] = [];

try {
  for (const bench of benches) {
    if (only && !only.includes(bench.name)) continue;
    if (skip?.includes(bench.name)) {
      outcomes.push({ bench: bench.name, status: "skipped", note: "--skip" });
      continue;
    }
    const reason = bench.skipReason?.();
    if (reason) {
      console.log(`\n=== ${bench.name}: skipped, ${reason}`);
      outcomes.push({ bench: bench.name, status: "skipped", note: reason });
      continue;
    }
    console.log(`\n=== ${bench.name} (${bench.file}), load average ${formatLoad(os.loadavg())}`);
    const benchStarted = performance.now();
    const rowsBefore = readRows().length;
    let prepared: Awaited<ReturnType<NonNullable<BenchSpec["prepare"]>>> | undefined;
    try {
      prepared = await bench.prepare?.();
      const code = await runChild(path.join(benchDir, bench.file), {
        ...bench.env?.(quick),
        ...prepared?.env,
      });
      const recorded = readRows().length - rowsBefore;
      const seconds = ((performance.now() - benchStarted) / 1000).toFixed(0);
      if (code === 0) {
        outcomes.push({ bench: bench.name, status: "ok", note: `${seconds} s` });
      } else if (recorded > 0) {
        // The benches exit 1 when they miss their own floor: the rows are still the measurement.
        outcomes.push({
          bench: bench.name,
          status: "ok",
          note: `${seconds} s, exited ${code}: below its own floor`,
        });
      } else {
        outcomes.push({ bench: bench.name, status: "failed", note: `exit ${code}, no rows` });
      }
    } catch (error) {
      outcomes.push({
        bench: bench.name,
        status: "failed",
        note: error instanceof Error ? error.message : String(error),
      });
    } finally {
      await prepared?.stop();
    }
  }

  const rows = applyTargets(readRows());
  const minutes = ((performance.now() - startedAt) / 60_000).toFixed(1);
  const commit = readCommit();
  const date = new Date().toISOString().slice(0, 10);
  const mode = quick ? "quick" : scale === "1" ? "full" : `scale ${scale}`;
  const heading =
    `${date}, commit ${commit}, ${mode} run (BENCH_SCALE ${scale}) in ${minutes} min; ` +
    `Node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? "CPU"}; ` +
    `load average ${formatLoad(loadAtStart)} at the start, ${formatLoad(os.loadavg())} at the end.`;
  const latest = [heading, "", formatTable(rows), "", formatSummary(rows, outcomes)].join("\n");
  console.log(`\n${latest}\n`);
  for (const outcome of outcomes) {
    console.log(`${outcome.bench}: ${outcome.status}${outcome.note ? ` (${outcome.note})` : ""}`);
  }
  if (write) {
    const historyLine = formatHistoryLine(rows, {
      date,
      commit,
      mode,
      load: os.loadavg()[0]?.toFixed(1) ?? "?",
    });
    const updated = updateReadme(readFileSync(readmePath, "utf8"), latest, historyLine);
    // Formatted as `npm run format` would, so that the format check of `npm test` still passes.
    const prettier = await import("prettier");
    const options = await prettier.resolveConfig(readmePath);
    writeFileSync(readmePath, await prettier.format(updated, { ...options, filepath: readmePath }));
    console.log(`\nWritten into ${path.relative(process.cwd(), readmePath)} (Latest, History).`);
  } else {
    console.log("\nNot written into bench/README.md (--quick or --no-write; --write forces it).");
  }
  if (outcomes.some((outcome) => outcome.status === "failed")) process.exitCode = 1;
} finally {
  rmSync(workDir, { recursive: true, force: true });
}

function readListOption(name: string): string[] | undefined {
  const arg = args.find((candidate) => candidate.startsWith(`${name}=`));
  return arg
    ?.slice(name.length + 1)
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);
}

function readRows(): BenchRow[] {
  return readFileSync(resultsFile, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as BenchRow);
}

function formatLoad(load: number[]): string {
  return load.map((value) => value.toFixed(1)).join(", ");
}

function readCommit(): string {
  try {
    const commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], {
      cwd: repositoryRoot,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
    const dirty = execFileSync("git", ["status", "--porcelain", "--untracked-files=no"], {
      cwd: repositoryRoot,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
    return dirty ? `${commit} (with local changes)` : commit;
  } catch {
    return "unknown";
  }
}

/** Runs one bench with this Node (the project's Node 24), its output shown as it comes. */
function runChild(file: string, extraEnv: Record<string, string>): Promise<number> {
  const child = spawn(process.execPath, [file], {
    cwd: benchDir,
    env: { ...process.env, ...extraEnv, BENCH_RESULTS: resultsFile, BENCH_SCALE: scale },
    stdio: "inherit",
  });
  // Ctrl-C reaches the child too (same process group); wait for it rather than orphan it.
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

function runProcess(argv: string[], cwd: string): Promise<number> {
  const child = spawn(process.execPath, argv, { cwd, stdio: "inherit" });
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code) => resolve(code ?? 1));
  });
}

function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** `npm start`'s server (embedded PostgreSQL in a temp folder, the built web app) for Lighthouse. */
async function startAppForLighthouse(): Promise<{
  env: Record<string, string>;
  stop: () => Promise<void>;
}> {
  if (!existsSync(webIndex)) {
    // A fresh clone: build the web app as `npm start` would (vite build, about 10 s).
    console.log("Building the web app for Lighthouse (apps/web: vite build)…");
    const code = await runProcess(
      [path.join(repositoryRoot, "node_modules/vite/bin/vite.js"), "build"],
      path.join(repositoryRoot, "apps/web"),
    );
    if (code !== 0) throw new Error(`the web app's build failed (exit ${code})`);
  }
  const port = await findFreePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "vaxcal-bench-lighthouse-"));
  const server = spawn(process.execPath, [path.join(repositoryRoot, "apps/server/src/server.ts")], {
    cwd: repositoryRoot,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise<void>((resolve) => server.once("exit", () => resolve()));
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) server.kill("SIGTERM");
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  // `localhost`, not 127.0.0.1: the bench reaches /beta only from a local host name.
  const url = `http://localhost:${port}`;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) break;
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { env: { VAXCAL_URL: url }, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await stop();
  throw new Error("the app for Lighthouse did not start within 2 minutes");
}
