import { channel } from "node:diagnostics_channel";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import fc from "fast-check";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse, RouteOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildRegistration, registerUser, type RegisteredUser } from "../test/accounts.ts";
import { startSession } from "../auth/sessions.ts";
import { hashToken } from "../lib/tokens.ts";
import { buildEngineCalendar, buildSubmitPayload, createVetUser } from "../test/calendars.ts";
import { createTestApp, type TestApp } from "../test/app.ts";
import {
  arbitraryFromSchema,
  hostileString,
  int4Max,
  mutatedExample,
  percentEncode,
  rawJsonBodies,
  rawPathSegments,
  rawQueryStrings,
  type Hints,
  type JsonSchema,
} from "../test/request-arbitraries.ts";
import type { FuzzReport } from "../test/fuzz-report.ts";
import { installWriteLog, type LoggedWrite, type WriteLog } from "../test/write-log.ts";

/*
 * Every route of the app, found as buildApp registers it (so a route added later is fuzzed
 * without touching this file), gets random bodies, path ids and query strings as four callers.
 * Two promises must hold for every request: no 5xx, and nothing written when the answer is 4xx.
 * The run is deterministic; set FUZZ_SEED to explore other inputs.
 *
 * `npm run fuzz` (scripts/fuzz.ts) runs the same harness for FUZZ_MINUTES instead: rounds of the
 * four callers, round r's caller c on seed FUZZ_SEED + 4r + c, until the time is up, and writes
 * its counts to FUZZ_REPORT. A failure in round r replays as round 0 of FUZZ_SEED + 4r.
 */

const seed = Number(process.env.FUZZ_SEED ?? 20_261_124);
const fuzzMinutes = process.env.FUZZ_MINUTES ? Number(process.env.FUZZ_MINUTES) : undefined;
const reportPath = process.env.FUZZ_REPORT;
const requestsPerCaller = 2_600;
const callers = ["anonymous", "farmer", "wrong bearer token", "linked vet"] as const;
type Caller = (typeof callers)[number];
const totalRequests = requestsPerCaller * callers.length;
const minimumRequestsPerRoute = 40;

type RouteUnderTest = { method: string; url: string };
type OpenApiOperation = {
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
};
type OpenApiDocument = { paths: Record<string, Record<string, OpenApiOperation>> };

/** A path parameter: a literal (already encoded for the URL) or a fixture read at send time. */
type ParamValue =
  { literal: string } | { fixture: "ownCalendarId" | "otherCalendarId" | "feedFile" | "farmerId" };
type Body =
  | { kind: "none" }
  | { kind: "json"; value: unknown }
  | { kind: "raw"; payload: string; contentType: string };
type FuzzRequest = {
  route: RouteUnderTest;
  params: Record<string, ParamValue>;
  query: string;
  body: Body;
  clientAddress: string;
  forwardedFor: string | undefined;
};
type Failure = {
  caller: Caller;
  /** The fast-check seed of the caller's stream that sent it. */
  seed: number;
  routeKey: string;
  request: string;
  status: number;
  problem: string;
  /** What the server threw, for a 5xx. */
  error: string | undefined;
};

let testApp: TestApp;
let writeLog: WriteLog;
let routes: RouteUnderTest[];
let apiDocument: OpenApiDocument;
const fixtures = {
  farmer: undefined as unknown as RegisteredUser,
  otherFarmer: undefined as unknown as RegisteredUser,
  vet: { id: 0, token: "" },
  vetPracticeId: 0,
  ownCalendarId: 0,
  otherCalendarId: 0,
  feedFile: "",
};
const requestsByRoute = new Map<string, number>();
let requestsSent = 0;
const millisecondsByRoute = new Map<string, number>();
const errorsByRequestId = new Map<string, string>();
const answersByRouteAndClass = new Map<string, number>();
const answersByClass = new Map<string, number>();

/** Collects every route as Fastify registers it, from the moment the app is created. */
async function buildAppRecordingRoutes(): Promise<{ app: TestApp; routes: RouteUnderTest[] }> {
  const seen: RouteUnderTest[] = [];
  const initialization = channel("fastify.initialization");
  const onInitialization = (message: unknown) => {
    const { fastify } = message as { fastify: FastifyInstance };
    fastify.addHook("onRoute", (route: RouteOptions) => {
      for (const method of [route.method].flat()) seen.push({ method, url: route.url });
    });
  };
  initialization.subscribe(onInitialization);
  try {
    const app = await createTestApp({ publicUrl: "https://vaxcal.example.ie", webDistDir });
    return { app, routes: seen };
  } finally {
    initialization.unsubscribe(onInitialization);
  }
}

