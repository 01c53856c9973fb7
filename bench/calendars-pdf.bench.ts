// PDF and feed (decision 704). First the render itself: median and p95 of
// renderCalendarPdf for a 3-year calendar with 6 diseases, on one thread (exits 1 over 50 ms).
// Then the app in a worker thread at 50 connections, each measured next to a Fastify that sends
// the very same bytes and headers from memory in the same run:
//   - a cached PDF download, and a cached feed (8,000 calendars' feeds, each fetched once first:
//     a token may be fetched 60 times an hour, and a cached feed runs at tens of thousands a second);
//   - uncached PDF downloads: every request a calendar not rendered yet (10,000 copies of the
//     saved one, 250 farmers with 40 each), at 50 connections, then at 20 connections while
//     /api/health is asked 100 times a second.
// Targets: cached ≥ 0.5 × the same bytes, uncached ≥ 150 PDFs/s, health p99 ≤ 20 ms.
// Run: npm run bench:calendars-pdf -w @vaxcal/bench
import { randomBytes } from "node:crypto";
import type { RequestOptions, Result } from "autocannon";
import PDFDocument from "pdfkit";
import type pg from "pg";
import { Bench } from "tinybench";
import { startSession } from "../apps/server/src/auth/sessions.ts";
import type { Db } from "../apps/server/src/db/database.ts";
import { renderCalendarPdf } from "../apps/server/src/modules/calendars/documents/render-calendar-pdf.ts";
import { buildCalendarPrintout } from "../apps/server/src/modules/calendars/documents/calendar-document.ts";
import {
  deriveFeedToken,
  hashFeedToken,
} from "../apps/server/src/modules/calendars/documents/calendar-feed-token.ts";
import {
  buildEngineCalendar,
  buildSampleCalendarDocument,
  buildSubmitPayload,
  dairySpringCows,
  listOfferedDiseaseIds,
} from "../apps/server/src/test/calendars.ts";
import {
  appSecret,
  connections,
  describeMachine,
  formatNumber,
  measureHelloWorld,
  printLoadTable,
  recordLoadResult,
  registerFarmer,
  runLoad,
  runSeconds,
  startBenchDatabase,
  startServer,
} from "./calendars-harness.ts";
import type { FixedAnswer } from "./calendars-server.worker.ts";

const targetMedianMs = 50;
const targets = { cachedRatio: 0.5, uncachedPerSecond: 150, healthP99Ms: 20 };
const copyFarmers = 250;
const copiesPerFarmer = 40;
// 8,000 × 59 fetches left in the hour: room for 470,000 cached fetches; their feeds (about 7 kB
// each with Brotli and gzip) fit the renders' 64 MiB cache.
const feedCalendars = 8_000;
/*
 * At 46,000 cached feeds a second a 10 s run used up the tokens' hour (one 429 in 464,545), so
 * the cached feed runs for 8 s: about 370,000 fetches, a fifth under the room left. (Stopping
 * after a number of requests instead would end on a part-second sample and understate the rate.)
 */
const cachedFeedSeconds = (runSeconds * 8) / 10;
const warmUpConcurrency = 8;
const uncachedLoadConnections = 20;
const healthRate = 100;
const keptHeaders = [
  "content-type",
  "content-disposition",
  "etag",
  "cache-control",
  "x-robots-tag",
  "vary",
];

/** The smallest PDF pdfkit makes: one page, one line in a base font. The floor of any render. */
function renderOneLinePdf(): Promise<Buffer> {
  const doc = new PDFDocument({ size: "A4", layout: "landscape" });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
  });
  doc.text("VaxCal");
  doc.end();
  return done;
}

const document = buildSampleCalendarDocument();
const printout = buildCalendarPrintout(document, "2026-03-02");
const years = new Set(
  printout.columns.flatMap((column) => column.shots.map((shot) => shot.date.slice(0, 4))).sort(),
);
const sample = await renderCalendarPdf(printout);

const tasks = {
  calendar: "renderCalendarPdf (3 years, 6 diseases)",
  floor: "one-line PDF (floor)",
};
const bench = new Bench({ time: 5_000, warmupTime: 1_000 });
bench.add(tasks.calendar, () => renderCalendarPdf(printout)).add(tasks.floor, renderOneLinePdf);
await bench.warmup();
await bench.run();

function readPercentile(name: string, fraction: number): number {
  const samples = [...(bench.getTask(name)?.result?.samples ?? [])].sort((a, b) => a - b);
  return samples[Math.min(samples.length - 1, Math.floor(samples.length * fraction))] ?? Number.NaN;
}

