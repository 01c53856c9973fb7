import { describe, expect, it } from "vitest";
import type { BenchRow } from "./results.ts";
import {
  applyTargets,
  formatHistoryLine,
  formatSummary,
  formatTable,
  historyEnd,
  historyStart,
  latestEnd,
  latestStart,
  updateReadme,
} from "./table.ts";

const rows: BenchRow[] = [
  {
    bench: "reference",
    endpoint: "GET /api/vets (527 B)",
    perSecond: 38_160.4,
    p50Ms: 1,
    p99Ms: 3,
    baselineName: "same bytes from memory",
    baselinePerSecond: 81_363,
    ratio: 0.469,
    target: "ratio ≥ 0.5",
    met: false,
    load: 2.14,
  },
  {
    bench: "calendars-save",
    endpoint: "POST /api/calendar (save)",
    perSecond: 1_612,
    p50Ms: 22,
    p99Ms: 48,
    baselineName: "hello-world",
    baselinePerSecond: 40_000,
    ratio: 0.0403,
    load: 3,
  },
  {
    bench: "calendars-list",
    endpoint: "GET /api/user/calendars",
    perSecond: 3_000,
    p50Ms: 9,
    p99Ms: 31,
    baselineName: "hello-world",
    baselinePerSecond: 40_000,
    ratio: 0.075,
  },
  {
    bench: "lighthouse",
    endpoint: "Lighthouse mobile: Landing page `/` | median of 1",
    value: "perf 98, a11y 100, bp 100, SEO 100",
    target: "perf ≥ 95, a11y, bp, SEO 100",
    met: true,
  },
  { bench: "engine", endpoint: "checkProtocol", perSecond: 58_707.2, p99Ms: 0.0451 },
];

describe("the one table of npm run bench", () => {
  it("judges the calendar rows by their targets and keeps a bench's own verdict", () => {
    const judged = applyTargets(rows);
    expect(judged[0]).toMatchObject({ target: "ratio ≥ 0.5", met: false });
    expect(judged[1]).toMatchObject({ target: "≥ 1,500/s, p99 ≤ 50 ms", met: true });
    expect(judged[2]).toMatchObject({ target: "p99 ≤ 20 ms", met: false });
    expect(judged[4]?.target).toBeUndefined();
  });

  it("prints endpoint, req/s, p50, p99, baseline, ratio, target, met and load", () => {
    const table = formatTable(applyTargets(rows)).split("\n");
    expect(table[0]).toBe(
      "| bench | endpoint | req/s | p50 (ms) | p99 (ms) | baseline (req/s) | ratio | target | met? | load |",
    );
    expect(table[2]).toBe(
      "| reference | GET /api/vets (527 B) | 38,160 | 1 | 3 | same bytes from memory: 81,363 | 0.47 | ratio ≥ 0.5 | **no** | 2.1 |",
    );
    expect(table[3]).toBe(
      "| calendars-save | POST /api/calendar (save) | 1,612 | 22 | 48 | hello-world: 40,000 | 0.040 | ≥ 1,500/s, p99 ≤ 50 ms | yes | 3.0 |",
    );
    // A pipe inside a cell would split the row; a score stands where a rate would.
    expect(table[5]).toContain(
      "Landing page `/` \\| median of 1 | perf 98, a11y 100, bp 100, SEO 100 |",
    );
    expect(table[6]).toBe("| engine | checkProtocol | 58,707 | – | 0.05 | – | – | – | – | – |");
  });

  it("sums up the targets and names the benches that failed or were skipped", () => {
    const summary = formatSummary(applyTargets(rows), [
      { bench: "engine", status: "ok", note: "14 s" },
      { bench: "lighthouse", status: "skipped", note: "no Chromium at /usr/bin/chromium" },
      { bench: "calendars-pdf", status: "failed", note: "exit 1, no rows" },
    ]);
    expect(summary).toBe(
      [
        "Targets met: 2 of 4 (missed: reference GET /api/vets (527 B); calendars-list GET /api/user/calendars).",
        "- lighthouse: skipped (no Chromium at /usr/bin/chromium)",
        "- calendars-pdf: failed (exit 1, no rows)",
      ].join("\n"),
    );
  });

  it("replaces the Latest section and adds the newest history line on top", () => {
    const readme = [
      "# Benchmarks",
      latestStart,
      "old table",
      latestEnd,
      historyStart,
      "| date | commit | run | load | targets met | ratios (`!` = missed its target) |",
      "| --- | --- | --- | ---: | ---: | --- |",
      "| 2026-11-23 | aaaaaaa | full | 1.0 | 1/1 | vets 0.60 |",
      historyEnd,
      "## Engine",
    ].join("\n");
    const line = formatHistoryLine(applyTargets(rows), {
      date: "2026-11-24",
      commit: "bbbbbbb",
      mode: "full",
      load: "2.0",
    });
    expect(line).toBe(
      "| 2026-11-24 | bbbbbbb | full | 2.0 | 2/4 | vets 0.47!, calendar (save) 0.040, user/calendars 0.075! |",
    );
    const updated = updateReadme(readme, "new table", line);
    expect(updated).not.toContain("old table");
    expect(updated).toContain(`${latestStart}\n\nnew table\n\n${latestEnd}`);
    const history = updated.slice(updated.indexOf(historyStart), updated.indexOf(historyEnd));
    expect(history.split("\n").filter((row) => row.startsWith("| 20"))).toEqual([
      line,
      "| 2026-11-23 | aaaaaaa | full | 1.0 | 1/1 | vets 0.60 |",
    ]);
    expect(updated.endsWith("## Engine")).toBe(true);
    // Again, after prettier padded the table: still one header and one separator.
    const padded = updated
      .replace("| date | commit |", "| date       | commit  |")
      .replace("| --- | --- | --- |", "| ---------- | ------- | ---- |");
    const again = updateReadme(padded, "newer", line);
    expect(again.match(/\| date +\| commit/g)).toHaveLength(1);
    expect(again.match(/^\| -{4,} \|/gm)).toBeNull();
    expect(again.match(/^\| --- \| --- \|/gm)).toHaveLength(1);
  });

  it("refuses a README without the markers rather than writing elsewhere", () => {
    expect(() => updateReadme("# Benchmarks\n", "table", "| line |")).toThrow(/bench:latest/);
  });
});