async function createCalendar(token: string): Promise<{ id: number; feedHttps: string }> {
  const response = await testApp.app.inject({
    method: "POST",
    url: "/api/calendar",
    headers: { authorization: `Bearer ${token}` },
    payload: buildSubmitPayload(buildEngineCalendar()),
  });
  expect(response.statusCode, response.body).toBe(201);
  const { calendar } = response.json<{ calendar: { id: number; feedUrls: { https: string } } }>();
  return { id: calendar.id, feedHttps: calendar.feedUrls.https };
}

async function hasSession(token: string): Promise<boolean> {
  const result = await testApp.database.pool.query("SELECT 1 FROM sessions WHERE token_hash = $1", [
    hashToken(token),
  ]);
  return result.rowCount === 1;
}

/** After a request that succeeded, puts back what it may have used up (a session, a calendar). */
async function restoreFixtures(): Promise<void> {
  const { db, pool } = testApp.database;
  if (!(await hasSession(fixtures.farmer.token))) {
    fixtures.farmer.token = (await startSession(db, fixtures.farmer.id, new Date())).token;
  }
  if (!(await hasSession(fixtures.vet.token))) {
    fixtures.vet.token = (await startSession(db, fixtures.vet.id, new Date())).token;
  }
  const calendar = await pool.query<{ feed_token_hash: string }>(
    "SELECT feed_token_hash FROM calendars WHERE id = $1",
    [fixtures.ownCalendarId],
  );
  const feedToken = /feed\/([^/]+)\.ics$/.exec(fixtures.feedFile)?.[1] ?? "";
  if (calendar.rowCount === 0) {
    // The fuzzed saves may have used up the farmer's saves for the minute (60, decision 413):
    // putting the fixture back is not one of them.
    await pool.query("DELETE FROM rate_limits");
    const created = await createCalendar(fixtures.farmer.token);
    fixtures.ownCalendarId = created.id;
    fixtures.feedFile = feedFileOf(created.feedHttps);
  } else if (calendar.rows[0]?.feed_token_hash !== hashToken(feedToken)) {
    const response = await testApp.app.inject({
      method: "GET",
      url: `/api/calendars/${fixtures.ownCalendarId}`,
      headers: { authorization: `Bearer ${fixtures.farmer.token}` },
    });
    fixtures.feedFile = feedFileOf(response.json<{ feedUrls: { https: string } }>().feedUrls.https);
  }
}

function feedFileOf(feedUrl: string): string {
  return new URL(feedUrl).pathname.split("/").pop() ?? "";
}

// A stand-in for the built SPA, so unknown pages get the app shell as in production rather than
// the 503 "not built" notice of a fresh checkout.
const webDistDir = mkdtempSync(path.join(tmpdir(), "vaxcal-fuzz-web-"));
writeFileSync(path.join(webDistDir, "index.html"), "<!doctype html><title>VaxCal</title>");
writeFileSync(path.join(webDistDir, "app-shell.html"), "<!doctype html><title>VaxCal</title>");

beforeAll(async () => {
  const built = await buildAppRecordingRoutes();
  testApp = built.app;
  testApp.app.addHook("onError", async (request, _reply, error) => {
    // Drizzle wraps the driver's error; its cause names what PostgreSQL refused.
    const cause = error.cause instanceof Error ? error.cause : error;
    errorsByRequestId.set(request.id, `${cause.name}: ${cause.message}`.slice(0, 300));
  });
  const unique = new Map(built.routes.map((route) => [`${route.method} ${route.url}`, route]));
  routes = [...unique.values()].sort((a, b) =>
    `${a.url} ${a.method}`.localeCompare(`${b.url} ${b.method}`),
  );
  const vets = await testApp.app.inject({ method: "GET", url: "/api/vets" });
  const vetPracticeId = vets.json<{ id: number }[]>()[0]?.id ?? 1;
  fixtures.vetPracticeId = vetPracticeId;
  fixtures.farmer = await registerUser(testApp.app, { vet_id: vetPracticeId });
  fixtures.otherFarmer = await registerUser(testApp.app);
  fixtures.vet = await createVetUser(testApp.database.db, vetPracticeId);
  const own = await createCalendar(fixtures.farmer.token);
  fixtures.ownCalendarId = own.id;
  fixtures.feedFile = feedFileOf(own.feedHttps);
  fixtures.otherCalendarId = (await createCalendar(fixtures.otherFarmer.token)).id;
  apiDocument = (await testApp.app.inject({ method: "GET", url: "/api/docs/json" })).json();
  writeLog = await installWriteLog(testApp.database);
});
afterAll(async () => {
  await testApp.close();
  rmSync(webDistDir, { recursive: true, force: true });
});

