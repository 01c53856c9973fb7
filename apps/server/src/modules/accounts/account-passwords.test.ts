import { securityMessages } from "@vaxcal/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  asUser,
  buildRegistration,
  createAccountsTestApp,
  nextClientAddress,
  registerUser,
  requestResetToken,
  type AccountsTestApp,
} from "../../test/accounts.ts";

/*
 * A password is refused when it is only spaces, or when it is the account's own e-mail, mobile
 * or name: at registration, in settings and at a password reset.
 */

let testApp: AccountsTestApp;

beforeAll(async () => {
  testApp = await createAccountsTestApp();
});

afterAll(() => testApp.close());

type ErrorResponse = { error: { issues?: { path: string; message: string }[] } };

function passwordIssue(body: unknown): string | undefined {
  return (body as ErrorResponse).error.issues?.find((issue) => issue.path === "body.password")
    ?.message;
}

function register(password: string, overrides: Parameters<typeof buildRegistration>[0] = {}) {
  return testApp.app.inject({
    method: "POST",
    url: "/api/register",
    payload: buildRegistration({ ...overrides, password, password_confirmation: password }),
    remoteAddress: nextClientAddress(),
  });
}

describe("passwords", () => {
  it("are refused at registration when blank after trimming", async () => {
    const response = await register("        ");
    expect(response.statusCode).toBe(400);
    expect(passwordIssue(response.json())).toBe(securityMessages.passwordBlank);
  });

  it("are refused at registration when they are the e-mail, the mobile or the name", async () => {
    const email = `own.address.${Date.now()}@example.ie`;
    for (const [password, overrides] of [
      [email.toUpperCase(), { email }],
      ["087 765 4321", { phone_number: "0877654321" }],
      ["+353877654321", { phone_number: "0877654321" }],
      ["Mary Murphy", { name: "Mary", surname: "Murphy" }],
      ["marymurphy", { name: "Mary", surname: "Murphy" }],
      ["Hill Farm House", { farmer_name: "Hill Farm House" }],
    ] as const) {
      const response = await register(password, overrides);
      expect(response.statusCode, password).toBe(400);
      expect(passwordIssue(response.json()), password).toBe(
        securityMessages.passwordIsAccountDetail,
      );
    }
  });

  it("are refused in settings when blank or the account's e-mail", async () => {
    const user = await registerUser(testApp.app);
    for (const [password, message] of [
      ["          ", securityMessages.passwordBlank],
      [user.email ?? "", securityMessages.passwordIsAccountDetail],
    ] as const) {
      const response = await testApp.app.inject(
        asUser(user.token, {
          method: "PUT",
          url: "/api/user/settings",
          payload: {
            current_password: user.password,
            password,
            confirm_password: password,
          },
        }),
      );
      expect(response.statusCode, password).toBe(400);
      expect(passwordIssue(response.json()), password).toBe(message);
    }
  });

  it("are refused at a password reset when they are the account's mobile", async () => {
    const user = await registerUser(testApp.app, { phone_number: "0861239876" });
    const token = await requestResetToken(testApp.app, testApp.database, user.email ?? "");
    const response = await testApp.app.inject({
      method: "POST",
      url: "/api/password/reset/confirm",
      payload: {
        email: user.email,
        token,
        password: "086 123 9876",
        password_confirmation: "086 123 9876",
      },
      remoteAddress: nextClientAddress(),
    });
    expect(response.statusCode).toBe(400);
    expect(passwordIssue(response.json())).toBe(securityMessages.passwordIsAccountDetail);
  });
});
