import { accountMessages } from "@vaxcal/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createAccountsTestApp,
  registerUser,
  saveSettings,
  type AccountsTestApp,
} from "../../test/accounts.ts";

/*
 * Settings cannot serve to list registered addresses or to guess the current password: a taken
 * address is told only to an otherwise valid request, a few times an hour, and current-password
 * checks are throttled per account.
 */

let testApp: AccountsTestApp;

beforeAll(async () => {
  testApp = await createAccountsTestApp();
});

afterAll(() => testApp.close());

type ErrorResponse = { error: { message: string; issues?: { message: string }[] } };

describe("PUT /api/user/settings", () => {
  it("does not tell whether an address is taken when the request fails anyway", async () => {
    const owner = await registerUser(testApp.app);
    const prober = await registerUser(testApp.app);
    const response = await saveSettings(testApp.app, prober, {
      email: owner.email,
      vet_id: 999_999,
      current_password: prober.password,
    });
    expect(response.statusCode).toBe(400);
    const messages = (response.json() as ErrorResponse).error.issues?.map((issue) => issue.message);
    expect(messages).toEqual([accountMessages.vetInvalid]);
  });

  it("answers the sixth e-mail or mobile change within an hour with 429", async () => {
    const user = await registerUser(testApp.app);
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= 6; attempt += 1) {
      const response = await saveSettings(testApp.app, user, {
        email: `probe.${attempt}.${user.id}@example.ie`,
        current_password: user.password,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it("throttles current-password guesses", async () => {
    const user = await registerUser(testApp.app);
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= 6; attempt += 1) {
      const response = await saveSettings(testApp.app, user, {
        current_password: `guess-${attempt}-wrong`,
        password: "a-new-pasture-99",
        confirm_password: "a-new-pasture-99",
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) {
        expect(Number(response.headers["retry-after"])).toBeGreaterThan(0);
      }
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });
});