function findOperation(route: RouteUnderTest): OpenApiOperation | undefined {
  const openApiPath = route.url.replace(/:(\w+)/g, "{$1}");
  const method = route.method === "HEAD" ? "get" : route.method.toLowerCase();
  return apiDocument.paths[openApiPath]?.[method];
}

function buildHints(): Hints {
  const { farmer, otherFarmer } = fixtures;
  return {
    strings: [
      farmer.email ?? "",
      farmer.phone ?? "",
      farmer.password,
      otherFarmer.email ?? "",
      fixtures.feedFile,
      "grass-meadow-42-changed",
    ],
    integers: [fixtures.ownCalendarId, fixtures.otherCalendarId, farmer.id, 1, 2, 3, int4Max + 1],
  };
}

/**
 * Valid bodies for the routes that need one to get anywhere, so that a one-field mutation
 * reaches the handler. Routes without an example are still fuzzed from their schema.
 */
function buildExampleBodies(): Record<string, unknown> {
  const { farmer } = fixtures;
  const calendar = buildSubmitPayload(buildEngineCalendar());
  const resetToken = "A".repeat(43);
  return {
    "POST /api/calendar": calendar,
    "PUT /api/calendar/:id": {
      ...calendar,
      action: "update",
      calendarId: fixtures.ownCalendarId,
    },
    "POST /api/register": buildRegistration({ vet_id: fixtures.vetPracticeId }),
    "POST /api/login": { username: farmer.email, password: farmer.password },
    "PUT /api/user/settings": {
      name: "Máire",
      vet_id: fixtures.vetPracticeId,
      herd_size: "101-200",
      product_notifications: true,
    },
    "POST /api/mobile/verify": { code: "123456" },
    "POST /api/password/reset": { email: farmer.email },
    "POST /password/reset": { email: farmer.email },
    "POST /api/password/verify-token": { email: farmer.email, token: resetToken },
    "POST /api/password/reset/confirm": {
      email: farmer.email,
      token: resetToken,
      password: "new-meadow-grass-7",
      password_confirmation: "new-meadow-grass-7",
    },
  };
}

const paramValue: fc.Arbitrary<ParamValue> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.constantFrom<ParamValue>(
      { fixture: "ownCalendarId" },
      { fixture: "otherCalendarId" },
      { fixture: "feedFile" },
      { fixture: "farmerId" },
    ),
  },
  { weight: 5, arbitrary: hostileString.map((text) => ({ literal: percentEncode(text) })) },
  {
    weight: 2,
    arbitrary: fc
      .oneof(
        fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }),
        fc.constantFrom(2n ** 31n, 2n ** 31n - 1n, 2n ** 32n, 2n ** 63n, -(2n ** 31n) - 1n),
      )
      .map((id) => ({ literal: String(id) })),
  },
  { weight: 1, arbitrary: fc.constantFrom(...rawPathSegments).map((literal) => ({ literal })) },
  {
    weight: 1,
    arbitrary: hostileString.map((text) => ({ literal: `${percentEncode(text)}.ics` })),
  },
);

function queryArbitrary(operation: OpenApiOperation | undefined): fc.Arbitrary<string> {
  const names = (operation?.parameters ?? [])
    .filter((parameter) => parameter.in === "query")
    .map((parameter) => parameter.name);
  const key = fc.oneof(
    { weight: 3, arbitrary: names.length > 0 ? fc.constantFrom(...names) : hostileString },
    { weight: 1, arbitrary: hostileString },
  );
  const value = fc.oneof(
    hostileString,
    fc.string({ maxLength: 12 }),
    fc.constantFrom(...buildHints().strings),
  );
  const pairs = fc
    .array(fc.tuple(key, value), { maxLength: 5 })
    .map((entries) =>
      entries.map(([name, text]) => `${percentEncode(name)}=${percentEncode(text)}`).join("&"),
    );
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant("") },
    { weight: 5, arbitrary: pairs },
    { weight: 1, arbitrary: fc.constantFrom(...rawQueryStrings) },
  );
}

