// The reference lists under load, each next to a Fastify that serves the very same bytes (body
// and headers) from memory, measured in the same run, in the order VaxCal, baseline, baseline,
// VaxCal (half the time each), so a load that drifts during the pair weighs on both sides alike:
// the target is a ratio of at least 0.5 for every list. Requests carry no Accept-Encoding (the JSON as it is);
// /api/vaccines is also measured with `br`. Run: npm run bench:reference -w @vaxcal/bench
import { referenceLists, type ReferenceListKey } from "@vaxcal/contracts";
import type { Result } from "autocannon";
import {
  appSecret,
  connections,
  describeMachine,
  formatNumber,
  runLoad,
  startBenchDatabase,
  startServer,
} from "./calendars-harness.ts";
import type { FixedAnswer } from "./calendars-server.worker.ts";
import { recordResult, scaledSeconds } from "./results.ts";

/** Per list and side; BENCH_SCALE scales it (`npm run bench -- --quick`). */
const seconds = scaledSeconds(5);
const targetRatio = 0.5;
const keptHeaders = ["content-type", "content-encoding", "etag", "cache-control", "vary"];

type Case = { name: string; path: string; headers: Record<string, string> };
const cases: Case[] = (Object.keys(referenceLists) as ReferenceListKey[]).map((key) => ({
  name: `GET ${referenceLists[key].path}`,
  path: referenceLists[key].path,
  headers: {},
}));
cases.push({
  name: "GET /api/vaccines (br)",
  path: "/api/vaccines",
  headers: { "accept-encoding": "br" },
});

const benchDatabase = await startBenchDatabase();
try {
  const server = await startServer({ kind: "app", databaseUrl: benchDatabase.url, appSecret });
  try {
    // Warm up the app's code paths first, so the first list is not measured while it compiles.
    for (const item of cases) {
      await runLoad(
        { url: `${server.url}${item.path}`, headers: item.headers, duration: 1 },
        "warm-up",
      );
    }
    const rows: Array<{ name: string; bytes: number; app: Result; baseline: Result }> = [];
    for (const [index, item] of cases.entries()) {
      const response = await fetch(`${server.url}${item.path}`, { headers: item.headers });
      const body = new Uint8Array(await response.arrayBuffer());
      const headers: Record<string, string> = {};
      for (const name of keptHeaders) {
        const value = response.headers.get(name);
        if (value) headers[name] = value;
      }
      // fetch decodes what it is sent; the baseline must send what VaxCal sent on the wire.
      const raw = headers["content-encoding"]
        ? await readRawBody(`${server.url}${item.path}`, item.headers)
        : body;
      const baselinePath = `/fixed/${index}`;
      const answers: FixedAnswer[] = [{ path: baselinePath, body: raw, headers }];
      const baseline = await startServer({ kind: "bytes", answers });
      try {
        const measureApp = () =>
          runLoad(
            { url: `${server.url}${item.path}`, headers: item.headers, duration: seconds / 2 },
            item.name,
          );
        const measureBaseline = () =>
          runLoad(
            {
              url: `${baseline.url}${baselinePath}`,
              headers: item.headers,
              duration: seconds / 2,
            },
            `${item.name} baseline`,
          );
        // The baseline is a fresh worker: warm it up as the app was, or its first half runs on
        // cold code and flatters the ratio.
        await runLoad(
          { url: `${baseline.url}${baselinePath}`, headers: item.headers, duration: 1 },
          "baseline warm-up",
        );
        const appFirst = await measureApp();
        const baselineFirst = await measureBaseline();
        const baselineSecond = await measureBaseline();
        const appSecond = await measureApp();
        rows.push({
          name: item.name,
          bytes: raw.length,
          app: combine(appFirst, appSecond),
          baseline: combine(baselineFirst, baselineSecond),
        });
      } finally {
        await baseline.stop();
      }
    }

    console.log(describeMachine());
    console.log(
      `${connections} connections, ${seconds} s each side, per list VaxCal, baseline, baseline, VaxCal (${seconds / 2} s each)\n`,
    );
    console.log(
      "| endpoint | bytes | VaxCal req/s | p50 (ms) | p99 (ms) | same bytes from memory req/s | ratio |",
    );
    console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: |");
    for (const row of rows) {
      console.log(
        `| ${row.name} | ${formatNumber(row.bytes)} | ${formatNumber(row.app.requests.average)} | ${row.app.latency.p50} | ${row.app.latency.p99} | ${formatNumber(row.baseline.requests.average)} | ${formatNumber(row.app.requests.average / row.baseline.requests.average, 2)} |`,
      );
      const ratio = row.app.requests.average / row.baseline.requests.average;
      recordResult({
        endpoint: `${row.name} (${formatNumber(row.bytes)} B)`,
        perSecond: row.app.requests.average,
        p50Ms: row.app.latency.p50,
        p99Ms: row.app.latency.p99,
        baselineName: "same bytes from memory",
        baselinePerSecond: row.baseline.requests.average,
        ratio,
        target: `ratio ≥ ${targetRatio}`,
        met: ratio >= targetRatio,
      });
    }
  } finally {
    await server.stop();
  }
} finally {
  await benchDatabase.stop();
}

/** Two halves of one measurement: the mean rate, and the worse of their latencies. */
function combine(first: Result, second: Result): Result {
  return {
    ...first,
    requests: {
      ...first.requests,
      average: (first.requests.average + second.requests.average) / 2,
    },
    latency: {
      ...first.latency,
      p50: Math.max(first.latency.p50, second.latency.p50),
      p99: Math.max(first.latency.p99, second.latency.p99),
    },
  };
}

/** The body exactly as sent, still encoded, over a plain HTTP/1.1 request. */
async function readRawBody(url: string, headers: Record<string, string>): Promise<Uint8Array> {
  const http = await import("node:http");
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve(Buffer.concat(chunks)));
        response.on("error", reject);
      })
      .on("error", reject);
  });
}
