import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from "node:zlib";
import { ErrorBodySchema, ErrorCode } from "@vaxcal/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { buildApp } from "../app.ts";
import { AppError } from "../errors/app-error.ts";
import { buildTestConfig, createTestApp, type TestApp } from "../test/app.ts";

const landingHtml =
  '<!doctype html><html><body><div id="root" data-prerendered><h1>VaxCal</h1></div></body></html>';
const appShellHtml = '<!doctype html><html><body><div id="root"></div></body></html>';
const appScript = "console.log('app');";

let webDistDir: string;
let testApp: TestApp;

beforeAll(async () => {
  webDistDir = await mkdtemp(path.join(tmpdir(), "vaxcal-web-"));
  await mkdir(path.join(webDistDir, "assets"));
  await writeFile(path.join(webDistDir, "index.html"), landingHtml);
  await writeFile(path.join(webDistDir, "app-shell.html"), appShellHtml);
  await writeFile(path.join(webDistDir, "robots.txt"), "User-agent: *\nAllow: /\n");
  await writeFile(path.join(webDistDir, "assets", "index-3f9a1c.js"), appScript);
  await writeFile(path.join(webDistDir, "favicon.svg"), "<svg/>");
  await writeFile(
    path.join(webDistDir, "assets", "index-3f9a1c.js.br"),
    brotliCompressSync(appScript),
  );

  testApp = await createTestApp({ webDistDir });
  // Routes that exist only in this test, to drive the error handler the way feature routes will.
  const app = testApp.app.withTypeProvider<ZodTypeProvider>();
  app.post(
    "/api/test/echo",
    {
      schema: {
        body: z.object({ herdSize: z.number().int().positive(), name: z.string().min(1) }),
        querystring: z.object({ verbose: z.enum(["yes", "no"]).optional() }),
      },
    },
    async (request) => request.body,
  );
  app.get("/api/test/conflict", async () => {
    throw new AppError(ErrorCode.conflict, "That e-mail address is already registered.");
  });
  app.get("/api/test/crash", async () => {
    throw new Error("connection to 10.0.0.5 refused for user vaxcal_admin");
  });
});

afterAll(async () => {
  await testApp.close();
  await rm(webDistDir, { recursive: true, force: true });
});

function parseErrorBody(body: string) {
  return ErrorBodySchema.parse(JSON.parse(body)).error;
}

