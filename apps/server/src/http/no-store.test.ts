import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  asUser,
  buildRegistration,
  createAccountsTestApp,
  findLink,
  nextClientAddress,
  readOutbox,
  registerUser,
  type AccountsTestApp,
} from "../test/accounts.ts";
import { buildEngineCalendar, buildSubmitPayload } from "../test/calendars.ts";

/* Every answer that carries a session token or a secret feed link says `no-store`. */

let testApp: AccountsTestApp;

beforeAll(async () => {
  testApp = await createAccountsTestApp();
});

afterAll(() => testApp.close());

async function send(options: InjectOptions, expectedStatus: number) {
  const response = await testApp.app.inject({ remoteAddress: nextClientAddress(), ...options });
  expect(response.statusCode, `${options.method} ${options.url}: ${response.body}`).toBe(
    expectedStatus,
  );
  return response;
}

describe("Cache-Control: no-store", () => {
  it("is on every answer that carries a token or a feed link", async () => {
    const user = await registerUser(testApp.app);
    const answers = [];
    answers.push(
      await send({ method: "POST", url: "/api/register", payload: buildRegistration() }, 201),
    );
    answers.push(
      await send(
        {
          method: "POST",
          url: "/api/login",
          payload: { username: user.email, password: user.password },
        },
        200,
      ),
    );
    await send({ method: "POST", url: "/api/password/reset", payload: { email: user.email } }, 200);
    await testApp.whenIdle();
    const [resetMail] = await readOutbox(testApp.database, user.email ?? "");
    const token = new URL(
      findLink(resetMail?.bodyText ?? null, "/password/reset"),
    ).searchParams.get("token");
    answers.push(
      await send(
        {
          method: "POST",
          url: "/api/password/reset/confirm",
          payload: {
            email: user.email,
            token,
            password: "new-pasture-77",
            password_confirmation: "new-pasture-77",
          },
        },
        200,
      ),
    );
    const session = answers[2]?.json<{ token: string }>().token ?? "";
    const created = await send(
      asUser(session, {
        method: "POST",
        url: "/api/calendar",
        payload: buildSubmitPayload(buildEngineCalendar()),
      }),
      201,
    );
    answers.push(created);
    const calendarId = created.json<{ calendar: { id: number } }>().calendar.id;
    answers.push(
      await send(
        asUser(session, { method: "POST", url: `/api/calendars/${calendarId}/feed/regenerate` }),
        200,
      ),
    );
    answers.push(
      await send(asUser(session, { method: "GET", url: `/api/calendars/${calendarId}` }), 200),
    );
    for (const answer of answers) {
      expect(answer.headers["cache-control"], answer.body).toMatch(/\bno-store\b/);
    }
  });
});
