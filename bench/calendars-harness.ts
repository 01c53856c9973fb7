// What the calendar benchmarks share: an embedded PostgreSQL with the migrated, seeded schema,
// servers in worker threads, autocannon runs, and the machine note for the README.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmod, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { demoData, referenceData } from "@vaxcal/reference-data";
import autocannon, { type Options, type Result } from "autocannon";
import pg from "pg";
import { startSession } from "../apps/server/src/auth/sessions.ts";
import { connectDatabase, type Database } from "../apps/server/src/db/database.ts";
import { startEmbeddedPostgres } from "../apps/server/src/db/embedded-postgres.ts";
import { applyMigrations } from "../apps/server/src/db/migrate.ts";
import { seedReferenceData } from "../apps/server/src/db/seed.ts";
import type { ServerWorkerData } from "./calendars-server.worker.ts";
import { recordResult, scaledSeconds } from "./results.ts";

export const appSecret = randomBytes(32).toString("hex");
/**
 * Each measured run: long enough for a steady state, short enough for a shared machine. 10 s,
 * scaled by BENCH_SCALE (`npm run bench -- --quick`: 2 s).
 */
export const runSeconds = scaledSeconds(10);
export const connections = 50;

export type BenchDatabase = { url: string; database: Database; stop: () => Promise<void> };