type Download = { token: string; path: string };

/**
 * `farmers` farmers with a live session, each with `perFarmer` copies of calendar `templateId`
 * (its columns and plan too), written in three statements. Each copy has a feed token of its own.
 */
async function insertCalendarCopies(
  pool: pg.Pool,
  db: Db,
  templateId: number,
  farmers: number,
  perFarmer: number,
): Promise<{ downloads: Download[]; feedPaths: string[] }> {
  const { rows: owners } = await pool.query<{ id: number }>(
    `INSERT INTO users (email, password_hash, name, surname, farmer_name, address1, town, eircode,
       county, country, terms_accepted_at, herd_size)
     SELECT 'copies' || i || '@bench.example.ie', 'not-a-hash', 'Farmer', 'Number ' || i,
       'Farm ' || i, 'Main Road', 'Macroom', 'P12 K7Y8', 'Cork', 'Ireland', now(), '51-100'
     FROM generate_series(1, $1::integer) AS i
     RETURNING id`,
    [farmers],
  );
  const tokens = new Map<number, string>();
  for (const owner of owners) {
    tokens.set(owner.id, (await startSession(db, owner.id, new Date())).token);
  }
  const { rows: columns } = await pool.query<{ name: string }>(
    `SELECT column_name AS name FROM information_schema.columns
     WHERE table_name = 'calendars'
       AND column_name NOT IN ('id', 'user_id', 'feed_nonce', 'feed_token_hash')
     ORDER BY ordinal_position`,
  );
  const copied = columns.map((column) => `"${column.name}"`).join(", ");
  const userIds: number[] = [];
  const nonces: string[] = [];
  const hashes: string[] = [];
  const feedTokens = new Map<string, string>();
  for (let copy = 0; copy < perFarmer; copy += 1) {
    for (const owner of owners) {
      const nonce = randomBytes(16).toString("hex");
      const token = deriveFeedToken(appSecret, nonce);
      userIds.push(owner.id);
      nonces.push(nonce);
      hashes.push(hashFeedToken(token) ?? "");
      feedTokens.set(nonce, token);
    }
  }
  const { rows: calendars } = await pool.query<{ id: number; userId: number; nonce: string }>(
    `INSERT INTO calendars (user_id, feed_nonce, feed_token_hash, ${copied})
     SELECT copy.user_id, copy.nonce, copy.hash, ${columns.map((column) => `template."${column.name}"`).join(", ")}
     FROM unnest($1::integer[], $2::text[], $3::text[]) WITH ORDINALITY AS copy(user_id, nonce, hash, n)
     CROSS JOIN calendars AS template
     WHERE template.id = $4
     ORDER BY copy.n
     RETURNING id, user_id AS "userId", feed_nonce AS nonce`,
    [userIds, nonces, hashes, templateId],
  );
  const ids = calendars.map((calendar) => calendar.id);
  await pool.query(
    `INSERT INTO calendar_diseases (calendar_id, disease_id, position, vaccine_id)
     SELECT copy.id, column_.disease_id, column_.position, column_.vaccine_id
     FROM unnest($1::integer[]) AS copy(id)
     JOIN calendar_diseases AS column_ ON column_.calendar_id = $2`,
    [ids, templateId],
  );
  await pool.query(
    `INSERT INTO calendar_shots (calendar_id, disease_id, shot_key, position, template_id, date,
       custom_name, is_recurrent, user_initiated)
     SELECT copy.id, seed.disease_id, seed.shot_key, seed.position, seed.template_id, seed.date,
       seed.custom_name, seed.is_recurrent, seed.user_initiated
     FROM unnest($1::integer[]) AS copy(id)
     JOIN calendar_shots AS seed ON seed.calendar_id = $2`,
    [ids, templateId],
  );
  await pool.query("ANALYZE");
  return {
    downloads: calendars.map((calendar) => ({
      token: tokens.get(calendar.userId) ?? "",
      path: `/api/calendars/${calendar.id}/download`,
    })),
    feedPaths: calendars.map(
      (calendar) => `/api/calendars/feed/${feedTokens.get(calendar.nonce)}.ics`,
    ),
  };
}

/** autocannon requests that take the next item of `items` each, never one twice. */
function takeEachOnce<Item>(
  items: readonly Item[],
  describe: (item: Item) => { path: string; headers?: Record<string, string> },
) {
  let next = 0;
  return {
    requests: [
      {
        method: "GET" as const,
        setupRequest: (request: RequestOptions): RequestOptions => {
          const item = items[next % items.length] as Item;
          next += 1;
          const { path, headers = {} } = describe(item);
          return { ...request, path, headers };
        },
      },
    ],
    /** How many requests were sent; more than the items means some were repeats. */
    sent: () => next,
  };
}

