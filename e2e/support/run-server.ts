// Runs the real server for the journeys on a fresh, empty data directory, and removes that
// directory once the server (and its embedded PostgreSQL) has stopped, so runs never share state
// and leave nothing behind.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { e2eAdmin } from "./admin-account.ts";

const dataDir = mkdtempSync(path.join(tmpdir(), "vaxcal-e2e-"));

// The admin journeys sign in as an admin made the way an operator makes one (docs/product.md D2).
const adminCreated = spawnSync(
  "npm",
  ["run", "admin:create", "--", "--email", e2eAdmin.email, "--password", e2eAdmin.password],
  { stdio: "inherit", env: { ...process.env, DATA_DIR: dataDir } },
);
if (adminCreated.status !== 0) {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(1);
}

const server = spawn("npm", ["run", "start", "-w", "@vaxcal/server"], {
  stdio: "inherit",
  env: { ...process.env, DATA_DIR: dataDir },
});

// Playwright stops the server with SIGTERM to the whole process group, so the server hears it
// directly; this script only waits for it to finish before cleaning up.
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => {});

server.on("exit", (code, signal) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? (signal ? 1 : 0));
});