function bodyArbitrary(route: RouteUnderTest, operation: OpenApiOperation | undefined) {
  if (route.method === "GET" || route.method === "HEAD") return fc.constant<Body>({ kind: "none" });
  const schema = operation?.requestBody?.content?.["application/json"]?.schema;
  const example = buildExampleBodies()[`${route.method} ${route.url}`];
  const shaped = arbitraryFromSchema(schema, buildHints());
  const value = example === undefined ? shaped : fc.oneof(shaped, mutatedExample(example));
  const json = value.map<Body>((item) => ({ kind: "json", value: item }));
  const none = fc.constant<Body>({ kind: "none" });
  const raw = fc
    .tuple(fc.constantFrom(...rawJsonBodies), fc.constantFrom("application/json", "text/plain"))
    .map<Body>(([payload, contentType]) => ({ kind: "raw", payload, contentType }));
  return fc.oneof(
    { weight: 8, arbitrary: json },
    { weight: 1, arbitrary: none },
    { weight: 1, arbitrary: raw },
  );
}

const clientAddress = fc.oneof(
  fc.constant("203.0.113.7"),
  fc.ipV4(),
  fc.ipV6().filter((address) => !address.includes("%")),
);

function requestArbitrary(): fc.Arbitrary<FuzzRequest> {
  const byRoute = routes.map((route) => {
    const operation = findOperation(route);
    const paramNames = [...route.url.matchAll(/:(\w+)|(\*)/g)].map((match) => match[1] ?? "*");
    return fc.record({
      route: fc.constant(route),
      params: fc.record(Object.fromEntries(paramNames.map((name) => [name, paramValue]))),
      query: queryArbitrary(operation),
      body: bodyArbitrary(route, operation),
      clientAddress,
      forwardedFor: fc.option(fc.ipV4(), { nil: undefined }),
    });
  });
  // Now and then a path no route serves, to fuzz the not-found answer too.
  const unknownPath = fc.record({
    route: fc
      .tuple(fc.constantFrom("GET", "POST", "PUT", "DELETE", "PATCH"), hostileString)
      .map(([method, text]) => ({ method, url: `/api/${percentEncode(text)}` })),
    params: fc.constant({}),
    query: queryArbitrary(undefined),
    body: fc.constant<Body>({ kind: "none" }),
    clientAddress,
    forwardedFor: fc.constant(undefined),
  });
  return fc.oneof(...byRoute, unknownPath);
}

function resolveParam(value: ParamValue): string {
  if ("literal" in value) return value.literal;
  switch (value.fixture) {
    case "ownCalendarId":
      return String(fixtures.ownCalendarId);
    case "otherCalendarId":
      return String(fixtures.otherCalendarId);
    case "feedFile":
      return fixtures.feedFile;
    case "farmerId":
      return String(fixtures.farmer.id);
  }
}

function authorizationFor(caller: Caller, wrongToken: string): string | undefined {
  switch (caller) {
    case "anonymous":
      return undefined;
    case "farmer":
      return `Bearer ${fixtures.farmer.token}`;
    case "linked vet":
      return `Bearer ${fixtures.vet.token}`;
    case "wrong bearer token":
      return wrongToken;
  }
}

const wrongAuthorization = fc.oneof(
  fc.stringMatching(/^[A-Za-z0-9_-]{43}$/).map((token) => `Bearer ${token}`),
  fc.constantFrom(
    "Bearer",
    "Bearer ",
    "bearer x",
    "Basic dXNlcjpwYXNz",
    `Bearer ${"a".repeat(10_000)}`,
  ),
  // A header carries printable ASCII only; anything else would not get past the HTTP parser.
  hostileString.map(
    (text) => `Bearer ${[...text].map((c) => (c >= " " && c <= "~" ? c : "x")).join("")}`,
  ),
);

function toInjectOptions(request: FuzzRequest, authorization: string | undefined): InjectOptions {
  const path = request.route.url.replace(/:(\w+)|\*/g, (_match, name: string | undefined) => {
    const value = request.params[name ?? "*"];
    return value ? resolveParam(value) : "";
  });
  const headers: Record<string, string> = {};
  if (authorization !== undefined) headers.authorization = authorization;
  if (request.forwardedFor) headers["x-forwarded-for"] = request.forwardedFor;
  const options: InjectOptions = {
    method: request.route.method as InjectOptions["method"],
    url: request.query ? `${path}?${request.query}` : path,
    headers,
    remoteAddress: request.clientAddress,
  };
  if (request.body.kind === "json") {
    headers["content-type"] = "application/json";
    options.payload = JSON.stringify(request.body.value) ?? "null";
  } else if (request.body.kind === "raw") {
    headers["content-type"] = request.body.contentType;
    options.payload = request.body.payload;
  }
  return options;
}