describe("the one error body", () => {
  it("answers invalid fields with 400 and an issue per field, named by where it was sent", async () => {
    const response = await testApp.app.inject({
      method: "POST",
      url: "/api/test/echo?verbose=maybe",
      payload: { herdSize: 3, name: "Glenbeg" },
    });
    expect(response.statusCode).toBe(400);
    const error = parseErrorBody(response.body);
    expect(error.code).toBe(ErrorCode.validation);
    expect(error.issues?.map((issue) => issue.path)).toEqual(["query.verbose"]);

    const bodyResponse = await testApp.app.inject({
      method: "POST",
      url: "/api/test/echo",
      payload: { herdSize: -3, name: "" },
    });
    const bodyError = parseErrorBody(bodyResponse.body);
    expect(bodyResponse.statusCode).toBe(400);
    expect(bodyError.issues?.map((issue) => issue.path).sort()).toEqual([
      "body.herdSize",
      "body.name",
    ]);
    expect(bodyError.issues?.every((issue) => issue.message.length > 0)).toBe(true);
  });

  it("accepts valid input", async () => {
    const response = await testApp.app.inject({
      method: "POST",
      url: "/api/test/echo",
      payload: { herdSize: 120, name: "Glenbeg" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ herdSize: 120, name: "Glenbeg" });
  });

  it("answers malformed JSON with 400", async () => {
    const response = await testApp.app.inject({
      method: "POST",
      url: "/api/test/echo",
      headers: { "content-type": "application/json" },
      payload: '{"herdSize": 12,',
    });
    expect(response.statusCode).toBe(400);
    expect(parseErrorBody(response.body)).toEqual({
      code: ErrorCode.validation,
      message: "The request body is not valid JSON.",
    });
  });

  it("answers a body over 1 MiB with 413", async () => {
    const response = await testApp.app.inject({
      method: "POST",
      url: "/api/test/echo",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ name: "x".repeat(1024 * 1024), herdSize: 1 }),
    });
    expect(response.statusCode).toBe(413);
    expect(parseErrorBody(response.body).code).toBe(ErrorCode.payloadTooLarge);
  });

  it("answers a body that is not JSON with 415", async () => {
    const response = await testApp.app.inject({
      method: "POST",
      url: "/api/test/echo",
      headers: { "content-type": "application/xml" },
      payload: "<herd/>",
    });
    expect(response.statusCode).toBe(415);
    expect(parseErrorBody(response.body).code).toBe(ErrorCode.unsupportedMediaType);
  });

  it("maps an AppError to its status and keeps its message", async () => {
    const response = await testApp.app.inject({ method: "GET", url: "/api/test/conflict" });
    expect(response.statusCode).toBe(409);
    expect(parseErrorBody(response.body)).toEqual({
      code: ErrorCode.conflict,
      message: "That e-mail address is already registered.",
    });
  });

  it("hides the internals of a 500 and gives the request id as reference", async () => {
    const response = await testApp.app.inject({ method: "GET", url: "/api/test/crash" });
    expect(response.statusCode).toBe(500);
    const error = parseErrorBody(response.body);
    expect(error.code).toBe(ErrorCode.internal);
    expect(response.body).not.toContain("10.0.0.5");
    expect(response.body).not.toContain("vaxcal_admin");
    const requestId = response.headers["x-request-id"];
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(error.message).toContain(String(requestId));
  });

  it("answers an unknown API path with a JSON 404, whatever the method", async () => {
    for (const method of ["GET", "POST", "DELETE"] as const) {
      const response = await testApp.app.inject({ method, url: "/api/no-such-thing?x=1" });
      expect(response.statusCode).toBe(404);
      expect(response.headers["content-type"]).toMatch(/^application\/json/);
      expect(parseErrorBody(response.body)).toEqual({
        code: ErrorCode.notFound,
        message: `Nothing is found at ${method} /api/no-such-thing.`,
      });
    }
  });
});

