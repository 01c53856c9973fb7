import PgBoss from "pg-boss";
import pg from "pg";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/database.ts";
import type { Clock } from "../lib/clock.ts";
import type { MessageOutbox } from "../outbox/message-outbox.ts";
import { createBatcher } from "../db/batcher.ts";
import { logDatabaseFailure } from "../db/shutdown-errors.ts";
import { createRateLimitsRepository } from "../rate-limits/rate-limits.repository.ts";
import {
  planAllReminders,
  planCalendarsReminders,
  createRemindersRepository,
  type ReminderGroup,
  type ReminderSender,
  type VetChangeNoticeSender,
} from "../modules/reminders/index.ts";
import type { PracticeDigestSender } from "../modules/vet-practices/index.ts";

/*
 * The background jobs, on pg-boss in the app's own PostgreSQL (schema `pgboss`): no other server
 * to run. `npm start` runs the workers inside the API process; `npm run worker` runs them alone,
 * so N API nodes and M worker nodes can share one database. Every job is safe to run twice and on
 * several nodes at once: the work it does is claimed in the tables with SKIP LOCKED, and the
 * reminders ledger says what was sent (decision 601).
 */

export const JobQueue = {
  /** Re-plan one calendar's reminders after a save, an edit or a delete. */
  planCalendar: "reminders-plan-calendar",
  /** Find due reminders and queue send jobs for them, a few messages per job. */
  dispatch: "reminders-dispatch",
  /** Send a few reminder messages (each one farmer, channel and due date). */
  send: "reminders-send",
  /** Daily: plan every calendar up to the horizon; skip what passed during downtime. */
  catchUp: "reminders-catch-up",
  /**
   * Deliver the outbox's due e-mails and texts (retries, and what a crash left behind), after
   * queuing the farmers' messages about a vet's changes (decision 427).
   */
  deliverOutbox: "outbox-deliver",
  /** Monday 08:00 in Ireland (and at every worker start): plan and send the practice digests. */
  practiceDigest: "practice-digest",
  /** Hourly, once per cluster (and at every worker start): clear expired throttle windows. */
  housekeeping: "housekeeping",
} as const;

export type JobDependencies = {
  connectionString: string;
  db: Db;
  clock: Clock;
  outbox: MessageOutbox;
  sender: ReminderSender;
  /** The weekly practice digest (decision 602). */
  digest: PracticeDigestSender;
  /** The farmer's message about a vet's changes, once the vet is quiet (decision 427). */
  vetChanges: VetChangeNoticeSender;
  log: Pick<FastifyBaseLogger, "info" | "warn" | "error">;
  /** False on an API node that only queues jobs; the worker nodes run them. */
  runWorkers: boolean;
  /** How often each worker asks for a dispatch and an outbox sweep (pg-boss keeps one per period). */
  tickSeconds?: number;
};

/** What the API needs from the jobs: ask for a calendar's reminders to be planned again. */
export type Jobs = {
  requestCalendarPlan: (calendarId: number) => Promise<void>;
  stop: () => Promise<void>;
};

const dispatchPageSize = 1_000;
/*
 * Messages per send job. A job is three row writes in pg-boss (its insert, fetch and completion)
 * beside the ledger's three per message; carrying one message each, pg-boss was half of
 * PostgreSQL's work on a big morning. The ledger still claims and marks each message on its own
 * (decision 601), so a job's size changes nothing about what is sent once.
 */
const groupsPerSendJob = 25;
// Jobs per fetch: 250 messages, one claim statement (sendGroups).
const sendBatchSize = 10;
// Two fetch loops per process: one sends while the other waits on the database.
const sendWorkersPerProcess = 2;
const drainRounds = 40;

/** A send job's data: some due groups (or, queued before groups were batched, one group). */
type SendJob = { groups: ReminderGroup[] };

function readSendJobGroups(data: object): ReminderGroup[] {
  return "groups" in data ? (data as SendJob).groups : [data as ReminderGroup];
}

