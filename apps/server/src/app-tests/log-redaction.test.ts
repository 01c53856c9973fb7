import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { buildUnsubscribeUrl } from "../modules/reminders/index.ts";
import {
  asUser,
  createTestClock,
  findLink,
  nextClientAddress,
  readOutbox,
  registerUser,
  toPath,
} from "../test/accounts.ts";
import { buildTestConfig } from "../test/app.ts";
import { buildEngineCalendar, buildSubmitPayload } from "../test/calendars.ts";
import { createTestDatabase, type TestDatabase } from "../test/database.ts";

/*
 * L4 of security round 3: a whole journey (register, verify the e-mail, log in, reset the
 * password, save a calendar, fetch its feed by the secret link, download the PDF, use the e-mail's
 * unsubscribe link) with the app's log captured at its most talkative level. No token, signature
 * or password issued on the way may appear anywhere in it, and it still tells what was asked and
 * how it was answered.
 */

const appSecret = "log-redaction-secret-0123456789-abcdefgh";
const publicUrl = "https://vaxcal.example.ie";
const logLines: string[] = [];
let app: FastifyInstance;
let database: TestDatabase;
const clock = createTestClock();
const webDistDir = mkdtempSync(path.join(tmpdir(), "vaxcal-log-web-"));
writeFileSync(path.join(webDistDir, "index.html"), "<!doctype html><title>VaxCal</title>");
writeFileSync(path.join(webDistDir, "app-shell.html"), "<!doctype html><title>VaxCal</title>");

beforeAll(async () => {
  database = await createTestDatabase();
  const config = buildTestConfig({ logLevel: "trace", appSecret, publicUrl, webDistDir });
  app = await buildApp({
    config,
    database,
    clock: clock.now,
    logStream: { write: (line: string) => void logLines.push(line) },
  });
});

afterAll(async () => {
  await app.close();
  await database.drop();
  rmSync(webDistDir, { recursive: true, force: true });
});

type LogEntry = { msg?: string; req?: { method?: string; path?: string; route?: string } };
type LogAnswer = { res?: { statusCode?: number }; reqId?: string };

describe("the app's log over a whole journey", () => {
  it("holds no token, signed link or password issued on the way, and still shows each route and status", async () => {
    const secrets: Record<string, string> = {};
    const get = (url: string, token?: string) =>
      app.inject(token ? asUser(token, { method: "GET", url }) : { method: "GET", url });
    const post = (url: string, payload: object) =>
      app.inject({ method: "POST", url, payload, remoteAddress: nextClientAddress() });

    // Register, then follow the e-mailed verification link: the page, then the API it calls.
    const farmer = await registerUser(app);
    secrets["registration session"] = farmer.token;
    secrets["password"] = farmer.password;
    await app.backgroundTasks.whenIdle();
    const [verification] = await readOutbox(database, farmer.email ?? "");
    const verifyLink = toPath(findLink(verification?.bodyText ?? null, "/email/verify/"));
    secrets["e-mail verification signature"] = verifyLink.split(".").pop() ?? "";
    expect((await get(verifyLink)).statusCode).toBe(200);
    expect((await get(`/api${verifyLink}`)).statusCode).toBe(200);

    // Log in; reset the password from the e-mailed link.
    const login = await post("/api/login", { username: farmer.email, password: farmer.password });
    expect(login.statusCode).toBe(200);
    const token = login.json<{ token: string }>().token;
    secrets["login session"] = token;
    const resetRequest = await post("/api/password/reset", { email: farmer.email });
    expect(resetRequest.statusCode).toBe(200);
    await app.backgroundTasks.whenIdle();
    const [resetMail] = await readOutbox(database, farmer.email ?? "");
    const resetLink = findLink(resetMail?.bodyText ?? null, "/password/reset");
    const resetToken = new URL(resetLink).searchParams.get("token") ?? "";
    secrets["password reset token"] = resetToken;
    expect((await get(toPath(resetLink))).statusCode).toBe(200);
    const checked = await post("/api/password/verify-token", {
      email: farmer.email,
      token: resetToken,
    });
    expect(checked.statusCode).toBe(200);
    const newPassword = "a-new-meadow-password-9";
    secrets["new password"] = newPassword;
    const confirmed = await post("/api/password/reset/confirm", {
      email: farmer.email,
      token: resetToken,
      password: newPassword,
      password_confirmation: newPassword,
    });
    expect(confirmed.statusCode).toBe(200);
    const relogin = await post("/api/login", { username: farmer.email, password: newPassword });
    expect(relogin.statusCode).toBe(200);
    const session = relogin.json<{ token: string }>().token;
    secrets["session after the reset"] = session;

    // Save a calendar, fetch its feed by the secret link, download its PDF.
    const saved = await app.inject(
      asUser(session, {
        method: "POST",
        url: "/api/calendar",
        payload: buildSubmitPayload(buildEngineCalendar()),
      }),
    );
    expect(saved.statusCode).toBe(201);
    const calendar = saved.json<{ calendar: { id: number; feedUrls: { https: string } } }>()
      .calendar;
    const feedPath = new URL(calendar.feedUrls.https).pathname;
    secrets["feed token"] = /\/feed\/([^/.]+)/.exec(feedPath)?.[1] ?? "";
    expect((await get(feedPath)).statusCode).toBe(200);
    expect((await get(`/api/calendars/${calendar.id}/download`, session)).statusCode).toBe(200);

    // The reminders' unsubscribe link, as a click and as a mail app's one-click POST.
    const unsubscribe = toPath(
      buildUnsubscribeUrl(publicUrl, appSecret, farmer.id, farmer.email ?? ""),
    );
    secrets["unsubscribe signature"] =
      new URL(unsubscribe, publicUrl).searchParams.get("signature") ?? "";
    expect((await get(unsubscribe)).statusCode).toBe(200);
    const oneClick = await app.inject({
      method: "POST",
      url: unsubscribe,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.statusCode).toBeLessThan(300);
    await app.backgroundTasks.whenIdle();

    const log = logLines.join("");
    for (const [name, secret] of Object.entries(secrets)) {
      expect(secret.length, name).toBeGreaterThanOrEqual(8);
    }
    const leaked = Object.keys(secrets).filter((name) => log.includes(secrets[name] ?? ""));
    expect(leaked, "secrets found in the log").toEqual([]);
    // Still useful: each request's method, route and answer, tied together by the request id.
    const entries = logLines.map((line) => JSON.parse(line) as LogEntry & LogAnswer);
    const answered = (route: string, status: number) =>
      entries.some(
        (entry) =>
          entry.req?.route === route &&
          entries.some(
            (answer) => answer.reqId === entry.reqId && answer.res?.statusCode === status,
          ),
      );
    expect(answered("/api/calendars/feed/:file", 200)).toBe(true);
    expect(answered("/api/calendars/:id/download", 200)).toBe(true);
    expect(answered("/api/email/verify/:id/:hash", 200)).toBe(true);
    expect(answered("/api/reminders/unsubscribe", 204)).toBe(true);
    const feedEntry = entries.find((entry) => entry.req?.route === "/api/calendars/feed/:file");
    expect(feedEntry?.req).toMatchObject({
      method: "GET",
      path: "/api/calendars/feed/[redacted]",
    });
  });
});
