import { ErrorCode } from "@vaxcal/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "../errors/app-error.ts";

/** JSON bodies from this size up are parsed, checked and answered one at a time. */
export const largeJsonBodyChars = 64 * 1024;
/** Large bodies allowed to wait for their turn; the next one is answered 503 at once. */
export const maxWaitingLargeBodies = 32;
export const busyMessage = "The server is busy with other large requests. Please try again.";

/**
 * One turn at a time, handed on only after the event loop has gone round once more: what came
 * in on other sockets during a turn's work is read (the loop's poll phase) before the next turn
 * starts. One `setImmediate` is not enough: from an I/O callback it runs before the next poll.
 * An immediate queued by an immediate waits for the next round, after its poll.
 */
export function createTurns({ maxWaiting }: { maxWaiting: number }) {
  const waiting: (() => void)[] = [];
  let isTaken = false;

  function handOn(): void {
    const next = waiting.shift();
    if (next) next();
    else isTaken = false;
  }

  return {
    /** Resolves with the turn; false, at once, when `maxWaiting` are already queued. */
    take(): Promise<boolean> {
      if (!isTaken) {
        isTaken = true;
        return Promise.resolve(true);
      }
      if (waiting.length >= maxWaiting) return Promise.resolve(false);
      return new Promise((resolve) => waiting.push(() => resolve(true)));
    },
    release(): void {
      setImmediate(() => setImmediate(handOn));
    },
    get waitingCount(): number {
      return waiting.length;
    },
  };
}

/**
 * Large JSON bodies take turns (security round 3, H1; decision 709). Parsing a body of a
 * megabyte, checking it and answering it holds the event loop for a few to a few tens of
 * milliseconds; four such saves arriving together held /api/health for their sum. Now a large
 * body waits, after it has arrived, until the one before it has been answered, so anything else
 * waits for one at most. Small bodies (every real request but a save) are parsed at once, as
 * before, with Fastify's own parser and its prototype-poisoning checks.
 */
export function registerLargeBodyTurns(
  app: FastifyInstance,
  { largeChars = largeJsonBodyChars, maxWaiting = maxWaitingLargeBodies } = {},
): void {
  const parseJson = app.getDefaultJsonParser("error", "error");
  const turns = createTurns({ maxWaiting });
  const holdsTurn = new WeakSet<FastifyRequest>();

  function parse(request: FastifyRequest, body: string): Promise<unknown> {
    return new Promise((resolve, reject) =>
      parseJson(request, body, (error, value) => (error ? reject(error) : resolve(value))),
    );
  }

  function giveBack(request: FastifyRequest): void {
    if (holdsTurn.delete(request)) turns.release();
  }

  app.addContentTypeParser(
    "application/json",
    { parseAs: "string" },
    async (request: FastifyRequest, body: string) => {
      if (body.length < largeChars) return parse(request, body);
      if (!(await turns.take())) throw new AppError(ErrorCode.busy, busyMessage);
      holdsTurn.add(request);
      return parse(request, body);
    },
  );
  // The turn ends with the answer (a 400 from the checks, or the save's own), or when the client
  // goes away before it.
  app.addHook("onResponse", async (request) => giveBack(request));
  app.addHook("onRequestAbort", async (request) => giveBack(request));
}