/** A queue and its handler: a queue, its worker, and if it runs on a timetable, a cron line. */
type JobDefinition = {
  queue: string;
  queueOptions?: Omit<PgBoss.Queue, "name">;
  workOptions?: PgBoss.WorkOptions;
  workers?: number;
  cron?: string;
  handle: (jobs: PgBoss.Job<object>[]) => Promise<void>;
};

export async function startJobs(dependencies: JobDependencies): Promise<Jobs> {
  const { db, clock, outbox, sender, digest, vetChanges, log } = dependencies;
  const boss = new PgBoss({
    connectionString: dependencies.connectionString,
    max: 4,
    application_name: "vaxcal-jobs",
  });
  boss.on("error", (error) => logDatabaseFailure(log, error, "job queue error"));

  async function dispatch(): Promise<void> {
    // Digest retries and a dead worker's digest claims are few: sent here, not queued.
    await digest.sendDueDigests();
    await queueDueSends();
  }

  /** Queues send jobs for the due reminders, unless send jobs are still waiting. */
  async function queueDueSends(): Promise<void> {
    // Send jobs still waiting will claim what is due; queuing more would only repeat them.
    if ((await boss.getQueueSize(JobQueue.send)) > 0) return;
    const repository = createRemindersRepository(db);
    const groups = await repository.findDueGroups(clock(), dispatchPageSize * 100);
    const jobs: PgBoss.JobInsert<SendJob>[] = [];
    for (let start = 0; start < groups.length; start += groupsPerSendJob) {
      const data = { groups: groups.slice(start, start + groupsPerSendJob) };
      jobs.push({ name: JobQueue.send, data, retryLimit: 0 });
    }
    for (let start = 0; start < jobs.length; start += dispatchPageSize) {
      await boss.insert(jobs.slice(start, start + dispatchPageSize));
    }
  }

  const sendJobs = (jobs: readonly PgBoss.Job<object>[]) =>
    sender.sendGroups(jobs.flatMap((job) => readSendJobGroups(job.data)));

  const definitions: JobDefinition[] = [
    {
      queue: JobQueue.planCalendar,
      queueOptions: { retryLimit: 5, retryDelay: 30, retryBackoff: true },
      workOptions: { batchSize: 20, pollingIntervalSeconds: 1 },
      handle: async (jobs) => {
        const ids = jobs.map((job) => (job.data as { calendarId: number }).calendarId);
        await planCalendarsReminders(db, ids, clock);
      },
    },
    {
      queue: JobQueue.dispatch,
      workOptions: { pollingIntervalSeconds: 1 },
      handle: dispatch,
    },
    {
      // The ledger keeps each message's attempts and back-off; pg-boss only carries the work.
      queue: JobQueue.send,
      queueOptions: { retryLimit: 0 },
      workOptions: { batchSize: sendBatchSize, pollingIntervalSeconds: 0.5 },
      workers: sendWorkersPerProcess,
      handle: async (jobs) => {
        await sendJobs(jobs);
        // pg-boss waits out its polling interval after each batch; while there is a backlog,
        // keep fetching instead, so a big morning's sends never sit waiting on the timer.
        for (let round = 0; round < drainRounds; round += 1) {
          const more = await boss.fetch<object>(JobQueue.send, { batchSize: sendBatchSize });
          if (more.length === 0) break;
          await sendJobs(more);
          await boss.complete(
            JobQueue.send,
            more.map((job) => job.id),
          );
        }
      },
    },
    {
      queue: JobQueue.catchUp,
      // 03:00 in Ireland: after midnight's new "today", well before the 09:00 sends.
      cron: "0 3 * * *",
      queueOptions: { retryLimit: 3, retryDelay: 300 },
      handle: async () => {
        // A morning after downtime: each page's due reminders go out while the rest are planned.
        const result = await planAllReminders(db, clock, { afterPage: queueDueSends });
        log.info(result, "reminders planned");
        await dispatch();
      },
    },
    {
      queue: JobQueue.deliverOutbox,
      workOptions: { pollingIntervalSeconds: 1 },
      handle: async () => {
        // A vet's changes quiet for the period are queued first, so this sweep delivers them.
        await vetChanges.sendDueNotices();
        await outbox.deliverDueMessages();
      },
    },
    {
      queue: JobQueue.housekeeping,
      // Hourly, at a minute no other job starts on; one run per cluster (pg-boss's schedule).
      cron: "17 * * * *",
      handle: async () => {
        await createRateLimitsRepository(db).deleteStaleWindows(clock());
      },
    },
    {
      queue: JobQueue.practiceDigest,
      // 08:00 in Ireland every Monday, whatever the clocks: pg-boss reads the cron in Dublin time.
      cron: "0 8 * * 1",
      queueOptions: { retryLimit: 3, retryDelay: 300 },
      handle: async () => {
        const result = await digest.runDigests();
        log.info(result, "practice digests");
      },
    },
  ];

  await oneNodeAtATime(dependencies.connectionString, async () => {
    await boss.start();
    for (const definition of definitions) {
      await boss.createQueue(definition.queue, {
        name: definition.queue,
        ...definition.queueOptions,
      });
      if (dependencies.runWorkers && definition.cron) {
        await boss.schedule(definition.queue, definition.cron, {}, { tz: "Europe/Dublin" });
      }
    }
  });
  let ticker: NodeJS.Timeout | undefined;
  if (dependencies.runWorkers) {
    for (const definition of definitions) {
      for (let worker = 0; worker < (definition.workers ?? 1); worker += 1) {
        await boss.work(definition.queue, definition.workOptions ?? {}, definition.handle);
      }
    }
    const tickSeconds = dependencies.tickSeconds ?? 30;
    // One dispatch and one outbox sweep per period across every node (pg-boss's singleton slot).
    const tick = () =>
      Promise.all([
        boss.send(JobQueue.dispatch, {}, { singletonSeconds: tickSeconds }),
        boss.send(JobQueue.deliverOutbox, {}, { singletonSeconds: tickSeconds }),
      ]).catch((error: unknown) => logDatabaseFailure(log, error, "job tick failed"));
    // A worker starting after downtime plans and catches up at once, not at 03:00. Workers
    // starting within one tick of each other share one catch-up (planning twice would add
    // nothing, but costs as much as the first).
    await boss.send(JobQueue.catchUp, {}, { singletonSeconds: tickSeconds });
    // Likewise this week's digests, if Monday 08:00 passed while nothing ran, and a clean-up.
    await boss.send(JobQueue.practiceDigest, {}, { singletonSeconds: tickSeconds });
    await boss.send(JobQueue.housekeeping, {}, { singletonSeconds: tickSeconds });
    void tick();
    ticker = setInterval(tick, tickSeconds * 1000);
    ticker.unref();
  }

  // The saves that come in while a queueing statement runs are queued together, in one insert
  // (decision 702); each job still carries one calendar, with the queue's retry policy.
  const planRequests = createBatcher<number, void>({
    maxInFlight: 2,
    maxBatch: 500,
    runBatch: async (calendarIds) => {
      await boss.insert(
        calendarIds.map((calendarId) => ({ name: JobQueue.planCalendar, data: { calendarId } })),
      );
      return calendarIds.map(() => undefined);
    },
  });

  return {
    requestCalendarPlan: (calendarId) => planRequests.run(calendarId),
    stop: async () => {
      clearInterval(ticker);
      await boss.stop({ graceful: true, wait: true, timeout: 20_000 });
    },
  };
}

// Any fixed number shared by every VaxCal node, beside db/migrate.ts's 7_462_001.
const queueSetupLockKey = 7_462_002;

/**
 * pg-boss creating its schema, queues and schedules from several nodes at the same instant ends
 * in "deadlock detected" in PostgreSQL (jobs.test.ts saw it every time with 4 nodes). The set-up
 * runs under an advisory lock, held by a connection of its own: one node after the other, each
 * finding what the one before made. Closing the connection frees the lock, whatever happened.
 */
async function oneNodeAtATime(connectionString: string, setUp: () => Promise<void>): Promise<void> {
  const client = new pg.Client({ connectionString, application_name: "vaxcal-jobs-setup" });
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [queueSetupLockKey]);
    await setUp();
  } finally {
    await client.end();
  }
}