/** What VaxCal answers at `path`: the body and the headers the baseline must send too. */
async function readAnswer(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, { headers });
  if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
  const body = new Uint8Array(await response.arrayBuffer());
  const kept: Record<string, string> = {};
  for (const name of keptHeaders) {
    const value = response.headers.get(name);
    if (value) kept[name] = value;
  }
  return { body, headers: kept };
}

/**
 * Fails the run unless each answer carried about `bodyBytes` (headers add under 2 kB; `slack`
 * for bodies that differ a little from one calendar to the next).
 */
function checkBytes(label: string, result: Result, bodyBytes: number, slack = 0): void {
  const perResponse = result.throughput.total / Math.max(1, result.requests.total);
  if (perResponse < bodyBytes - slack || perResponse > bodyBytes + 2_048 + slack) {
    throw new Error(`${label}: ${perResponse.toFixed(0)} bytes per answer, body is ${bodyBytes}`);
  }
}

/** The same answer from a bare Fastify in its own worker, measured like VaxCal. */
async function measureSameBytes(
  label: string,
  answer: { body: Uint8Array; headers: Record<string, string> },
): Promise<Result> {
  const answers: FixedAnswer[] = [{ path: "/fixed", body: answer.body, headers: answer.headers }];
  const baseline = await startServer({ kind: "bytes", answers });
  try {
    const result = await runLoad({ url: `${baseline.url}/fixed` }, `${label} baseline`);
    checkBytes(`${label} baseline`, result, answer.body.length);
    return result;
  } finally {
    await baseline.stop();
  }
}

