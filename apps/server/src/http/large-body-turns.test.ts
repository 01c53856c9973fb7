import { ErrorCode } from "@vaxcal/contracts";
import Fastify, { type FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { installErrorHandler } from "../errors/error-handler.ts";
import { busyMessage, createTurns, registerLargeBodyTurns } from "./large-body-turns.ts";

const largeChars = 1_000;
const largeBody = JSON.stringify({ note: "x".repeat(largeChars) });
const smallBody = JSON.stringify({ note: "small" });

/** A route that holds each answer until the test lets it go, and records the order of arrival. */
async function buildApp() {
  const app = Fastify();
  installErrorHandler(app);
  registerLargeBodyTurns(app, { largeChars, maxWaiting: 1 });
  const arrived: number[] = [];
  const holds: (() => void)[] = [];
  app.post<{ Body: { note: string }; Querystring: { n: string } }>("/echo", async (request) => {
    arrived.push(Number(request.query.n));
    await new Promise<void>((resolve) => holds.push(resolve));
    return { length: request.body.note.length };
  });
  await app.ready();
  return { app, arrived, holds };
}

function post(app: FastifyInstance, n: number, payload: string) {
  return app.inject({
    method: "POST",
    url: `/echo?n=${n}`,
    headers: { "content-type": "application/json" },
    payload,
  });
}

/** Lets the event loop turn a few times, so every request that can progress has. */
async function settle(): Promise<void> {
  for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setImmediate(resolve));
}

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

describe("large JSON bodies take turns (decision 709)", () => {
  it("a large body waits until the one before it is answered, while a small one goes at once", async () => {
    const built = await buildApp();
    app = built.app;
    const first = post(app, 1, largeBody);
    const second = post(app, 2, largeBody);
    await settle();
    expect(built.arrived).toEqual([1]);

    const small = post(app, 3, smallBody);
    await settle();
    expect(built.arrived).toEqual([1, 3]);

    built.holds.shift()?.();
    expect((await first).json()).toEqual({ length: largeChars });
    await settle();
    expect(built.arrived).toEqual([1, 3, 2]);
    for (const hold of built.holds.splice(0)) hold();
    expect((await second).json()).toEqual({ length: largeChars });
    expect((await small).statusCode).toBe(200);
  });

  it("past the waiting places, a large body is a 503 with Retry-After, and the others still go", async () => {
    const built = await buildApp();
    app = built.app;
    const first = post(app, 1, largeBody);
    const second = post(app, 2, largeBody);
    await settle();

    const shed = await post(app, 3, largeBody);
    expect(shed.statusCode).toBe(503);
    expect(shed.headers["retry-after"]).toBe("1");
    expect(shed.json()).toEqual({ error: { code: ErrorCode.busy, message: busyMessage } });
    expect(built.arrived).toEqual([1]);

    built.holds.shift()?.();
    await first;
    await settle();
    for (const hold of built.holds.splice(0)) hold();
    expect((await second).statusCode).toBe(200);
    expect(built.arrived).toEqual([1, 2]);
  });

  it("a large body keeps Fastify's checks: bad JSON and a __proto__ key are 400s that free the turn", async () => {
    const built = await buildApp();
    app = built.app;
    const badJson = await post(app, 1, `${largeBody.slice(0, -1)},`);
    expect(badJson.statusCode).toBe(400);
    const poisoned = await post(
      app,
      2,
      `{"__proto__":{"admin":true},"note":"${"x".repeat(largeChars)}"}`,
    );
    expect(poisoned.statusCode).toBe(400);

    const next = post(app, 3, largeBody);
    await settle();
    expect(built.arrived).toEqual([3]);
    built.holds.shift()?.();
    expect((await next).statusCode).toBe(200);
  });
});

describe("createTurns", () => {
  it("hands the turn on only after the event loop has gone round once more", async () => {
    const turns = createTurns({ maxWaiting: 4 });
    const events: string[] = [];
    expect(await turns.take()).toBe(true);
    const next = turns.take().then(() => events.push("next turn"));
    turns.release();
    // Queued after the release, as a request read during the first turn's work would be.
    setImmediate(() => events.push("what came in meanwhile"));
    await next;
    expect(events).toEqual(["what came in meanwhile", "next turn"]);
  });

  it("gives the turn at once when no one holds it, and refuses past the waiting places", async () => {
    const turns = createTurns({ maxWaiting: 1 });
    expect(await turns.take()).toBe(true);
    const waiting = turns.take();
    expect(await turns.take()).toBe(false);
    turns.release();
    expect(await waiting).toBe(true);
    turns.release();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await turns.take()).toBe(true);
  });
});