describe("the single-page app", () => {
  it("serves the pre-rendered landing page at /, with 200 and no-cache", async () => {
    for (const url of ["/", "/?ref=mail"]) {
      const response = await testApp.app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["content-type"]).toMatch(/^text\/html/);
      expect(response.body).toBe(landingHtml);
      expect(response.headers["cache-control"]).toBe("no-cache");
    }
  });

  it("serves the app shell, not the landing page, for every other page", async () => {
    for (const url of ["/calendars", "/beta", "/this/page/does/not/exist?ref=mail"]) {
      const response = await testApp.app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["content-type"]).toMatch(/^text\/html/);
      expect(response.body).toBe(appShellHtml);
      expect(response.headers["cache-control"]).toBe("no-cache");
    }
  });

  it("serves robots.txt as text, not the page", async () => {
    const response = await testApp.app.inject({ method: "GET", url: "/robots.txt" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/plain/);
    expect(response.body).toContain("User-agent: *");
  });

  it("serves hashed assets with a year-long immutable cache", async () => {
    const response = await testApp.app.inject({ method: "GET", url: "/assets/index-3f9a1c.js" });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe("console.log('app');");
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("serves the build's brotli copy to browsers that accept it", async () => {
    const response = await testApp.app.inject({
      method: "GET",
      url: "/assets/index-3f9a1c.js",
      headers: { "accept-encoding": "gzip, deflate, br" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers["content-type"]).toMatch(/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(appScript);
  });

  it("serves other public files with a short cache", async () => {
    const response = await testApp.app.inject({ method: "GET", url: "/favicon.svg" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("public, max-age=3600");
  });

  it("answers a missing asset with 404 rather than the page", async () => {
    const response = await testApp.app.inject({ method: "GET", url: "/assets/index-old.js" });
    expect(response.statusCode).toBe(404);
    expect(parseErrorBody(response.body).code).toBe(ErrorCode.notFound);
  });

  it("answers a non-GET request to a page path with a JSON 404", async () => {
    const response = await testApp.app.inject({ method: "POST", url: "/calendars" });
    expect(response.statusCode).toBe(404);
    expect(parseErrorBody(response.body).code).toBe(ErrorCode.notFound);
  });

  it("says the web app is not built, instead of crashing, when there is no build", async () => {
    const app: FastifyInstance = await buildApp({
      config: buildTestConfig({ webDistDir: path.join(webDistDir, "missing") }),
      database: testApp.database,
    });
    try {
      const response = await app.inject({ method: "GET", url: "/calendars" });
      expect(response.statusCode).toBe(503);
      expect(response.headers["content-type"]).toMatch(/^text\/html/);
      expect(response.body).toContain("The web app is not built.");
      const api = await app.inject({ method: "GET", url: "/api/animals" });
      expect(api.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe("compression", () => {
  it("sends JSON compressed to a browser that accepts it, and the same JSON decoded", async () => {
    const plain = await testApp.app.inject({ method: "GET", url: "/api/vaccines" });
    const compressed = await testApp.app.inject({
      method: "GET",
      url: "/api/vaccines",
      headers: { "accept-encoding": "br, gzip" },
    });

    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(compressed.headers["content-encoding"]).toBe("br");
    expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(compressed.rawPayload).toString("utf8"))).toEqual(
      plain.json(),
    );
  });

  it("falls back to gzip, and leaves small answers and precompressed files as they are", async () => {
    const gzipped = await testApp.app.inject({
      method: "GET",
      url: "/api/vaccines",
      headers: { "accept-encoding": "gzip" },
    });
    const plain = await testApp.app.inject({ method: "GET", url: "/api/vaccines" });
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(gzipped.rawPayload).toString("utf8"))).toEqual(plain.json());

    const health = await testApp.app.inject({
      method: "GET",
      url: "/api/health",
      headers: { "accept-encoding": "br, gzip" },
    });
    expect(health.headers["content-encoding"]).toBeUndefined();

    const script = await testApp.app.inject({
      method: "GET",
      url: "/assets/index-3f9a1c.js",
      headers: { "accept-encoding": "br" },
    });
    expect(script.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(script.rawPayload).toString("utf8")).toBe(appScript);
  });
});

describe("security headers", () => {
  it("sends a strict content security policy and the baseline headers on pages and API", async () => {
    for (const url of ["/", "/api/animals"]) {
      const response = await testApp.app.inject({ method: "GET", url });
      const policy = String(response.headers["content-security-policy"]);
      expect(policy).toContain("default-src 'self'");
      expect(policy).toContain("script-src 'self'");
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).toContain("object-src 'none'");
      expect(policy).not.toContain("unsafe-inline");
      expect(policy).not.toContain("unsafe-eval");
      expect(response.headers["strict-transport-security"]).toBe(
        "max-age=31536000; includeSubDomains",
      );
      expect(response.headers["x-content-type-options"]).toBe("nosniff");
      expect(response.headers["x-frame-options"]).toBe("DENY");
      expect(response.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    }
  });

  it("relaxes styles only for the API docs, which still cannot be framed", async () => {
    const docs = await testApp.app.inject({ method: "GET", url: "/api/docs/" });
    expect(docs.statusCode).toBe(200);
    const policy = String(docs.headers["content-security-policy"]);
    expect(policy).toContain("style-src 'self' 'unsafe-inline'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
  });
});

describe("OpenAPI", () => {
  it("documents every reference route and the health check", async () => {
    const response = await testApp.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(response.statusCode).toBe(200);
    const document = response.json() as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        "/api/health",
        "/api/enterprises-animals",
        "/api/diseases",
        "/api/animals",
        "/api/vaccines",
        "/api/seasons",
        "/api/animal-enterprise-season-combinations",
        "/api/warnings",
        "/api/shot-templates",
        "/api/territory-managers",
        "/api/vets",
      ]),
    );
  });
});
