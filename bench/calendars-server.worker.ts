// One HTTP server under test, in a worker thread so that autocannon on the main thread does not
// share its event loop: either VaxCal's whole app (buildApp) or a Fastify hello-world baseline.
import { parentPort, workerData } from "node:worker_threads";
import Fastify, { type FastifyInstance } from "fastify";
import { buildApp } from "../apps/server/src/app.ts";
import { parseConfig } from "../apps/server/src/config.ts";
import { connectDatabase } from "../apps/server/src/db/database.ts";
import type { Jobs } from "../apps/server/src/jobs/jobs.ts";

/** A fixed answer the "bytes" baseline serves from memory: the same bytes VaxCal sends. */
export type FixedAnswer = { path: string; body: Uint8Array; headers: Record<string, string> };

export type ServerWorkerData =
  | { kind: "hello" }
  | { kind: "bytes"; answers: FixedAnswer[] }
  | { kind: "app"; databaseUrl: string; appSecret: string };

const data = workerData as ServerWorkerData;
let close: () => Promise<void>;
let app: FastifyInstance;

if (data.kind === "hello") {
  app = Fastify({ logger: false });
  app.get("/", async () => ({ hello: "world" }));
  close = () => app.close();
} else if (data.kind === "bytes") {
  app = Fastify({ logger: false });
  for (const answer of data.answers) {
    const body = Buffer.from(answer.body);
    app.get(answer.path, (_request, reply) => reply.headers(answer.headers).send(body));
  }
  close = () => app.close();
} else {
  const config = parseConfig({
    NODE_ENV: "production",
    LOG_LEVEL: "silent",
    DATABASE_URL: data.databaseUrl,
    APP_SECRET: data.appSecret,
    PUBLIC_URL: "https://vaxcal.example.ie",
  });
  const database = connectDatabase(data.databaseUrl);
  // BENCH_PLAN=elsewhere: the save only asks for its plan, and nothing plans here (what a save
  // would cost if the reminders' planning ran on worker nodes at no cost to the save; an upper
  // bound, since a real queue insert or dirty marker is not free). Default: planned in process.
  const jobs: Jobs | undefined =
    process.env.BENCH_PLAN === "elsewhere"
      ? { requestCalendarPlan: async () => {}, stop: async () => {} }
      : undefined;
  app = await buildApp({ config, database, jobs });
  close = async () => {
    await app.close();
    await database.close();
  };
}

await app.listen({ host: "127.0.0.1", port: 0 });
const address = app.server.address();
parentPort?.postMessage({ port: typeof address === "object" && address ? address.port : 0 });
parentPort?.on("message", (message) => {
  if (message === "stop") void close().then(() => process.exit(0));
});
