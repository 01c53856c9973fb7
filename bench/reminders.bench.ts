// Reminders at scale (decision 601): plan and send N reminders through the loopback SMTP relay
// and fake Twilio with `npm run worker` as a child process, and report the throughput, the
// worker's peak memory and the database size. Not part of `npm test`.
//
//   npm run bench:reminders -w @vaxcal/bench                  # 100,000 texts, one worker
//   REMINDERS=2000 EMAIL_EVERY=1 npx node bench/reminders.bench.ts   # e-mails with the PDF
//   WORKERS=2 npx node bench/reminders.bench.ts               # two worker processes
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { addDays } from "@vaxcal/schedule";
import { readIrishToday } from "../apps/server/src/lib/clock.ts";
import { startLoopbackFakes } from "../apps/server/src/test/loopback-fakes.ts";
import { createFarmsWithShotOn } from "../apps/server/src/test/reminder-fixtures.ts";
import { startBenchDatabase } from "./calendars-harness.ts";
import { recordResult } from "./results.ts";

const count = Number(process.env.REMINDERS ?? 100_000);
const emailEvery = Number(process.env.EMAIL_EVERY ?? 0);
const workerCount = Number(process.env.WORKERS ?? 1);
const targetSeconds = 60;
// The flags `npm run worker` gives Node (apps/server/package.json).
const workerFlags = (
  process.env.WORKER_FLAGS ?? "--max-semi-space-size=16 --max-old-space-size=160"
)
  .split(" ")
  .filter(Boolean);
const targetRssMb = 256;
const workerEntry = path.resolve(import.meta.dirname, "../apps/server/src/worker.ts");

function readRssMb(pid: number | undefined, field: "VmRSS" | "VmHWM"): number {
  if (pid === undefined) return 0;
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
    return kb / 1024;
  } catch {
    return 0;
  }
}

const fakes = await startLoopbackFakes();
const bench = await startBenchDatabase();
const { pool } = bench.database;
const dueDate = addDays(readIrishToday(new Date()), 3);
console.log(
  `Writing ${count.toLocaleString("en-IE")} farms, each with one calendar and one shot on ${dueDate}…`,
);
await createFarmsWithShotOn(bench.database.db, { count, dueDate, emailEvery, tag: "bench" });

const startedAt = performance.now();
const workers: ChildProcess[] = Array.from({ length: workerCount }, () =>
  spawn(process.execPath, [...workerFlags, workerEntry], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      LOG_LEVEL: "error",
      DATABASE_URL: bench.url,
      APP_SECRET: "bench-secret-4f9a2c7e1b8d3a6f0e5c9b2d7a1f4e8c",
      PUBLIC_URL: "https://vaxcal.example",
      SMTP_URL: fakes.smtp.smtpUrl,
      MAIL_FROM: fakes.smtp.from,
      TWILIO_ACCOUNT_SID: fakes.twilio.accountSid,
      TWILIO_AUTH_TOKEN: fakes.twilio.authToken,
      TWILIO_FROM: fakes.twilio.from,
      TWILIO_API_URL: fakes.twilio.apiUrl,
      JOBS_TICK_SECONDS: "1",
    },
    stdio: ["ignore", "ignore", "inherit"],
  }),
);

let plannedAt: number | undefined;
let peakRssMb = 0;
for (;;) {
  for (const worker of workers) peakRssMb = Math.max(peakRssMb, readRssMb(worker.pid, "VmRSS"));
  const { rows } = await pool.query(
    `SELECT count(*)::int AS total,
            (count(*) FILTER (WHERE status IN ('planned', 'sending')))::int AS open
     FROM reminder_deliveries`,
  );
  const { total, open } = rows[0] as { total: number; open: number };
  if (plannedAt === undefined && total >= count) plannedAt = performance.now();
  if (total >= count && open === 0) break;
  if (performance.now() - startedAt > 15 * 60_000) throw new Error("gave up after 15 minutes");
  await new Promise((resolve) => setTimeout(resolve, 200));
}
const doneAt = performance.now();
for (const worker of workers) peakRssMb = Math.max(peakRssMb, readRssMb(worker.pid, "VmHWM"));
await Promise.all(
  workers.map(
    (worker) =>
      new Promise((resolve) => {
        worker.once("exit", resolve);
        worker.kill("SIGTERM");
      }),
  ),
);

const { rows: sizes } = await pool.query(
  `SELECT pg_database_size(current_database()) AS database,
          pg_total_relation_size('reminder_deliveries') AS ledger,
          (SELECT coalesce(sum(pg_total_relation_size(c.oid)), 0) FROM pg_class c
             JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'pgboss') AS boss`,
);
const size = sizes[0] as { database: string; ledger: string; boss: string };
const { rows: statuses } = await pool.query(
  "SELECT status, count(*)::int AS n FROM reminder_deliveries GROUP BY status ORDER BY status",
);
const delivered = fakes.texts.length + fakes.mails.length;
const distinct = new Set([
  ...fakes.texts.map((text) => text.to),
  ...fakes.mails.map((mail) => mail.to[0]),
]).size;
await fakes.close();
await bench.stop();

const totalSeconds = (doneAt - startedAt) / 1000;
const planSeconds = ((plannedAt ?? doneAt) - startedAt) / 1000;
const mb = (bytes: string) => (Number(bytes) / 1024 / 1024).toFixed(0);
console.log(
  `\n${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, load ${os.loadavg()[0]?.toFixed(1)}`,
);
console.log(`ledger: ${statuses.map((row) => `${row.status} ${row.n}`).join(", ")}`);
console.log(`delivered ${delivered} (distinct recipients ${distinct}) of ${count}`);
console.log(
  `| ${count.toLocaleString("en-IE")} | ${emailEvery ? `1 in ${emailEvery}` : "none"} | ${workerCount} | ${planSeconds.toFixed(1)} | ${totalSeconds.toFixed(1)} | ${Math.round(count / totalSeconds).toLocaleString("en-IE")} | ${peakRssMb.toFixed(0)} | ${mb(size.database)} | ${mb(size.ledger)} | ${mb(size.boss)} |`,
);
const ok = delivered === count && distinct === count;
recordResult({
  endpoint:
    `reminders: ${count.toLocaleString("en-IE")} ${emailEvery ? "with e-mails" : "texts"}, ${workerCount} worker${workerCount === 1 ? "" : "s"} ` +
    `(all sent in ${totalSeconds.toFixed(1)} s, planned in ${planSeconds.toFixed(1)} s, peak ${peakRssMb.toFixed(0)} MB, database ${mb(size.database)} MB)`,
  perSecond: count / totalSeconds,
  target: `all sent in ≤ ${targetSeconds} s, ≤ ${targetRssMb} MB, each exactly once`,
  met: ok && totalSeconds <= targetSeconds && peakRssMb <= targetRssMb,
});
if (!ok) console.error("Some reminders were lost or sent twice.");
if (totalSeconds > targetSeconds || peakRssMb > targetRssMb) {
  console.log(`Over the target (${targetSeconds} s, ${targetRssMb} MB).`);
}
process.exit(ok ? 0 : 1);