const benchDatabase = await startBenchDatabase();
const rows: [string, Result][] = [];
let hello: Result;
let pdfBytes = 0;
let feedBytes = 0;
let ratios: { name: string; app: Result; same: Result }[] = [];
let uncached: Result;
let uncachedWithHealth: Result;
let health: Result;
try {
  hello = await measureHelloWorld();
  const server = await startServer({ kind: "app", databaseUrl: benchDatabase.url, appSecret });
  try {
    const owner = await registerFarmer(server.url, "Ó Súilleabháin's Farm, Dún Laoghaire");
    const payload = buildSubmitPayload(
      buildEngineCalendar(dairySpringCows, listOfferedDiseaseIds(dairySpringCows.animalId, 6)),
    );
    const saved = await fetch(`${server.url}/api/calendar`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${owner}` },
      body: JSON.stringify(payload),
    });
    const { calendar } = (await saved.json()) as {
      calendar: { id: number; downloadUrl: string; feedUrls: { https: string } };
    };
    const copies = await insertCalendarCopies(
      benchDatabase.database.pool,
      benchDatabase.database.db,
      calendar.id,
      copyFarmers,
      copiesPerFarmer,
    );
    const auth = { authorization: `Bearer ${owner}` };

    // Cached PDF: the saved calendar, rendered by the first request.
    const pdf = await readAnswer(`${server.url}${calendar.downloadUrl}`, auth);
    pdfBytes = pdf.body.length;
    const cachedPdf = await runLoad(
      { url: `${server.url}${calendar.downloadUrl}`, headers: auth },
      "cached PDF",
    );
    checkBytes("cached PDF", cachedPdf, pdfBytes);
    const pdfSame = await measureSameBytes("cached PDF", pdf);

    // Cached feed: 8,000 calendars' feeds (60 fetches an hour each), each rendered once first.
    const feeds = copies.feedPaths.slice(0, feedCalendars);
    let warmed = 0;
    await Promise.all(
      Array.from({ length: warmUpConcurrency }, async () => {
        while (warmed < feeds.length) {
          const path = feeds[warmed++] as string;
          const response = await fetch(`${server.url}${path}`);
          if (response.status !== 200) throw new Error(`feed warm-up: ${response.status}`);
          await response.arrayBuffer();
        }
      }),
    );
    const feed = await readAnswer(`${server.url}${feeds[0]}`);
    feedBytes = feed.body.length;
    const feedTurns = takeEachOnce(feeds, (path) => ({ path }));
    const cachedFeed = await runLoad(
      {
        url: server.url,
        requests: feedTurns.requests,
        duration: cachedFeedSeconds,
      },
      "cached feed",
    );
    checkBytes("cached feed", cachedFeed, feedBytes, 512);
    const feedSame = await measureSameBytes("cached feed", feed);

    // Uncached PDFs: every request a calendar no request has asked for yet.
    const rest = copies.downloads;
    const turns = takeEachOnce(rest, (item) => ({
      path: item.path,
      headers: { authorization: `Bearer ${item.token}` },
    }));
    uncached = await runLoad({ url: server.url, requests: turns.requests }, "uncached PDF");
    const [withHealth, healthResult] = await Promise.all([
      runLoad(
        { url: server.url, requests: turns.requests, connections: uncachedLoadConnections },
        "uncached PDF, 20 connections",
      ),
      runLoad(
        { url: `${server.url}/api/health`, connections: 2, overallRate: healthRate },
        "/api/health during uncached PDFs",
      ),
    ]);
    uncachedWithHealth = withHealth;
    health = healthResult;
    if (turns.sent() > rest.length) {
      throw new Error(`uncached: ${turns.sent()} requests for ${rest.length} calendars`);
    }
    // A copy's PDF differs from the saved one's only in its farm name and e-mail.
    checkBytes("uncached PDF", uncached, pdfBytes, 4_096);
    checkBytes("uncached PDF, 20 connections", uncachedWithHealth, pdfBytes, 4_096);
    ratios = [
      { name: "GET /api/calendars/:id/download (cached PDF)", app: cachedPdf, same: pdfSame },
      { name: "GET /api/calendars/feed/:token.ics (cached feed)", app: cachedFeed, same: feedSame },
    ];
    rows.push(
      ["GET /api/calendars/:id/download (cached PDF)", cachedPdf],
      ["same PDF bytes from memory (Fastify)", pdfSame],
      ["GET /api/calendars/feed/:token.ics (cached feed)", cachedFeed],
      ["same feed bytes from memory (Fastify)", feedSame],
      ["GET /api/calendars/:id/download (uncached PDF)", uncached],
      [`uncached PDF, ${uncachedLoadConnections} connections`, uncachedWithHealth],
      [`GET /api/health at ${healthRate}/s beside them`, health],
    );
  } finally {
    await server.stop();
  }
} finally {
  await benchDatabase.stop();
}

const median = readPercentile(tasks.calendar, 0.5);
console.log(describeMachine());
console.log(
  `Sample: ${printout.columns.length} diseases, ${years.size} years (${[...years].join(", ")}), ${printout.columns.reduce((count, column) => count + column.shots.length, 0)} shots, ${formatNumber(sample.length)} bytes\n`,
);
console.log("| render | median (ms) | p95 (ms) | per second |");
console.log("| --- | ---: | ---: | ---: |");
for (const name of [tasks.calendar, tasks.floor]) {
  const result = bench.getTask(name)?.result;
  console.log(
    `| ${name} | ${readPercentile(name, 0.5).toFixed(1)} | ${readPercentile(name, 0.95).toFixed(1)} | ${formatNumber(result?.hz ?? 0)} |`,
  );
}
console.log(
  `\n${connections} connections (unless named), ${runSeconds} s each; PDF ${formatNumber(pdfBytes)} B, feed ${formatNumber(feedBytes)} B\n`,
);
printLoadTable(hello, rows, 3);

console.log("\n| target | measured | target | met |");
console.log("| --- | ---: | ---: | --- |");
const verdicts: boolean[] = [];
function report(name: string, measured: string, target: string, met: boolean) {
  verdicts.push(met);
  console.log(`| ${name} | ${measured} | ${target} | ${met ? "yes" : "no"} |`);
}
for (const { name, app, same } of ratios) {
  const ratio = app.requests.average / same.requests.average;
  // For `npm run bench`'s table: this row against the same bytes, where its target applies.
  recordLoadResult(`${name} / same bytes`, app, { name: "same bytes from memory", result: same });
  report(
    `${name} / same bytes`,
    formatNumber(ratio, 2),
    `≥ ${targets.cachedRatio}`,
    ratio >= targets.cachedRatio,
  );
}
report(
  "uncached PDFs per second",
  formatNumber(uncached.requests.average),
  `≥ ${targets.uncachedPerSecond}`,
  uncached.requests.average >= targets.uncachedPerSecond,
);
report(
  `/api/health p99 beside ${uncachedLoadConnections} uncached downloads (ms)`,
  String(health.latency.p99),
  `≤ ${targets.healthP99Ms}`,
  health.latency.p99 <= targets.healthP99Ms,
);

console.log(`\nMedian render ${median.toFixed(1)} ms; target ${targetMedianMs} ms.`);
if (!(median <= targetMedianMs)) {
  console.error(`Median render is over the ${targetMedianMs} ms target.`);
  process.exit(1);
}
