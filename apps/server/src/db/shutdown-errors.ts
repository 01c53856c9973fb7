import type { FastifyBaseLogger } from "fastify";

/*
 * When PostgreSQL shuts down (Ctrl-C in a terminal reaches the embedded one at the same moment as
 * VaxCal, or an operator restarts a server), every open connection fails at once. Those failures
 * are expected and say nothing a stack trace would add, so they are logged as one short warning.
 */

// admin_shutdown, crash_shutdown, cannot_connect_now: PostgreSQL's shutdown error codes.
const shutdownCodes = new Set(["57P01", "57P02", "57P03"]);
const goneCodes = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE"]);

/** Whether the error is PostgreSQL ending or refusing connections as it shuts down. */
export function isDatabaseShutdown(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const code = "code" in error ? String(error.code) : "";
  const message = error instanceof Error ? error.message : "";
  return (
    shutdownCodes.has(code) ||
    goneCodes.has(code) ||
    /^Connection terminated( unexpectedly)?$/.test(message)
  );
}

/**
 * Logs a database failure: a shutdown as a one-line warning, anything else with its stack at the
 * level given.
 */
export function logDatabaseFailure(
  log: Pick<FastifyBaseLogger, "warn" | "error">,
  error: unknown,
  message: string,
  level: "warn" | "error" = "error",
): void {
  if (isDatabaseShutdown(error)) log.warn(`${message}: PostgreSQL is shutting down`);
  else log[level]({ err: error }, message);
}