/** A fresh embedded PostgreSQL in a temp folder, migrated and seeded like `npm start`'s. */
export async function startBenchDatabase(): Promise<BenchDatabase> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "vaxcal-bench-"));
  await chmod(dataDir, 0o755);
  const embedded = await startEmbeddedPostgres({ dataDir });
  const admin = new pg.Client({ connectionString: embedded.connectionString });
  await admin.connect();
  await admin.query("CREATE DATABASE vaxcal_bench");
  await admin.end();
  const url = new URL(embedded.connectionString);
  url.pathname = "/vaxcal_bench";
  const database = connectDatabase(url.toString(), { maxConnections: 4 });
  await applyMigrations(database);
  await seedReferenceData(database.db, referenceData, demoData);
  return {
    url: url.toString(),
    database,
    stop: async () => {
      await database.close();
      await embedded.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Bulk-inserts `count` farmers (no usable password: they never log in) and returns signed-in
 * bearer tokens for `signedIn` of them, picked at random.
 */
export async function insertFarmers(
  database: Database,
  count: number,
  signedIn: number,
): Promise<string[]> {
  const farmers = await insertSignedInFarmers(database, count, signedIn);
  return farmers.map((farmer) => farmer.token);
}

/** insertFarmers, with each signed-in farmer's user id beside the bearer token. */
export async function insertSignedInFarmers(
  { pool, db }: Database,
  count: number,
  signedIn: number,
): Promise<{ userId: number; token: string }[]> {
  await pool.query(
    `INSERT INTO users (email, password_hash, name, surname, farmer_name, address1, town, eircode,
       county, country, terms_accepted_at)
     SELECT 'farmer' || i || '@bench.example.ie', 'not-a-hash', 'Farmer', 'Number ' || i,
       'Farm ' || i, 'Main Road', 'Macroom', 'P12 K7Y8', 'Cork', 'Ireland', now()
     FROM generate_series(1, $1::integer) AS i`,
    [count],
  );
  const { rows: farmers } = await pool.query<{ id: number }>(
    "SELECT id FROM users ORDER BY random() LIMIT $1",
    [signedIn],
  );
  const signedInFarmers: { userId: number; token: string }[] = [];
  for (const farmer of farmers) {
    const { token } = await startSession(db, farmer.id, new Date());
    signedInFarmers.push({ userId: farmer.id, token });
  }
  return signedInFarmers;
}

/** autocannon requests that take turns through the farmers' bearer tokens. */
export function rotateBearerTokens(
  tokens: readonly string[],
  request: { method: "GET" | "POST" | "PUT"; path: string; body?: string },
): NonNullable<Options["requests"]> {
  let next = 0;
  const headers: Record<string, string> = request.body
    ? { "content-type": "application/json" }
    : {};
  return [
    {
      ...request,
      setupRequest: (prepared) => {
        next = (next + 1) % tokens.length;
        return {
          ...prepared,
          headers: { ...headers, authorization: `Bearer ${tokens[next]}` },
        };
      },
    },
  ];
}

export type ApiProcess = { url: string; child: ChildProcess };

/**
 * One API node as production runs it (`apps/server/src/server.ts`, no jobs, no migrations), its
 * own process on a port the kernel picks; resolves once it listens. `env` adds settings.
 */
export function startApiProcess(
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<ApiProcess> {
  const child = spawn(process.execPath, ["src/server.ts"], {
    cwd: path.resolve(import.meta.dirname, "../apps/server"),
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      LOG_LEVEL: "silent",
      DATABASE_URL: databaseUrl,
      APP_SECRET: appSecret,
      PUBLIC_URL: "https://vaxcal.example.ie",
      HOST: "127.0.0.1",
      PORT: "0",
      RUN_WORKERS: "false",
      MIGRATE_ON_START: "false",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const url = /VaxCal is running at (http:\/\/\S+)/.exec(output)?.[1];
      if (url) resolve({ url: url.replace("localhost", "127.0.0.1"), child });
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.once("exit", (code) => reject(new Error(`the API node exited (${code}): ${output}`)));
  });
}

/** Stops an API process with SIGTERM and waits for it to exit. */
export function stopApiProcess({ child }: ApiProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  return exited;
}

export type RunningServer = { url: string; stop: () => Promise<void> };

/** Starts VaxCal's app, or the hello-world baseline, in a worker thread on 127.0.0.1. */
export function startServer(data: ServerWorkerData): Promise<RunningServer> {
  const worker = new Worker(new URL("./calendars-server.worker.ts", import.meta.url), {
    workerData: data,
  });
  return new Promise((resolve, reject) => {
    worker.once("error", reject);
    worker.once("message", ({ port }: { port: number }) => {
      resolve({
        url: `http://127.0.0.1:${port}`,
        stop: () =>
          new Promise<void>((done) => {
            worker.once("exit", () => done());
            worker.postMessage("stop");
          }),
      });
    });
  });
}

/** One bounded autocannon run; refuses to report a run where requests failed. */
export async function runLoad(options: Options, label: string): Promise<Result> {
  const result = await autocannon({ connections, duration: runSeconds, ...options });
  if (result.errors > 0 || result.timeouts > 0 || result.non2xx > 0) {
    const statuses = Object.entries(result.statusCodeStats ?? {})
      .map(([status, { count }]) => `${status}: ${count}`)
      .join(", ");
    throw new Error(
      `${label}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx (${statuses})`,
    );
  }
  return result;
}

/** Hello-world throughput in this run, the ceiling every endpoint is compared with. */
export async function measureHelloWorld(): Promise<Result> {
  const hello = await startServer({ kind: "hello" });
  try {
    return await runLoad({ url: hello.url }, "hello-world");
  } finally {
    await hello.stop();
  }
}

export function describeMachine(): string {
  const cpus = os.cpus();
  const load = os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(", ");
  return (
    `${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${process.platform} ` +
    `${process.arch}, ${cpus.length} × ${cpus[0]?.model.trim() ?? "CPU"}, load average ${load}`
  );
}

export const formatNumber = (value: number, digits = 0) =>
  value.toLocaleString("en-IE", { maximumFractionDigits: digits, minimumFractionDigits: digits });

/**
 * One endpoint's autocannon result as a row of `npm run bench`'s table (bench/results.ts), with
 * the baseline it is compared with; a no-op unless BENCH_RESULTS is set. `target` in words
 * (e.g. "p99 ≤ 20 ms") with `met`, or left out for the runner's own list (bench/targets.ts).
 */
export function recordLoadResult(
  endpoint: string,
  result: Result,
  baseline?: { name: string; result: Result },
  target?: { target: string; met: boolean },
): void {
  recordResult({
    endpoint,
    perSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    ...(baseline
      ? {
          baselineName: baseline.name,
          baselinePerSecond: baseline.result.requests.average,
          ratio: result.requests.average / baseline.result.requests.average,
        }
      : {}),
    ...target,
  });
}

/**
 * The throughput table the README quotes: the hello-world baseline first, then each endpoint with
 * its ratio to it. Each endpoint is also recorded for `npm run bench` (recordLoadResult).
 */
export function printLoadTable(
  hello: Result,
  endpoints: readonly (readonly [name: string, result: Result])[],
  ratioDigits = 3,
): void {
  console.log("| endpoint | requests/s | p50 (ms) | p99 (ms) | ratio to hello-world |");
  console.log("| --- | ---: | ---: | ---: | ---: |");
  for (const [name, result] of [["Fastify hello-world (baseline)", hello] as const, ...endpoints]) {
    console.log(
      `| ${name} | ${formatNumber(result.requests.average)} | ${result.latency.p50} | ${result.latency.p99} | ${formatNumber(result.requests.average / hello.requests.average, ratioDigits)} |`,
    );
  }
  for (const [name, result] of endpoints) {
    recordLoadResult(name, result, { name: "hello-world", result: hello });
  }
}

/** Registers a farmer through the API, as the web app does, and returns the bearer token. */
export async function registerFarmer(serverUrl: string, farmName: string): Promise<string> {
  const response = await fetch(`${serverUrl}/api/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      name: "Seán",
      surname: "Ó Súilleabháin",
      email: `sean.${randomBytes(4).toString("hex")}@bench.example.ie`,
      country_code: "+353",
      phone_number: null,
      farmer_name: farmName,
      address1: "Main Road",
      town: "Macroom",
      eircode: "P12 K7Y8",
      county: "Cork",
      country: "Ireland",
      agree_to_terms: true,
      password: "grass-meadow-42",
      password_confirmation: "grass-meadow-42",
      user_enterprises: ["Dairy"],
      user_animals: ["Cows"],
      herd_size: "51-100",
    }),
  });
  if (response.status !== 201)
    throw new Error(`register: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}
