import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app.ts";

/*
 * Security round 3, M6: a body that trickles in is cut once the request has taken
 * REQUEST_TIMEOUT_SECONDS (30 by default; 1 here so the test is quick), over a real socket.
 */

let testApp: TestApp;
let port: number;

beforeAll(async () => {
  testApp = await createTestApp({ requestTimeoutSeconds: 1 });
  await testApp.app.listen({ port: 0, host: "127.0.0.1" });
  const address = testApp.app.server.address();
  if (typeof address !== "object" || !address) throw new Error("the app is not listening");
  port = address.port;
});

afterAll(() => testApp.close());

type SlowOutcome = { answer: string; closedAfterMs: number };

/** Sends a login whose body promises 100 000 bytes and then sends one every 200 ms. */
function trickleLogin(giveUpAfterMs: number): Promise<SlowOutcome | "still open"> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = net.connect({ port, host: "127.0.0.1" });
    let answer = "";
    let trickle: NodeJS.Timeout | undefined;
    const giveUp = setTimeout(() => {
      clearInterval(trickle);
      socket.destroy();
      resolve("still open");
    }, giveUpAfterMs);
    socket.on("connect", () => {
      socket.write(
        [
          "POST /api/login HTTP/1.1",
          `Host: 127.0.0.1:${port}`,
          "Content-Type: application/json",
          "Content-Length: 100000",
          "",
          '{"username":"',
        ].join("\r\n"),
      );
      trickle = setInterval(() => {
        if (socket.writable) socket.write("a");
      }, 200);
    });
    socket.on("data", (chunk) => {
      answer += chunk.toString("utf8");
    });
    socket.on("error", () => {});
    socket.on("close", () => {
      clearTimeout(giveUp);
      clearInterval(trickle);
      resolve({ answer, closedAfterMs: Date.now() - started });
    });
  });
}

describe("slow bodies", () => {
  it("are cut with a 408 once the request timeout has passed", async () => {
    const outcome = await trickleLogin(6_000);
    expect(outcome).not.toBe("still open");
    if (outcome === "still open") return;
    expect(outcome.answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(outcome.answer).toContain("The request took too long to arrive.");
    expect(outcome.closedAfterMs).toBeGreaterThanOrEqual(900);
    expect(outcome.closedAfterMs).toBeLessThan(4_000);
  });

  it("leave a normal request alone", async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "nobody@example.ie", password: "pasture-gate-91" }),
    });
    expect(response.status).toBe(401);
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);
  });
});