function describeRequest(options: InjectOptions, caller: Caller): string {
  const body = typeof options.payload === "string" ? options.payload : "";
  const shown = (text: string) =>
    text.length > 300 ? `${text.slice(0, 300)}… (${text.length} chars)` : text;
  return `${caller}: ${options.method} ${shown(String(options.url))}${body ? ` body ${shown(body)}` : ""}`;
}

function describeProblem(response: LightMyRequestResponse, writes: LoggedWrite[]): string | null {
  if (response.statusCode >= 500)
    return `answered ${response.statusCode}: ${response.body.slice(0, 300)}`;
  if (response.statusCode >= 400 && writes.length > 0) {
    const written = writes.map((write) => `${write.operation} ${write.table}`).join(", ");
    return `answered ${response.statusCode} but wrote: ${written}`;
  }
  return null;
}

async function fuzzAs(caller: Caller, callerSeed: number): Promise<Failure[]> {
  const failures: Failure[] = [];
  let mark = await writeLog.mark();
  const property = fc.asyncProperty(
    requestArbitrary(),
    wrongAuthorization,
    async (request, wrong) => {
      const options = toInjectOptions(request, authorizationFor(caller, wrong));
      const routeKey = `${request.route.method} ${request.route.url}`;
      const startedAt = performance.now();
      const response = await testApp.app.inject(options);
      requestsSent += 1;
      requestsByRoute.set(routeKey, (requestsByRoute.get(routeKey) ?? 0) + 1);
      const statusKey = `${routeKey} ${Math.floor(response.statusCode / 100)}xx`;
      answersByRouteAndClass.set(statusKey, (answersByRouteAndClass.get(statusKey) ?? 0) + 1);
      const statusClass = `${Math.floor(response.statusCode / 100)}xx`;
      answersByClass.set(statusClass, (answersByClass.get(statusClass) ?? 0) + 1);
      millisecondsByRoute.set(
        routeKey,
        (millisecondsByRoute.get(routeKey) ?? 0) + performance.now() - startedAt,
      );
      // A 2xx may leave work running (a reset request's e-mail); it is the request's writing too.
      await testApp.whenIdle();
      const writes = await writeLog.readSince(mark);
      mark = writes.at(-1)?.id ?? mark;
      const problem = describeProblem(response, writes);
      if (problem) {
        const requestId = String(response.headers["x-request-id"] ?? "");
        failures.push({
          caller,
          seed: callerSeed,
          routeKey,
          request: describeRequest(options, caller),
          status: response.statusCode,
          problem,
          error: errorsByRequestId.get(requestId),
        });
      }
      if (response.statusCode < 400 && options.method !== "GET" && options.method !== "HEAD") {
        await restoreFixtures();
        mark = await writeLog.mark();
      }
    },
  );
  // Each caller gets its own stream of requests; the seed printed with a failure replays it.
  await fc.assert(property, { seed: callerSeed, numRuns: requestsPerCaller, endOnFailure: true });
  return failures;
}

/** One line per distinct problem (route, status, cause), with its first example and its count. */
function summarise(failures: Failure[]): string {
  const groups = new Map<string, { example: Failure; count: number }>();
  for (const failure of failures) {
    const cause = failure.error ?? failure.problem.replace(/\(Reference: [^)]*\)/, "");
    const key = `${failure.routeKey} ${failure.status} ${cause.replace(/\d+/g, "N")}`;
    const group = groups.get(key);
    if (group) group.count += 1;
    else groups.set(key, { example: failure, count: 1 });
  }
  return [...groups.values()]
    .map(
      ({ example, count }) =>
        `- ${example.routeKey}: ${count} × ${example.problem}` +
        (example.error ? `\n    error: ${example.error}` : "") +
        `\n    e.g. (seed ${example.seed}) ${example.request}`,
    )
    .join("\n");
}

const describeFast = fuzzMinutes === undefined ? describe : describe.skip;
const describeTimed = fuzzMinutes === undefined ? describe.skip : describe;

