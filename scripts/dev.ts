// `npm run dev`: the API (with its embedded PostgreSQL) and Vite with hot reload, side by side.
// Ctrl-C stops both; the server stops PostgreSQL on its way out.
import { spawn, type ChildProcess } from "node:child_process";

const children: ChildProcess[] = [
  spawn("npm", ["run", "start", "-w", "@vaxcal/server"], { stdio: "inherit" }),
  spawn("npm", ["run", "dev", "-w", "@vaxcal/web"], { stdio: "inherit" }),
];

let isStopping = false;
function stopAll(signal: NodeJS.Signals): void {
  if (isStopping) return;
  isStopping = true;
  for (const child of children) child.kill(signal);
}

process.on("SIGINT", () => stopAll("SIGINT"));
process.on("SIGTERM", () => stopAll("SIGTERM"));
for (const child of children) {
  child.on("exit", (code) => {
    stopAll("SIGTERM");
    if (code) process.exitCode = code;
  });
}
