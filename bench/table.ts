// The one table `npm run bench` prints, from the rows every benchmark recorded (results.ts): the
// targets applied where a bench did not judge a row itself, the markdown, and the
// README's "Latest" section and history of ratios. Pure functions, so run-all.test.ts covers them.
import type { BenchRow } from "./results.ts";

type Target = {
  bench: string;
  endpoint: RegExp;
  /** Only rows whose ratio is to this baseline (a cached PDF against the same bytes). */
  baselineName?: RegExp;
  target: string;
  check: (row: BenchRow) => boolean | undefined;
};

const atMost = (value: number | undefined, limit: number) =>
  value === undefined ? undefined : value <= limit;
const atLeast = (value: number | undefined, floor: number) =>
  value === undefined ? undefined : value >= floor;

/**
 * The targets for the rows the calendar benches record through the harness's
 * `printLoadTable` (which cannot know them). A row that carries its own target keeps it.
 */
export const defaultTargets: readonly Target[] = [
  {
    bench: "calendars-save",
    endpoint: /POST \/api\/calendar/,
    target: "≥ 1,500/s, p99 ≤ 50 ms",
    check: (row) => {
      const fast = atLeast(row.perSecond, 1_500);
      const tail = atMost(row.p99Ms, 50);
      return fast === undefined || tail === undefined ? undefined : fast && tail;
    },
  },
  {
    bench: "calendars-list",
    endpoint: /GET \/api\/user\/calendars/,
    target: "p99 ≤ 20 ms",
    check: (row) => atMost(row.p99Ms, 20),
  },
  {
    bench: "calendars-pdf",
    endpoint: /health/i,
    target: "p99 ≤ 20 ms",
    check: (row) => atMost(row.p99Ms, 20),
  },
  {
    bench: "calendars-pdf",
    endpoint: /uncached/i,
    target: "≥ 150/s",
    check: (row) => atLeast(row.perSecond, 150),
  },
  {
    bench: "calendars-pdf",
    endpoint: /download|feed|\.ics|PDF/i,
    baselineName: /same bytes/i,
    target: "ratio ≥ 0.5",
    check: (row) => atLeast(row.ratio, 0.5),
  },
  {
    bench: "vet-doses-due",
    endpoint: /doses-due \(summary\)/,
    target: "p99 ≤ 50 ms",
    check: (row) => atMost(row.p99Ms, 50),
  },
];

/** Each row with its target and verdict: its own if it has one, else the first default matching. */
export function applyTargets(
  rows: readonly BenchRow[],
  targets: readonly Target[] = defaultTargets,
): BenchRow[] {
  return rows.map((row) => {
    if (row.target !== undefined) return row;
    const found = targets.find(
      (candidate) =>
        candidate.bench === row.bench &&
        candidate.endpoint.test(row.endpoint) &&
        (!candidate.baselineName || candidate.baselineName.test(row.baselineName ?? "")),
    );
    if (!found) return row;
    const met = found.check(row);
    return { ...row, target: found.target, ...(met === undefined ? {} : { met }) };
  });
}

const dash = "–";

function formatRate(value: number | undefined): string {
  if (value === undefined || !Number.isFinite(value)) return dash;
  return Math.round(value).toLocaleString("en-IE");
}

function formatMs(value: number | undefined): string {
  if (value === undefined || !Number.isFinite(value)) return dash;
  return value >= 10 ? Math.round(value).toLocaleString("en-IE") : String(Number(value.toFixed(2)));
}

function formatRatio(value: number | undefined): string {
  if (value === undefined || !Number.isFinite(value)) return dash;
  if (value >= 10) return `${value.toFixed(1)}×`;
  return value >= 0.1 ? value.toFixed(2) : value.toPrecision(2);
}

const escapeCell = (text: string) => text.replaceAll("|", "\\|");

/** A benchmark that did not finish, for the table's footnotes. */
export type BenchOutcome = { bench: string; status: "ok" | "failed" | "skipped"; note?: string };