describe("the routes under fuzzing", () => {
  it("finds the routes as buildApp registers them, and their schemas in the API document", () => {
    expect(routes.length).toBeGreaterThan(30);
    const documented = routes.filter((route) => findOperation(route) !== undefined);
    expect(documented.map((route) => route.url)).toEqual(
      expect.arrayContaining(["/api/register", "/api/calendar/:id", "/api/user/settings"]),
    );
  });

  it("notices a write, so that the promises below can fail", async () => {
    const before = await writeLog.mark();
    await testApp.database.pool.query("UPDATE users SET name = name || '' WHERE id = $1", [
      fixtures.farmer.id,
    ]);
    expect(await writeLog.readSince(before)).toEqual([]);
    await testApp.database.pool.query("UPDATE users SET town = town || ' ' WHERE id = $1", [
      fixtures.farmer.id,
    ]);
    expect(await writeLog.readSince(before)).toEqual([
      expect.objectContaining({ table: "users", operation: "UPDATE" }),
    ]);
  });
});

describeFast(
  `fuzzing every route with ${totalRequests} random requests (fast-check seed ${seed})`,
  () => {
    for (const caller of callers) {
      it(`answers ${requestsPerCaller} random requests as ${caller} without a 5xx or a write on a 4xx`, async () => {
        const callerSeed = seed + callers.indexOf(caller);
        const failures = await fuzzAs(caller, callerSeed);
        expect(
          failures.length,
          `fast-check seed ${callerSeed}: ${failures.length} of ${requestsPerCaller} requests failed\n${summarise(failures)}`,
        ).toBe(0);
      }, 120_000);
    }

    it(`sent ${totalRequests} requests, at least ${minimumRequestsPerRoute} to every route`, async ({
      annotate,
    }) => {
      expect(requestsSent).toBe(totalRequests);
      await checkEveryRouteReached(annotate);
    });
  },
);

/** Every route got its share of requests; the slowest and the never-accepted are annotated. */
async function checkEveryRouteReached(annotate: (message: string) => Promise<unknown>) {
  const starved = routes
    .map((route) => `${route.method} ${route.url}`)
    .filter((key) => (requestsByRoute.get(key) ?? 0) < minimumRequestsPerRoute);
  expect(starved).toEqual([]);
  const slowest = [...millisecondsByRoute]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5)
    .map(([key, ms]) => `${key}: ${Math.round(ms)} ms over ${requestsByRoute.get(key)} requests`);
  const neverAccepted = routes
    .map((route) => `${route.method} ${route.url}`)
    .filter((key) => !answersByRouteAndClass.has(`${key} 2xx`));
  await annotate(
    `${requestsSent} requests; slowest routes in total:\n${slowest.join("\n")}\n` +
      `routes that never answered 2xx:\n${neverAccepted.join("\n")}`,
  );
}

describeTimed(`fuzzing every route for ${fuzzMinutes} minutes (fast-check seed ${seed})`, () => {
  const minutes = fuzzMinutes ?? 0;
  it(
    "answers random requests as every caller, round after round, without a 5xx or a write on a 4xx",
    async ({ annotate }) => {
      expect(minutes, "FUZZ_MINUTES must be a positive number").toBeGreaterThan(0);
      const endsAt = performance.now() + minutes * 60_000;
      const failures: Failure[] = [];
      let rounds = 0;
      while (performance.now() < endsAt) {
        for (const [index, caller] of callers.entries()) {
          if (performance.now() >= endsAt) break;
          failures.push(...(await fuzzAs(caller, seed + rounds * callers.length + index)));
        }
        rounds += 1;
      }
      const report: FuzzReport = {
        seed,
        minutes,
        rounds,
        requests: requestsSent,
        byStatusClass: Object.fromEntries([...answersByClass].sort()),
        serverErrors: failures.filter((failure) => failure.status >= 500).length,
        writesOn4xx: failures.filter((failure) => failure.status < 500).length,
        problems: summarise(failures),
      };
      if (reportPath) writeFileSync(reportPath, JSON.stringify(report, null, 2));
      expect(
        failures.length,
        `${failures.length} of ${requestsSent} requests failed\n${report.problems}`,
      ).toBe(0);
      // A run cut short before one whole round has not yet reached every route often enough.
      if (requestsSent >= totalRequests) await checkEveryRouteReached(annotate);
    },
    // Time for the last round to finish after the deadline, and for a slow machine.
    minutes * 60_000 + 300_000,
  );
});
