import {
  ErrorBodySchema,
  SubmitCalendarResponseSchema,
  calendarLimits,
  calendarMessages,
} from "@vaxcal/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { asUser, registerUser } from "../../test/accounts.ts";
import { buildEngineCalendar, buildSubmitPayload } from "./calendars.test-support.ts";

/* What one account may make the server store and render (docs/security.md, cost limits). */

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

async function save(token: string) {
  return testApp.app.inject(
    asUser(token, {
      method: "POST",
      url: "/api/calendar",
      payload: buildSubmitPayload(buildEngineCalendar()),
    }),
  );
}

async function countCalendars(userId: number): Promise<number> {
  const result = await testApp.database.pool.query<{ count: number }>(
    "SELECT count(*)::int AS count FROM calendars WHERE user_id = $1",
    [userId],
  );
  return result.rows[0]?.count ?? 0;
}

describe("calendars per account", () => {
  it("refuses the 51st calendar with 409 and the limit's message, and writes nothing", async () => {
    expect(calendarLimits.calendarsPerAccount).toBe(50);
    const farmer = await registerUser(testApp.app);
    for (let saved = 0; saved < 50; saved += 1) {
      const response = await save(farmer.token);
      expect(response.statusCode, response.body).toBe(201);
    }
    const shotsBefore = await testApp.database.pool.query("SELECT count(*) FROM calendar_shots");

    const refused = await save(farmer.token);

    expect(refused.statusCode).toBe(409);
    expect(ErrorBodySchema.parse(refused.json()).error.message).toBe(
      calendarMessages.tooManyCalendars,
    );
    expect(calendarMessages.tooManyCalendars).toMatch(/50 calendars.*delete/);
    expect(await countCalendars(farmer.id)).toBe(50);
    expect((await testApp.database.pool.query("SELECT count(*) FROM calendar_shots")).rows).toEqual(
      shotsBefore.rows,
    );
  });

  it("lets two saves at once pass the count only while there is room", async () => {
    const farmer = await registerUser(testApp.app);
    for (let saved = 0; saved < 49; saved += 1) {
      expect((await save(farmer.token)).statusCode).toBe(201);
    }
    const answers = await Promise.all([save(farmer.token), save(farmer.token)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(await countCalendars(farmer.id)).toBe(50);
  });

  it("counts each account on its own", async () => {
    const other = await registerUser(testApp.app);
    const response = await save(other.token);
    expect(response.statusCode).toBe(201);
    SubmitCalendarResponseSchema.parse(response.json());
  });
});