/** The one table: endpoint, req/s, p50, p99, baseline, ratio, target, met?, load. */
export function formatTable(rows: readonly BenchRow[]): string {
  const lines = [
    "| bench | endpoint | req/s | p50 (ms) | p99 (ms) | baseline (req/s) | ratio | target | met? | load |",
    "| --- | --- | ---: | ---: | ---: | --- | ---: | --- | :---: | ---: |",
  ];
  for (const row of rows) {
    const baseline =
      row.baselineName === undefined
        ? dash
        : `${row.baselineName}: ${formatRate(row.baselinePerSecond)}`;
    const met = row.met === undefined ? dash : row.met ? "yes" : "**no**";
    lines.push(
      `| ${[
        row.bench,
        escapeCell(row.endpoint),
        row.value === undefined ? formatRate(row.perSecond) : escapeCell(row.value),
        formatMs(row.p50Ms),
        formatMs(row.p99Ms),
        escapeCell(baseline),
        formatRatio(row.ratio),
        row.target === undefined ? dash : escapeCell(row.target),
        met,
        row.load === undefined ? dash : row.load.toFixed(1),
      ].join(" | ")} |`,
    );
  }
  return lines.join("\n");
}

/** The lines under the table: benches that failed or were skipped, and the targets' tally. */
export function formatSummary(
  rows: readonly BenchRow[],
  outcomes: readonly BenchOutcome[],
): string {
  const judged = rows.filter((row) => row.met !== undefined);
  const missed = judged.filter((row) => row.met === false);
  const lines = [
    `Targets met: ${judged.length - missed.length} of ${judged.length}` +
      (missed.length > 0
        ? ` (missed: ${missed.map((row) => `${row.bench} ${row.endpoint}`).join("; ")})`
        : "") +
      ".",
  ];
  for (const outcome of outcomes) {
    if (outcome.status === "ok") continue;
    lines.push(`- ${outcome.bench}: ${outcome.status}${outcome.note ? ` (${outcome.note})` : ""}`);
  }
  return lines.join("\n");
}

/** One line of the history of ratios: every row with a ratio, shortened. */
export function formatHistoryLine(
  rows: readonly BenchRow[],
  context: { date: string; commit: string; mode: string; load: string },
): string {
  const ratios = rows
    .filter((row) => row.ratio !== undefined)
    .map(
      (row) => `${shorten(row.endpoint)} ${formatRatio(row.ratio)}${row.met === false ? "!" : ""}`,
    )
    .join(", ");
  const judged = rows.filter((row) => row.met !== undefined);
  const met = judged.filter((row) => row.met).length;
  return `| ${context.date} | ${context.commit} | ${context.mode} | ${context.load} | ${met}/${judged.length} | ${escapeCell(ratios)} |`;
}

function shorten(endpoint: string): string {
  return endpoint
    .replace(/^(GET|POST|PUT|DELETE) /, "")
    .replace(/ \([\d,]+ B\)$/, "")
    .replace(/^\/api\//, "");
}

export const latestStart = "<!-- bench:latest:start -->";
export const latestEnd = "<!-- bench:latest:end -->";
export const historyStart = "<!-- bench:history:start -->";
export const historyEnd = "<!-- bench:history:end -->";
const historyHeader = [
  "| date | commit | run | load | targets met | ratios (`!` = missed its target) |",
  "| --- | --- | --- | ---: | ---: | --- |",
];

/**
 * The README with `latest` between the latest markers and `historyLine` added to the history
 * table (newest first). Throws when the markers are missing, rather than writing elsewhere.
 */
export function updateReadme(readme: string, latest: string, historyLine: string): string {
  const replaceBetween = (
    text: string,
    start: string,
    end: string,
    inner: (old: string) => string,
  ) => {
    const from = text.indexOf(start);
    const to = text.indexOf(end);
    if (from < 0 || to < from) throw new Error(`bench/README.md has no ${start} … ${end} section`);
    const old = text.slice(from + start.length, to);
    return `${text.slice(0, from + start.length)}\n\n${inner(old).trim()}\n\n${text.slice(to)}`;
  };
  const withLatest = replaceBetween(readme, latestStart, latestEnd, () => latest);
  return replaceBetween(withLatest, historyStart, historyEnd, (old) => {
    const previous = old
      .split("\n")
      .map((line) => line.trim())
      // Prettier pads the header and the separator, so they are recognised by their shape.
      .filter((line) => line.startsWith("|") && !/^\|\s*date\s*\|/.test(line))
      .filter((line) => !/^\|(\s*:?-+:?\s*\|)+$/.test(line));
    return [...historyHeader, historyLine, ...previous].join("\n");
  });
}
