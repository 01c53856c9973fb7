import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildRegistration } from "../test/accounts.ts";

// The real entry point as `npm start` runs it: a child process with its own embedded PostgreSQL.
const serverDirectory = path.resolve(import.meta.dirname, "../..");
const startTimeoutMs = 90_000;

let dataDir: string;
let clusterDir: string;
const running = new Set<ChildProcess>();

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "vaxcal-server-"));
  await chmod(dataDir, 0o755);
  clusterDir = path.join(dataDir, "postgres");
});

afterAll(async () => {
  for (const child of running) child.kill("SIGKILL");
  await stopLeftoverPostmaster();
  await rm(dataDir, { recursive: true, force: true });
});

type ServerProcess = {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
};

function spawnServer(environment: Record<string, string>): ServerProcess {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, ["src/server.ts"], {
    cwd: serverDirectory,
    env: { ...inherited, NODE_ENV: "test", LOG_LEVEL: "warn", DATA_DIR: dataDir, ...environment },
    stdio: ["ignore", "pipe", "pipe"],
    // A process group of its own, as in a terminal: Ctrl-C reaches the server and its PostgreSQL.
    detached: true,
  });
  running.add(child);
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => {
    child.on("exit", (code) => {
      running.delete(child);
      resolve(code);
    });
  });
  return { child, output: () => output, exited };
}

async function startServer(): Promise<ServerProcess & { url: string }> {
  // Port 0: the server binds a port the kernel picks and prints it. A port picked here and freed
  // again could be taken by the embedded PostgreSQL the server starts first.
  const server = spawnServer({ PORT: "0" });
  const deadline = Date.now() + startTimeoutMs;
  while (Date.now() < deadline) {
    const match = /VaxCal is running at (http:\/\/\S+)/.exec(server.output());
    if (match?.[1]) return { ...server, url: match[1].replace("localhost", "127.0.0.1") };
    const exitedEarly = await Promise.race([server.exited.then(() => true), sleep(100)]);
    if (exitedEarly === true) throw new Error(`server exited during start:\n${server.output()}`);
  }
  throw new Error(`server did not start in time:\n${server.output()}`);
}

async function stopServer(server: ServerProcess, signal: NodeJS.Signals): Promise<number | null> {
  server.child.kill(signal);
  return server.exited;
}

/**
 * Ctrl-C in a terminal: SIGINT to the whole process group (the server and the embedded
 * PostgreSQL at once), then SIGINT again as npm forwards it to the server.
 */
async function pressCtrlC(server: ServerProcess): Promise<number | null> {
  process.kill(-(server.child.pid ?? 0), "SIGINT");
  await sleep(50);
  server.child.kill("SIGINT");
  return server.exited;
}

