import pg from "pg";
import { afterAll, afterEach } from "vitest";

/**
 * A vitest setup file: fails the test during which a query was sent on a pg client that was still
 * running another one (`Promise.all` over one transaction). pg 8 only queues such a query and says
 * so once per process, and only from the third query on ("Calling client.query() when the client
 * is already executing a query is deprecated"); pg 9 will not queue it. Independent reads go through
 * `runReads` (db/database.ts), which runs them one after another on a transaction.
 */

const deprecationText = "Calling client.query() when the client is already executing a query";

type ClientInternals = {
  pipeline?: boolean;
  _queryQueue?: unknown[];
  _getActiveQuery?: () => unknown;
};

const violations: Error[] = [];

function isBusy(client: ClientInternals): boolean {
  return client._getActiveQuery?.() != null || (client._queryQueue?.length ?? 0) > 0;
}

/** The guard reads two of pg's private fields; if an upgrade renames them, it must say so, not pass. */
function assertClientInternals(): void {
  const probe = new pg.Client() as unknown as ClientInternals;
  if (typeof probe._getActiveQuery !== "function" || !Array.isArray(probe._queryQueue)) {
    throw new Error(
      "one-query-per-client: pg.Client no longer has _getActiveQuery and _queryQueue; update the guard for this pg version",
    );
  }
}

assertClientInternals();

const originalQuery = pg.Client.prototype.query;
// pg's overloads cannot be restated here; the wrapper passes every argument through unchanged.
pg.Client.prototype.query = function query(this: pg.Client, ...args: unknown[]) {
  const client = this as unknown as ClientInternals;
  if (!client.pipeline && isBusy(client)) {
    const config = args[0];
    const text = typeof config === "string" ? config : (config as { text?: string })?.text;
    // Deep enough to reach the module's function through drizzle's and pg's frames.
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 40;
    violations.push(
      new Error(
        `a query was sent on a pg client still running another one (Promise.all over one transaction?): ${String(text).slice(0, 120)}`,
      ),
    );
    Error.stackTraceLimit = limit;
  }
  return (originalQuery as (...rest: unknown[]) => unknown).apply(this, args);
} as typeof pg.Client.prototype.query;

// A backstop in case a query reaches pg without passing the wrapper (another copy of pg).
process.on("warning", (warning) => {
  if (warning.message.includes(deprecationText)) violations.push(warning);
});

/** Hands over (and forgets) what the guard has seen so far; for the guard's own test. */
export function takeConcurrentQueryViolations(): Error[] {
  return violations.splice(0);
}

function failOnViolations(): void {
  const seen = takeConcurrentQueryViolations();
  if (seen.length === 0) return;
  const [first] = seen;
  if (seen.length === 1 && first) throw first;
  throw new AggregateError(seen, `${seen.length} queries were sent on a busy pg client`);
}

afterEach(failOnViolations);
afterAll(failOnViolations);
