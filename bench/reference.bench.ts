// The reference lists under load, each next to a Fastify that serves the very same bytes (body
// and headers) from memory, measured in the same run, one after the other: the issue 15 target is
// a ratio of at least 0.5 for every list. Requests carry no Accept-Encoding (the JSON as it is);
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

const seconds = 5;
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
        const app = await runLoad(
          { url: `${server.url}${item.path}`, headers: item.headers, duration: seconds },
          item.name,
        );
        const fixed = await runLoad(
          { url: `${baseline.url}${baselinePath}`, headers: item.headers, duration: seconds },
          `${item.name} baseline`,
        );
        rows.push({ name: item.name, bytes: raw.length, app, baseline: fixed });
      } finally {
        await baseline.stop();
      }
    }

    console.log(describeMachine());
    console.log(
      `${connections} connections, ${seconds} s each, VaxCal then its baseline per list\n`,
    );
    console.log(
      "| endpoint | bytes | VaxCal req/s | p50 (ms) | p99 (ms) | same bytes from memory req/s | ratio |",
    );
    console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: |");
    for (const row of rows) {
      console.log(
        `| ${row.name} | ${formatNumber(row.bytes)} | ${formatNumber(row.app.requests.average)} | ${row.app.latency.p50} | ${row.app.latency.p99} | ${formatNumber(row.baseline.requests.average)} | ${formatNumber(row.app.requests.average / row.baseline.requests.average, 2)} |`,
      );
    }
  } finally {
    await server.stop();
  }
} finally {
  await benchDatabase.stop();
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
