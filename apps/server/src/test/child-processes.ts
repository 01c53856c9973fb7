import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Executor } from "../db/database.ts";
import type { LoopbackFakes } from "./loopback-fakes.ts";

/*
 * The server's entry points as child processes against a test database and the loopback fakes:
 * the worker crash test, the multi-node test and the backup-restore test run real processes.
 */

const serverDirectory = path.resolve(import.meta.dirname, "../..");

export type ChildOptions = {
  databaseUrl: string;
  fakes: LoopbackFakes;
  /** Further settings, which win over the defaults below. */
  environment?: Record<string, string>;
  /** Keep the child's output (to read what it prints); by default only its errors are shown. */
  captureOutput?: boolean;
};

export type Child = { process: ChildProcess; output: () => string };

/** `node <entry>` in apps/server, in test mode, with the providers pointed at the fakes. */
export function spawnServerEntry(entry: string, options: ChildOptions): Child {
  const { fakes } = options;
  const child = spawn(process.execPath, [entry], {
    cwd: serverDirectory,
    env: {
      PATH: process.env.PATH,
      // `npm run test:dates` moves every process's clock with libfaketime: the children's too.
      ...(process.env.FAKETIME && {
        FAKETIME: process.env.FAKETIME,
        LD_PRELOAD: process.env.LD_PRELOAD,
      }),
      NODE_ENV: "test",
      LOG_LEVEL: "error",
      DATABASE_URL: options.databaseUrl,
      APP_SECRET: "child-process-secret-child-process-secret-0123",
      PUBLIC_URL: "https://vaxcal.example",
      SMTP_URL: fakes.smtp.smtpUrl,
      MAIL_FROM: fakes.smtp.from,
      TWILIO_ACCOUNT_SID: fakes.twilio.accountSid,
      TWILIO_AUTH_TOKEN: fakes.twilio.authToken,
      TWILIO_FROM: fakes.twilio.from,
      TWILIO_API_URL: fakes.twilio.apiUrl,
      ...options.environment,
    },
    stdio: [
      "ignore",
      options.captureOutput ? "pipe" : "ignore",
      options.captureOutput ? "pipe" : "inherit",
    ],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return { process: child, output: () => output };
}

/** `npm run worker` with a short claim lease and tick, so a killed worker's claims move on fast. */
export function spawnWorker(options: ChildOptions): ChildProcess {
  return spawnServerEntry("src/worker.ts", {
    ...options,
    environment: {
      REMINDER_CLAIM_LEASE_SECONDS: "3",
      JOBS_TICK_SECONDS: "1",
      ...options.environment,
    },
  }).process;
}

/** Polls `check` every 100 ms; fails after `timeoutMs`, saying `what`. */
export async function waitUntil(
  check: () => Promise<boolean> | boolean,
  timeoutMs: number,
  what: () => string = () => "",
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out ${what()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Sends `signal` and waits for the exit; a child already gone is left alone. */
export async function stopChild(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill(signal);
  await exited;
}

/**
 * Whether a reminder wave (`createFarmsWithShotOn` with `tag`) is planned in full, `count` rows,
 * and none is still waiting or being sent.
 */
export async function isWaveDone(db: Executor, tag: string, count: number): Promise<boolean> {
  const { rows } = await db.execute(sql`
    SELECT count(*)::int AS total,
           (count(*) FILTER (WHERE r.status IN ('planned', 'sending')))::int AS open
    FROM reminder_deliveries r JOIN users u ON u.id = r.user_id
    WHERE u.email LIKE ${`${tag}.%`}`);
  return Number(rows[0]?.total) === count && Number(rows[0]?.open) === 0;
}
