import {
  ErrorBodySchema,
  ListCalendarsResponseSchema,
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

describe("My Calendars in pages", () => {
  async function listPage(token: string, query = "") {
    const response = await testApp.app.inject(
      asUser(token, { method: "GET", url: `/api/user/calendars${query}` }),
    );
    expect(response.statusCode, response.body).toBe(200);
    return ListCalendarsResponseSchema.parse(response.json());
  }

  it("gives 20 by default, then every calendar once, newest first, through nextCursor", async () => {
    const farmer = await registerUser(testApp.app);
    const savedIds: number[] = [];
    for (let saved = 0; saved < 45; saved += 1) {
      const response = await save(farmer.token);
      savedIds.push(SubmitCalendarResponseSchema.parse(response.json()).calendar.id);
    }
    // Ties on created_at are broken by id; give a few the same instant to prove it.
    await testApp.database.pool.query(
      "UPDATE calendars SET created_at = '2026-05-01T10:00:00.123456Z' WHERE id = ANY($1)",
      [savedIds.slice(18, 24)],
    );

    const first = await listPage(farmer.token);
    expect(first.calendars).toHaveLength(20);
    const seen = [...first.calendars.map((calendar) => calendar.id)];
    let cursor = first.nextCursor;
    while (cursor !== null) {
      const page = await listPage(farmer.token, `?limit=7&cursor=${cursor}`);
      expect(page.calendars.length).toBeLessThanOrEqual(7);
      seen.push(...page.calendars.map((calendar) => calendar.id));
      cursor = page.nextCursor;
    }

    const expected = (
      await testApp.database.pool.query<{ id: number }>(
        "SELECT id FROM calendars WHERE user_id = $1 ORDER BY created_at DESC, id DESC",
        [farmer.id],
      )
    ).rows.map((row) => row.id);
    expect(seen).toEqual(expected);
    expect(seen).toHaveLength(45);
  });

  it("keeps its place when the last calendar shown is deleted before the next page", async () => {
    const farmer = await registerUser(testApp.app);
    for (let saved = 0; saved < 3; saved += 1) await save(farmer.token);
    const first = await listPage(farmer.token, "?limit=2");
    const lastShown = first.calendars.at(-1)?.id;
    await testApp.app.inject(
      asUser(farmer.token, { method: "DELETE", url: `/api/calendars/${lastShown}` }),
    );
    const second = await listPage(farmer.token, `?limit=2&cursor=${first.nextCursor}`);
    expect(second.calendars).toHaveLength(1);
    expect(second.nextCursor).toBeNull();
  });

  it("refuses a forged cursor and a page over 50 with 400", async () => {
    const farmer = await registerUser(testApp.app);
    for (const query of ["?cursor=not-a-cursor", "?limit=51", "?limit=0"]) {
      const response = await testApp.app.inject(
        asUser(farmer.token, { method: "GET", url: `/api/user/calendars${query}` }),
      );
      expect(response.statusCode, query).toBe(400);
      ErrorBodySchema.parse(response.json());
    }
  });
});
