import {
  SubmitCalendarResponseSchema,
  UserProfileSchema,
  calendarContactMessages,
  currentTermsVersion,
  type SubmitCalendarRequest,
} from "@vaxcal/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { asUser, registerUser, type RegisteredUser } from "../../../test/accounts.ts";
import {
  buildContact,
  buildEngineCalendar,
  buildSubmitPayload,
  testToday,
} from "../../../test/calendars.ts";

/*
 * docs/product.md D18: the terms are agreed once per account and version, not at every save. The
 * account keeps the version it agreed to; a save without the box is refused only while that is
 * not the current version.
 */
let testApp: TestApp;
const now = new Date(`${testToday}T10:00:00Z`);

beforeAll(async () => {
  testApp = await createTestApp({}, () => now);
});
afterAll(() => testApp.close());

function withoutTerms(): SubmitCalendarRequest {
  const { agree_to_terms: _dropped, ...contact } = buildContact();
  return buildSubmitPayload(buildEngineCalendar(), undefined, { contact });
}

async function post(user: RegisteredUser, payload: SubmitCalendarRequest) {
  return testApp.app.inject(asUser(user.token, { method: "POST", url: "/api/calendar", payload }));
}

async function readProfile(user: RegisteredUser) {
  const response = await testApp.app.inject(
    asUser(user.token, { method: "GET", url: "/api/user" }),
  );
  return UserProfileSchema.parse(response.json());
}

async function countCalendars(user: RegisteredUser): Promise<number> {
  const { rows } = await testApp.database.pool.query<{ count: string }>(
    "SELECT count(*) FROM calendars WHERE user_id = $1",
    [user.id],
  );
  return Number(rows[0]?.count);
}

describe("terms agreed once per account (docs/product.md D18)", () => {
  it("records the current version at registration, so a save needs no box", async () => {
    const farmer = await registerUser(testApp.app);
    expect((await readProfile(farmer)).terms_version).toBe(currentTermsVersion);

    const response = await post(farmer, withoutTerms());

    expect(response.statusCode, response.body).toBe(201);
    const saved = SubmitCalendarResponseSchema.parse(response.json()).calendar;
    const update = await testApp.app.inject(
      asUser(farmer.token, {
        method: "PUT",
        url: `/api/calendar/${saved.id}`,
        payload: { ...withoutTerms(), action: "update", calendarId: saved.id },
      }),
    );
    expect(update.statusCode, update.body).toBe(200);
  });

  it("asks an account on an older version, writes nothing without the box, and records it with", async () => {
    const farmer = await registerUser(testApp.app);
    await testApp.database.pool.query("UPDATE users SET terms_version = '2020-01' WHERE id = $1", [
      farmer.id,
    ]);

    const refused = await post(farmer, withoutTerms());

    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      error: {
        issues: [
          { path: "body.contact.agree_to_terms", message: calendarContactMessages.termsRequired },
        ],
      },
    });
    expect(await countCalendars(farmer)).toBe(0);

    const agreed = await post(farmer, buildSubmitPayload(buildEngineCalendar()));
    expect(agreed.statusCode, agreed.body).toBe(201);
    expect((await readProfile(farmer)).terms_version).toBe(currentTermsVersion);
    // From now on the box is not needed.
    expect((await post(farmer, withoutTerms())).statusCode).toBe(201);
    expect(await countCalendars(farmer)).toBe(2);
  });

  it("refuses a box sent unticked from an account that never agreed", async () => {
    const farmer = await registerUser(testApp.app);
    await testApp.database.pool.query("UPDATE users SET terms_version = NULL WHERE id = $1", [
      farmer.id,
    ]);
    const payload = buildSubmitPayload(buildEngineCalendar(), undefined, {
      contact: buildContact({ agree_to_terms: false }),
    });

    const response = await post(farmer, payload);

    expect(response.statusCode).toBe(400);
    expect(await countCalendars(farmer)).toBe(0);
  });
});

describe("the farmer's own save names its contact details (decision 425)", () => {
  it("refuses a new calendar without them, with a clear message, and writes nothing", async () => {
    const farmer = await registerUser(testApp.app);
    const { contact: _contact, ...payload } = buildSubmitPayload(buildEngineCalendar());
    const response = await post(farmer, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: {
        issues: [{ path: "body.contact", message: calendarContactMessages.contactRequired }],
      },
    });
    expect(await countCalendars(farmer)).toBe(0);
  });
});
