// The rows `npm run bench` (run-all.ts) gathers from every benchmark. A bench calls
// `recordResult` (or the harness's `printLoadTable`, which does it for each endpoint); when the
// BENCH_RESULTS environment variable names a file, each row is appended to it as one JSON line.
// Run on its own, a bench records nothing and prints its own table as before.
import { appendFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/** One line of the combined table. Numbers the bench does not have stay undefined (shown "–"). */
export type BenchRow = {
  /** The bench file that measured it, e.g. "calendars-save" (filled in by `recordResult`). */
  bench: string;
  endpoint: string;
  /** Requests (or calendars, reminders…) per second. */
  perSecond?: number;
  p50Ms?: number;
  p99Ms?: number;
  /** What the ratio is to, e.g. "hello-world" or "same bytes from memory". */
  baselineName?: string;
  baselinePerSecond?: number;
  ratio?: number;
  /** A measurement that is not a rate (Lighthouse scores, a render's median); shown for req/s. */
  value?: string;
  /** The target in words, e.g. "ratio ≥ 0.5"; when absent the runner looks it up (targets.ts). */
  target?: string;
  met?: boolean;
  /** The 1-minute load average when the row was recorded: the machine is shared. */
  load?: number;
};

/** The bench's name: its file name without `.bench.ts`. */
export function benchName(): string {
  return path
    .basename(process.argv[1] ?? "bench")
    .replace(/\.bench\.[cm]?[jt]s$|\.[cm]?[jt]s$/, "");
}

/** Appends the row to $BENCH_RESULTS (one JSON line) when it is set; otherwise does nothing. */
export function recordResult(row: Omit<BenchRow, "bench" | "load"> & { bench?: string }): void {
  const file = process.env.BENCH_RESULTS;
  if (!file) return;
  const complete: BenchRow = { bench: benchName(), load: os.loadavg()[0], ...row };
  appendFileSync(file, `${JSON.stringify(complete)}\n`);
}

/**
 * How long each measured run lasts, scaled by BENCH_SCALE (1 by default; `npm run bench --
 * --quick` sets 0.2 for a smoke run). Never under one second.
 */
export function scaledSeconds(seconds: number): number {
  const scale = Number(process.env.BENCH_SCALE ?? 1);
  const scaled = Math.round(seconds * (Number.isFinite(scale) && scale > 0 ? scale : 1));
  return Math.max(1, scaled);
}
