// `npm run dev`: the API (with its embedded PostgreSQL) and Vite with hot reload, side by side.
// Each child runs in its own process group, so a signal reaches every process below it
// (npm → shell → node) and the server can stop PostgreSQL on its way out.
import { spawn, type ChildProcess } from "node:child_process";

const children: ChildProcess[] = [
  spawn("npm", ["run", "start", "-w", "@vaxcal/server"], { stdio: "inherit", detached: true }),
  spawn("npm", ["run", "dev", "-w", "@vaxcal/web"], { stdio: "inherit", detached: true }),
];

let isStopping = false;
function stopAll(signal: NodeJS.Signals): void {
  if (isStopping) return;
  isStopping = true;
  for (const child of children) {
    if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, signal);
  }
}

process.on("SIGINT", () => stopAll("SIGINT"));
process.on("SIGTERM", () => stopAll("SIGTERM"));
for (const child of children) {
  child.on("exit", (code) => {
    stopAll("SIGTERM");
    if (code) process.exitCode = code;
  });
}
