import { accountMessages } from "@vaxcal/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  asUser,
  createAccountsTestApp,
  findLink,
  readOutbox,
  registerUser,
  toPath,
  type AccountsTestApp,
  type RegisteredUser,
} from "../../test/accounts.ts";

let testApp: AccountsTestApp;

beforeAll(async () => {
  testApp = await createAccountsTestApp();
});

afterAll(() => testApp.close());

async function readProfile(user: RegisteredUser) {
  const response = await testApp.app.inject(
    asUser(user.token, { method: "GET", url: "/api/user" }),
  );
  return response.json();
}

async function latestEmailLink(user: RegisteredUser): Promise<string> {
  const [message] = await readOutbox(testApp.database, user.email ?? "");
  return findLink(message?.bodyText ?? null, "/email/verify/");
}

async function latestCode(user: RegisteredUser): Promise<string> {
  const [message] = await readOutbox(testApp.database, user.phone ?? "");
  const code = /VaxCal code: (\d{6})/.exec(message?.bodyText ?? "")?.[1];
  if (!code) throw new Error("no code in the text");
  return code;
}

describe("e-mail verification", () => {
  it("verifies the address from the e-mailed link, without logging in", async () => {
    const user = await registerUser(testApp.app);
    const link = await latestEmailLink(user);
    const response = await testApp.app.inject({ method: "GET", url: `/api${toPath(link)}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: accountMessages.emailVerified });
    expect((await readProfile(user)).email_verified_at).toBe(testApp.clock.now().toISOString());

    const again = await testApp.app.inject({ method: "GET", url: `/api${toPath(link)}` });
    expect(again.json()).toEqual({ message: accountMessages.emailAlreadyVerified });
  });

  it("refuses a tampered, foreign or expired link with one message", async () => {
    const user = await registerUser(testApp.app);
    const other = await registerUser(testApp.app);
    const path = toPath(await latestEmailLink(user));
    const [, , , id, hash = ""] = path.split("/");
    const [expires, signature = ""] = hash.split(".");
    const flipped = `${signature[0] === "A" ? "B" : "A"}${signature.slice(1)}`;
    const badPaths = [
      `/api/email/verify/${id}/${expires}.${flipped}`,
      `/api/email/verify/${id}/${Number(expires) + 3600}.${signature}`,
      `/api/email/verify/${other.id}/${hash}`,
      `/api/email/verify/${id}/not-a-hash`,
      `/api/email/verify/0/${hash}`,
      `/api/email/verify/99999999/${hash}`,
    ];
    for (const url of badPaths) {
      const response = await testApp.app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error.message, url).toBe(accountMessages.emailVerificationInvalid);
    }

    testApp.clock.advanceMinutes(61);
    const expired = await testApp.app.inject({ method: "GET", url: `/api${path}` });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error.message).toBe(accountMessages.emailVerificationInvalid);
    expect((await readProfile(user)).email_verified_at).toBeNull();
  });

  it("sends a new link on request, a few times at most", async () => {
    const user = await registerUser(testApp.app);
    const resend = () =>
      testApp.app.inject(
        asUser(user.token, { method: "POST", url: "/api/email/verification-notification" }),
      );
    const first = await resend();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: accountMessages.emailVerificationSent });
    expect(await readOutbox(testApp.database, user.email ?? "")).toHaveLength(2);
    await resend();
    await resend();
    const fourth = await resend();
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().error.message).toBe(accountMessages.tooManyRequests);
  });

  it("needs a login to resend, and an e-mail on the account", async () => {
    const anonymous = await testApp.app.inject({
      method: "POST",
      url: "/api/email/verification-notification",
    });
    expect(anonymous.statusCode).toBe(401);
    const mobileOnly = await registerUser(testApp.app, { email: null });
    const response = await testApp.app.inject(
      asUser(mobileOnly.token, { method: "POST", url: "/api/email/verification-notification" }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(accountMessages.noEmailOnAccount);
  });
});

describe("mobile verification", () => {
  function verify(user: RegisteredUser, code: unknown) {
    return testApp.app.inject(
      asUser(user.token, { method: "POST", url: "/api/mobile/verify", payload: { code } }),
    );
  }

  it("verifies the mobile with the texted code", async () => {
    const user = await registerUser(testApp.app);
    const response = await verify(user, await latestCode(user));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: accountMessages.mobileVerified });
    expect((await readProfile(user)).phone_verified_at).toBe(testApp.clock.now().toISOString());
  });

  it("texts a link to /verify-mobile carrying the same code", async () => {
    const user = await registerUser(testApp.app);
    const [text] = await readOutbox(testApp.database, user.phone ?? "");
    const link = new URL(findLink(text?.bodyText ?? null, "/verify-mobile"));
    expect(link.searchParams.get("code")).toBe(await latestCode(user));
  });

  it("refuses a wrong code, and the right one after five wrong tries", async () => {
    const user = await registerUser(testApp.app);
    const code = await latestCode(user);
    const wrong = code === "000000" ? "111111" : "000000";
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const response = await verify(user, wrong);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(accountMessages.mobileCodeInvalid);
    }
    expect((await verify(user, code)).json().error.message).toBe(accountMessages.mobileCodeInvalid);
    expect((await readProfile(user)).phone_verified_at).toBeNull();
  });

  it("refuses a code after 10 minutes, and takes a new one", async () => {
    const user = await registerUser(testApp.app);
    const oldCode = await latestCode(user);
    testApp.clock.advanceMinutes(11);
    expect((await verify(user, oldCode)).statusCode).toBe(400);

    const resend = await testApp.app.inject(
      asUser(user.token, { method: "POST", url: "/api/mobile/verify/resend" }),
    );
    expect(resend.json()).toEqual({ message: accountMessages.mobileCodeSent });
    const newCode = await latestCode(user);
    expect((await verify(user, newCode)).json()).toEqual({
      message: accountMessages.mobileVerified,
    });
  });

  it("uses a code once", async () => {
    const user = await registerUser(testApp.app);
    const code = await latestCode(user);
    expect((await verify(user, code)).statusCode).toBe(200);
    expect((await verify(user, code)).json()).toEqual({
      message: accountMessages.mobileAlreadyVerified,
    });
  });

  it("asks for six digits", async () => {
    const user = await registerUser(testApp.app);
    for (const code of ["12345", "1234567", "abcdef", 123456, null]) {
      const response = await verify(user, code);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.issues).toEqual([
        { path: "body.code", message: accountMessages.mobileCodeFormat },
      ]);
    }
  });

  it("needs a login: the code alone is too easy to guess", async () => {
    const response = await testApp.app.inject({
      method: "POST",
      url: "/api/mobile/verify",
      payload: { code: "123456" },
    });
    expect(response.statusCode).toBe(401);
  });

  it("throttles resends", async () => {
    const user = await registerUser(testApp.app);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const response = await testApp.app.inject(
        asUser(user.token, { method: "POST", url: "/api/mobile/verify/resend" }),
      );
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it("says when there is no mobile to verify", async () => {
    const user = await registerUser(testApp.app, { phone_number: null });
    const response = await testApp.app.inject(
      asUser(user.token, { method: "POST", url: "/api/mobile/verify/resend" }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(accountMessages.noMobileOnAccount);
  });
});