/** Processes whose command line names this test's cluster folder: postgres and its workers. */
async function findClusterProcesses(): Promise<number[]> {
  const found: number[] = [];
  for (const entry of await readdir("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const command = await readFile(`/proc/${entry}/cmdline`, "utf8").catch(() => "");
    if (command.replaceAll("\0", " ").includes(clusterDir)) found.push(Number(entry));
  }
  return found;
}

async function readPostmaster(): Promise<{ pid: number; port: number }> {
  const lines = (await readFile(path.join(clusterDir, "postmaster.pid"), "utf8")).split("\n");
  return { pid: Number(lines[0]), port: Number(lines[3]) };
}

async function stopLeftoverPostmaster(): Promise<void> {
  for (const pid of await findClusterProcesses()) {
    try {
      process.kill(pid, "SIGQUIT");
    } catch {
      // already gone
    }
  }
}

async function connectAsSuperuser(): Promise<pg.Client> {
  const password = (await readFile(path.join(dataDir, "postgres-password"), "utf8")).trim();
  const { port } = await readPostmaster();
  const client = new pg.Client({ host: "127.0.0.1", port, user: "postgres", password });
  await client.connect();
  return client;
}

/** PostgreSQL runs as the `postgres` user when we are root; otherwise as ourselves. */
async function readPostgresUserIds(): Promise<{ uid?: number; gid?: number }> {
  if (process.getuid?.() !== 0) return {};
  const { stat } = await import("node:fs/promises");
  const { uid, gid } = await stat(clusterDir);
  return { uid, gid };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("node src/server.ts", () => {
  it("stops with one clear line and exit 1 on a bad setting, before starting anything", async () => {
    const server = spawnServer({ PORT: "abc" });
    expect(await server.exited).toBe(1);
    expect(server.output().trim()).toBe(
      'Invalid configuration: PORT must be a port number (got "abc")',
    );
    expect(existsSync(clusterDir)).toBe(false);
  });

  it("refuses a production start without DATABASE_URL, before starting an embedded PostgreSQL", async () => {
    const server = spawnServer({
      NODE_ENV: "production",
      APP_SECRET: "kV3r8-Qz_uN1mXw7pLc2TbYh6sGd0eJa9oFiR4",
      PUBLIC_URL: "https://vaxcal.example.ie",
    });
    expect(await server.exited).toBe(1);
    expect(server.output().trim()).toBe(
      "Invalid configuration: DATABASE_URL is required in production; the embedded PostgreSQL is only for development, tests and single-farm trials (NODE_ENV=development) (value hidden)",
    );
    expect(existsSync(clusterDir)).toBe(false);
  });

  it(
    "starts, serves, and on SIGTERM stops the app and PostgreSQL cleanly",
    async () => {
      const server = await startServer();
      const health = await fetch(`${server.url}/api/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: "ok", database: "up" });

      // A row that is not in the reference data, to see it survive the restart below.
      const client = await connectAsSuperuser();
      await client.query(
        `INSERT INTO vet_practices (vet_practice_name, address1, town, county, country)
         VALUES ('Test Survives Restart Vets', '1 Main St', 'Tuam', 'Galway', 'Ireland')`,
      );

      // An admin moves Bovilis BVD's cow template 7 days earlier through the admin API:
      // the restart below must keep it (decision 404).
      const registration = buildRegistration({ email: "restart-admin@example.ie" });
      const registered = await fetch(`${server.url}/api/register`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(registration),
      });
      expect(registered.status).toBe(201);
      const { token, user } = (await registered.json()) as { token: string; user: { id: number } };
      await client.query("INSERT INTO user_roles (user_id, role) VALUES ($1, 'ADMIN')", [user.id]);
      const moved = await fetch(`${server.url}/api/admin/shot-templates/2`, {
        method: "PUT",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify({
          vaccine_id: 1,
          animal_id: 1,
          birth_days: null,
          breeding_days: -35,
          custom_name: null,
          is_recurrent: 1,
          herd_status: null,
          season_id: null,
        }),
      });
      expect(moved.status).toBe(200);
      await client.end();

      expect(await stopServer(server, "SIGTERM")).toBe(0);
      expect(server.output()).toContain("VaxCal stopped.");
      expect(existsSync(path.join(clusterDir, "postmaster.pid"))).toBe(false);
      expect(await findClusterProcesses()).toEqual([]);
    },
    startTimeoutMs,
  );

  it(
    "keeps the data across a restart, even past a stale postmaster.pid naming another process",
    async () => {
      // What a crash can leave: a pid file whose pid now belongs to an unrelated live process of
      // the postgres user. PostgreSQL itself refuses to start over such a file.
      const impostor = spawn("sleep", ["60"], {
        ...(await readPostgresUserIds()),
        stdio: "ignore",
      });
      running.add(impostor);
      await writeFile(
        path.join(clusterDir, "postmaster.pid"),
        `${impostor.pid}\n${clusterDir}\n1700000000\n5432\n\n127.0.0.1\n  5432001         0\nready   \n`,
      );
      const server = await startServer().finally(() => impostor.kill("SIGKILL"));
      const vets = (await (await fetch(`${server.url}/api/vets`)).json()) as Array<{
        vet_practice_name: string;
      }>;
      expect(vets.map((vet) => vet.vet_practice_name)).toContain("Test Survives Restart Vets");
      // Seeding again on start added no second copy of the demo practices.
      expect(new Set(vets.map((vet) => vet.vet_practice_name)).size).toBe(vets.length);
      // The admin's template edit is still there, and the public list new calendars read has it.
      const templates = (await (await fetch(`${server.url}/api/shot-templates`)).json()) as Array<{
        id: number;
        breeding_days: number | null;
      }>;
      expect(templates.find((template) => template.id === 2)?.breeding_days).toBe(-35);

      expect(await pressCtrlC(server), server.output()).toBe(0);
      expect(await findClusterProcesses()).toEqual([]);
      // One line per stage, and no stack traces from connections PostgreSQL closed as it stopped.
      const stopping = server.output().slice(server.output().indexOf("SIGINT received"));
      expect(
        stopping.split("\n").filter((line) => /^(Stopped |VaxCal stopped)/.test(line)),
      ).toEqual([
        "Stopped the HTTP server.",
        "Stopped the background jobs.",
        "Stopped the database pool.",
        "Stopped PostgreSQL.",
        "VaxCal stopped.",
      ]);
      expect(stopping).not.toContain("stack");
      expect(stopping).not.toContain("Still stopping");
    },
    startTimeoutMs,
  );

  it(
    "stops a PostgreSQL orphaned by a killed server and starts again",
    async () => {
      const crashed = await startServer();
      const { pid: orphanPid } = await readPostmaster();
      await stopServer(crashed, "SIGKILL");
      // The postmaster outlives a SIGKILLed parent: exactly the leftover the next start must handle.
      expect((await findClusterProcesses()).includes(orphanPid)).toBe(true);

      const server = await startServer();
      expect((await findClusterProcesses()).includes(orphanPid)).toBe(false);
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
      expect(await stopServer(server, "SIGTERM")).toBe(0);
      expect(await findClusterProcesses()).toEqual([]);
    },
    startTimeoutMs * 2,
  );

  it(
    "refuses a second server on the same data directory with one clear line, and no crash",
    async () => {
      const first = await startServer();
      const second = spawnServer({ PORT: "0" });

      expect(await second.exited).toBe(1);
      expect(second.output()).toContain("is already in use by another running server");
      expect(second.output()).not.toMatch(/TypeError|\n\s+at /);
      // The first server was not disturbed.
      expect((await fetch(`${first.url}/api/health`)).status).toBe(200);
      expect(await stopServer(first, "SIGTERM")).toBe(0);
      expect(await findClusterProcesses()).toEqual([]);
    },
    startTimeoutMs,
  );

  it(
    "leaves no PostgreSQL behind when the start fails half way",
    async () => {
      // PostgreSQL, migrations and seeding succeed; listening then fails on a taken port.
      const blocker = net.createServer();
      await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
      const address = blocker.address();
      const port = typeof address === "object" && address ? address.port : 0;
      try {
        const server = spawnServer({ PORT: String(port) });
        expect(await server.exited).toBe(1);
        expect(server.output()).toMatch(/VaxCal could not start: .*EADDRINUSE/);
        expect(existsSync(path.join(clusterDir, "postmaster.pid"))).toBe(false);
        expect(await findClusterProcesses()).toEqual([]);
      } finally {
        await new Promise((resolve) => blocker.close(resolve));
      }
    },
    startTimeoutMs,
  );
});
