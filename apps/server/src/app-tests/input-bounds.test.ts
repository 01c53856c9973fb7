import { ErrorBodySchema } from "@vaxcal/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  asUser,
  buildRegistration,
  createAccountsTestApp,
  nextClientAddress,
  registerUser,
  type AccountsTestApp,
} from "../test/accounts.ts";
import { buildEngineCalendar, buildSubmitPayload } from "../test/calendars.ts";

/*
 * Ids are PostgreSQL int4: a bigger one in a body, a path or a query is the caller's mistake
 * (400), never a database error (500).
 */

let testApp: AccountsTestApp;

beforeAll(async () => {
  testApp = await createAccountsTestApp();
});

afterAll(() => testApp.close());

const beyondInt4 = 2 ** 31;

function expectBadRequest(response: { statusCode: number; json: () => unknown }, label: string) {
  expect(response.statusCode, label).toBe(400);
  expect(ErrorBodySchema.parse(response.json()).error.code).toBe("VALIDATION_FAILED");
}

describe("ids of 2^31 or more", () => {
  it("get a 400 in registration, settings, calendar saves and e-mail links", async () => {
    const user = await registerUser(testApp.app);
    expectBadRequest(
      await testApp.app.inject({
        method: "POST",
        url: "/api/register",
        payload: buildRegistration({ vet_id: beyondInt4 }),
        remoteAddress: nextClientAddress(),
      }),
      "register vet_id",
    );
    expectBadRequest(
      await testApp.app.inject(
        asUser(user.token, {
          method: "PUT",
          url: "/api/user/settings",
          payload: { vet_id: beyondInt4 },
        }),
      ),
      "settings vet_id",
    );
    const payload = buildSubmitPayload(buildEngineCalendar());
    const [first] = payload.data.diseases;
    if (!first) throw new Error("the sample calendar has no disease");
    expectBadRequest(
      await testApp.app.inject(
        asUser(user.token, {
          method: "POST",
          url: "/api/calendar",
          payload: {
            ...payload,
            data: { ...payload.data, diseases: [{ ...first, id: beyondInt4 }] },
          },
        }),
      ),
      "calendar disease id",
    );
    expectBadRequest(
      await testApp.app.inject({ method: "GET", url: `/api/email/verify/${beyondInt4}/1.abc` }),
      "e-mail link id",
    );
  });
});
