import type { ChildProcess } from "node:child_process";
import {
  chmod,
  chown,
  copyFile,
  lstat,
  mkdir,
  mkdtemp,
  readdir,
  rm,
  writeFile,
} from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  CalendarDetailSchema,
  ListGivenShotsResponseSchema,
  SubmitCalendarResponseSchema,
} from "@vaxcal/contracts";
import { demoData, referenceDataWithWindows } from "@vaxcal/reference-data";
import { addDays } from "@vaxcal/schedule";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { connectDatabase, type Database } from "../db/database.ts";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "../db/embedded-postgres.ts";
import { applyMigrations } from "../db/migrate.ts";
import { seedReferenceData } from "../db/seed.ts";
import { readIrishToday } from "../lib/clock.ts";
import { asUser, buildRegistration, nextClientAddress } from "../test/accounts.ts";
import { buildTestConfig } from "../test/app.ts";
import { buildEngineCalendar, buildSubmitPayload, requireFeedUrls } from "../test/calendars.ts";
import { isWaveDone, spawnWorker, stopChild, waitUntil } from "../test/child-processes.ts";
import { withDatabaseName } from "../test/database.ts";
import { startLoopbackFakes, type LoopbackFakes } from "../test/loopback-fakes.ts";
import { createFarmsWithShotOn } from "../test/reminder-fixtures.ts";

/*
 * Backups that restore (issue 28, item 4; docs/operations.md "Backup and restore"): a base backup
 * of a running PostgreSQL plus its archived WAL, restored into a new cluster up to the last
 * archived change. The primary holds a farmer's calendar and given record, reminders in flight
 * (a worker killed mid-wave) and pg-boss's state; more texts go out after the base backup. On the
 * restored database the farmer sees the same calendar, record and feed, and the reminder wave
 * finishes with no text sent twice.
 *
 * The embedded PostgreSQL 18 ships no pg_basebackup, and Debian's client tools here are older
 * than the server, so the test takes the base backup with the server's own low-level API
 * (pg_backup_start, a file copy, pg_backup_stop), which is what pg_basebackup does.
 */

let workDir: string;
let archiveDir: string;
let primary: EmbeddedPostgres;
let restored: EmbeddedPostgres | undefined;
let fakes: LoopbackFakes;
let admin: pg.Client | undefined;
const pools: Database[] = [];
const children = new Set<ChildProcess>();

const databaseName = "vaxcal";
/** The app's today: the calendar (built on 2 March 2026) has shots before it, one to record. */
const today = "2026-06-15";
const clock = () => new Date(`${today}T10:00:00Z`);

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), "vaxcal-backup-"));
  await chmod(workDir, 0o755);
  archiveDir = path.join(workDir, "wal-archive");
  await mkdir(archiveDir);
  // PostgreSQL (the postgres user, when we are root) writes the archive.
  await chmod(archiveDir, 0o777);
  primary = await startEmbeddedPostgres({
    dataDir: path.join(workDir, "primary"),
    settings: {
      wal_level: "replica",
      archive_mode: "on",
      archive_command: `cp %p ${archiveDir}/%f`,
    },
  });
  fakes = await startLoopbackFakes();
}, 120_000);

afterAll(async () => {
  for (const child of children) child.kill("SIGKILL");
  await admin?.end().catch(() => {});
  for (const pool of pools) await pool.close().catch(() => {});
  await restored?.stop();
  await primary?.stop();
  await fakes?.close();
  await rm(workDir, { recursive: true, force: true });
});

function connect(cluster: EmbeddedPostgres): Database & { connectionString: string } {
  const connectionString = withDatabaseName(cluster.connectionString, databaseName);
  const database = connectDatabase(connectionString, { maxConnections: 4 });
  pools.push(database);
  return { ...database, connectionString };
}

async function startApp(database: Database): Promise<FastifyInstance> {
  const config = buildTestConfig({ publicUrl: "https://vaxcal.example" });
  return buildApp({ config, database, clock });
}

function startWorker(connectionString: string): ChildProcess {
  const child = spawnWorker({
    databaseUrl: connectionString,
    fakes,
    environment: { MIGRATE_ON_START: "false" },
  });
  children.add(child);
  child.on("exit", () => children.delete(child));
  return child;
}

const kill = (child: ChildProcess) => stopChild(child, "SIGKILL");

