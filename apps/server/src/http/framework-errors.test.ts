import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { ErrorBodySchema } from "@vaxcal/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app.ts";

/* Even the failures Fastify and Node answer on their own leave in our error shape. */

let testApp: TestApp;
// An unbuilt web app, whatever apps/web/dist holds: a built SPA's catch-all route would otherwise
// take the over-long path first and answer our 404, so the result would depend on the checkout.
const emptyWebDistDir = mkdtempSync(path.join(tmpdir(), "vaxcal-no-web-"));

beforeAll(async () => {
  testApp = await createTestApp({ webDistDir: emptyWebDistDir });
});

afterAll(async () => {
  await testApp.close();
  rmSync(emptyWebDistDir, { recursive: true, force: true });
});

/** Sends raw bytes to the listening server and resolves with its whole answer. */
function sendRaw(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.write(request));
    let answer = "";
    socket.on("data", (chunk) => (answer += chunk.toString()));
    socket.on("end", () => resolve(answer));
    socket.on("error", reject);
  });
}

describe("framework errors", () => {
  it("answer a path that cannot be decoded, or is too long, with a 400 in our shape", async () => {
    for (const url of ["/api/calendars/%zz", `/api/calendars/${"1".repeat(150)}`]) {
      const response = await testApp.app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(400);
      expect(ErrorBodySchema.parse(response.json()).error.code, url).toBe("VALIDATION_FAILED");
    }
  });

  it("answer a request that is not valid HTTP in our shape", async () => {
    await testApp.app.listen({ host: "127.0.0.1", port: 0 });
    const address = testApp.app.server.address();
    const port = typeof address === "object" && address ? address.port : 0;
    const answer = await sendRaw(port, "GET /api/health HTTP/1.1\r\nNot a header line\r\n\r\n");
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    const body = answer.slice(answer.indexOf("\r\n\r\n") + 4);
    expect(ErrorBodySchema.parse(JSON.parse(body)).error.code).toBe("VALIDATION_FAILED");
  });
});