/** The wave's texts: its farms' mobiles are +353874000001 to +353874000200. */
const waveTexts = () => fakes.texts.filter((text) => text.to.startsWith("+35387400"));

/** Files a base backup leaves out: the running server's own, and WAL (it comes from the archive). */
const skipped = new Set(["postmaster.pid", "postmaster.opts"]);
const emptied = new Set([
  "pg_wal",
  "pg_replslot",
  "pg_stat_tmp",
  "pg_dynshmem",
  "pg_notify",
  "pg_serial",
  "pg_snapshots",
  "pg_subtrans",
]);

/** Copies a running cluster's files, as pg_basebackup does; a file gone mid-copy is skipped. */
async function copyCluster(from: string, to: string, owner: { uid: number; gid: number }) {
  await mkdir(to, { mode: 0o700 });
  await chown(to, owner.uid, owner.gid);
  for (const entry of await readdir(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (skipped.has(entry.name)) continue;
    if (entry.isDirectory()) {
      if (emptied.has(entry.name)) {
        await mkdir(target, { mode: 0o700 });
        await chown(target, owner.uid, owner.gid);
        if (entry.name === "pg_wal") {
          await mkdir(path.join(target, "archive_status"), { mode: 0o700 });
          await chown(path.join(target, "archive_status"), owner.uid, owner.gid);
        }
        continue;
      }
      await copyCluster(source, target, owner);
      continue;
    }
    try {
      await copyFile(source, target);
      await chown(target, owner.uid, owner.gid);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }
}

describe("a base backup and its WAL archive, restored", () => {
  it("gives the farmer the same calendar, record and feed, and sends no reminder twice", async () => {
    // The primary: migrated and seeded as `npm run migrate` does.
    const primaryAdmin = new pg.Client({ connectionString: primary.connectionString });
    admin = primaryAdmin;
    // The primary is stopped on purpose below; its connection's end is not an error.
    primaryAdmin.on("error", () => {});
    await primaryAdmin.connect();
    await primaryAdmin.query(`CREATE DATABASE ${databaseName}`);
    const database = connect(primary);
    await applyMigrations(database);
    await seedReferenceData(database.db, referenceDataWithWindows, demoData);

    // A farmer's calendar, with one shot recorded as given.
    const app = await startApp(database);
    // A mobile outside the wave's range (+35387…), so her own reminders are not counted with it.
    const registration = buildRegistration({ phone_number: "0861234567" });
    const registered = await app.inject({
      method: "POST",
      url: "/api/register",
      payload: registration,
      remoteAddress: nextClientAddress(),
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const { token } = registered.json<{ token: string }>();
    const engineCalendar = buildEngineCalendar();
    const created = await app.inject(
      asUser(token, {
        method: "POST",
        url: "/api/calendar",
        payload: buildSubmitPayload(engineCalendar),
      }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const saved = SubmitCalendarResponseSchema.parse(created.json()).calendar;
    const pastShot = engineCalendar.diseases
      .flatMap((disease) => disease.shots)
      .find((shot) => !shot.isMirroredCopy && shot.date !== null && shot.date < today)!;
    const given = await app.inject(
      asUser(token, {
        method: "PUT",
        url: `/api/calendars/${saved.id}/given-shots/${encodeURIComponent(pastShot.id)}`,
        payload: { givenOn: pastShot.date, batch: "A1234-B", givenBy: "Seán", note: "All cows" },
      }),
    );
    expect(given.statusCode, given.body).toBe(200);
    const readFarm = async (node: FastifyInstance, login: string) => {
      const session = await node.inject({
        method: "POST",
        url: "/api/login",
        payload: { username: login, password: registration.password },
        remoteAddress: nextClientAddress(),
      });
      expect(session.statusCode, session.body).toBe(200);
      const farmerToken = session.json<{ token: string }>().token;
      const detail = await node.inject(
        asUser(farmerToken, { method: "GET", url: `/api/calendars/${saved.id}` }),
      );
      const records = await node.inject(
        asUser(farmerToken, { method: "GET", url: `/api/calendars/${saved.id}/given-shots` }),
      );
      const feed = await node.inject({
        method: "GET",
        url: new URL(requireFeedUrls(saved).https).pathname,
      });
      expect([detail.statusCode, records.statusCode, feed.statusCode]).toEqual([200, 200, 200]);
      return {
        diseases: CalendarDetailSchema.parse(detail.json()).diseases,
        records: ListGivenShotsResponseSchema.parse(records.json()).givenShots,
        // The feed's own timestamp is when it was rendered; every event line is the farm's.
        feed: feed.body.split(/\r?\n/).filter((line) => !line.startsWith("DTSTAMP")),
      };
    };
    const before = await readFarm(app, registration.email!);
    expect(before.records).toHaveLength(1);
    await app.close();

    // Reminders in flight: a wave of 200 texts, its worker killed with SIGKILL mid-wave.
    await createFarmsWithShotOn(database.db, {
      count: 200,
      dueDate: addDays(readIrishToday(new Date()), 3),
      tag: "backup",
      firstPhone: 4_000_000,
    });
    const first = startWorker(database.connectionString);
    await waitUntil(() => waveTexts().length >= 40, 60_000);
    await kill(first);

    // The base backup, taken while the primary runs.
    const owner = await lstat(path.join(primary.clusterDir));
    const backupDir = path.join(workDir, "restored", "postgres");
    await mkdir(path.dirname(backupDir));
    await chmod(path.dirname(backupDir), 0o755);
    await primaryAdmin.query("SELECT pg_backup_start('vaxcal-backup-test', true)");
    await copyCluster(primary.clusterDir, backupDir, owner);
    const stopped = await primaryAdmin.query<{ labelfile: string }>(
      "SELECT labelfile FROM pg_backup_stop(true)",
    );
    await writeFile(path.join(backupDir, "backup_label"), stopped.rows[0]!.labelfile);
    await chown(path.join(backupDir, "backup_label"), owner.uid, owner.gid);

    // After the backup, the wave goes on: these sends live only in the archived WAL.
    const sentAtBackup = waveTexts().length;
    const second = startWorker(database.connectionString);
    await waitUntil(() => waveTexts().length >= sentAtBackup + 40, 60_000);
    await kill(second);
    const sentBeforeLoss = waveTexts().length;
    expect(sentBeforeLoss).toBeLessThan(200);
    // The last change is archived, then the primary is lost.
    const { rows } = await primaryAdmin.query<{ wal: string }>(
      "SELECT pg_walfile_name(pg_switch_wal()) AS wal",
    );
    await waitUntil(async () => {
      const archived = await primaryAdmin.query<{ last: string | null }>(
        "SELECT last_archived_wal AS last FROM pg_stat_archiver",
      );
      return (archived.rows[0]?.last ?? "") >= rows[0]!.wal;
    }, 30_000);
    await primaryAdmin.end();
    admin = undefined;
    await database.close();
    await primary.stop();

    // The restore: the base backup, replaying the archive to its end.
    await writeFile(path.join(backupDir, "recovery.signal"), "");
    await writeFile(
      path.join(backupDir, "postgresql.auto.conf"),
      `restore_command = 'cp ${archiveDir}/%f %p'\n`,
    );
    for (const file of ["recovery.signal", "postgresql.auto.conf"])
      await chown(path.join(backupDir, file), owner.uid, owner.gid);
    await copyFile(
      path.join(workDir, "primary", "postgres-password"),
      path.join(workDir, "restored", "postgres-password"),
    );
    restored = await startEmbeddedPostgres({ dataDir: path.join(workDir, "restored") });
    const restoredDatabase = connect(restored);
    await waitUntil(async () => {
      const { rows: state } = await restoredDatabase.db.execute(
        sql`SELECT pg_is_in_recovery() AS recovering`,
      );
      return state[0]?.recovering === false;
    }, 60_000);

    // The same farmer sees the same calendar, record and feed.
    const restoredApp = await startApp(restoredDatabase);
    const after = await readFarm(restoredApp, registration.email!);
    expect(after).toEqual(before);
    await restoredApp.close();

    // The wave finishes on the restored database, and no farmer gets a second text.
    const third = startWorker(restoredDatabase.connectionString);
    await waitUntil(() => isWaveDone(restoredDatabase.db, "backup", 200), 90_000);
    await kill(third);
    const texts = waveTexts();
    expect(new Set(texts.map((text) => text.to)).size).toBe(200);
    expect(texts).toHaveLength(200);
  }, 300_000);
});
