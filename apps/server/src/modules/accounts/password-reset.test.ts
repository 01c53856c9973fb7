import { accountMessages } from "@vaxcal/contracts";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  asUser,
  createAccountsTestApp,
  findLink,
  logIn,
  nextClientAddress,
  readOutbox,
  registerUser,
  type AccountsTestApp,
  type RegisteredUser,
} from "../../test/accounts.ts";

let testApp: AccountsTestApp;

beforeAll(async () => {
  testApp = await createAccountsTestApp({ publicUrl: "https://vaxcal.example" });
});

afterAll(() => testApp.close());

function requestReset(email: string, url = "/password/reset") {
  return testApp.app.inject({
    method: "POST",
    url,
    payload: { email },
    remoteAddress: nextClientAddress(),
    // A forged Host must not end up in the link.
    headers: { host: "evil.example" },
  });
}

async function readResetLink(user: RegisteredUser) {
  await testApp.whenIdle();
  const [message] = await readOutbox(testApp.database, user.email ?? "");
  const link = new URL(findLink(message?.bodyText ?? null, "/password/reset"));
  return {
    link,
    token: link.searchParams.get("token") ?? "",
    email: link.searchParams.get("email") ?? "",
  };
}

function confirm(payload: Record<string, unknown>) {
  return testApp.app.inject({
    method: "POST",
    url: "/api/password/reset/confirm",
    payload,
    remoteAddress: nextClientAddress(),
  });
}

function verifyToken(email: string, token: string) {
  return testApp.app.inject({
    method: "POST",
    url: "/api/password/verify-token",
    payload: { email, token },
    remoteAddress: nextClientAddress(),
  });
}

describe("password reset", () => {
  it("answers the same for a known and an unknown address", async () => {
    const user = await registerUser(testApp.app);
    const known = await requestReset(user.email ?? "");
    const unknown = await requestReset("nobody-here@example.ie");
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(known.json()).toEqual({ message: accountMessages.resetLinkSent });
    await testApp.whenIdle();
    expect(await readOutbox(testApp.database, "nobody-here@example.ie")).toHaveLength(0);
  });

  it("answers before looking for the account, so its timing cannot tell whether one exists", async () => {
    const [first, second] = [await registerUser(testApp.app), await registerUser(testApp.app)];
    const addresses = [first.email ?? "", "nobody-at-all@example.ie", second.email ?? ""];
    // With the accounts table locked, a request that looked for the account would wait here; the
    // answers come anyway, known and unknown alike, and the e-mails follow once it is free.
    const locker = new pg.Client({ connectionString: testApp.database.connectionString });
    await locker.connect();
    const answers: string[] = [];
    try {
      await locker.query("BEGIN");
      await locker.query("LOCK TABLE users IN ACCESS EXCLUSIVE MODE");
      for (const email of addresses) {
        // Seconds, not milliseconds: only a request waiting for the lock takes that long.
        const waited = new Promise<string>((resolve) => setTimeout(resolve, 3000, "no answer"));
        const answered = requestReset(email).then((response) => {
          return `${response.statusCode} ${response.body}`;
        });
        answers.push(await Promise.race([answered, waited]));
      }
      const mailed = await locker.query(
        "SELECT 1 FROM outbox_messages WHERE recipient = ANY($1) AND subject LIKE 'Reset%'",
        [addresses],
      );
      expect(mailed.rowCount).toBe(0);
    } finally {
      await locker.query("ROLLBACK");
      await locker.end();
    }
    expect(new Set(answers)).toEqual(
      new Set([`200 ${JSON.stringify({ message: accountMessages.resetLinkSent })}`]),
    );
    await testApp.whenIdle();
    for (const user of [first, second]) {
      const [message] = await readOutbox(testApp.database, user.email ?? "");
      expect(message?.subject).toBe("Reset your VaxCal password");
    }
    expect(await readOutbox(testApp.database, "nobody-at-all@example.ie")).toHaveLength(0);
  });

  it("e-mails a link on PUBLIC_URL with the token and the address, never the Host header", async () => {
    const user = await registerUser(testApp.app);
    await requestReset(user.email ?? "");
    const { link, token, email } = await readResetLink(user);
    expect(link.origin).toBe("https://vaxcal.example");
    expect(link.pathname).toBe("/password/reset");
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(email).toBe(user.email);
    const [message] = await readOutbox(testApp.database, user.email ?? "");
    expect(message?.subject).toBe("Reset your VaxCal password");
    expect(message?.bodyHtml).not.toContain("evil.example");
  });

  it("sets a new password once, logs in, and ends every other session", async () => {
    const user = await registerUser(testApp.app);
    await requestReset(user.email ?? "");
    const { token, email } = await readResetLink(user);

    expect((await verifyToken(email, token)).json()).toEqual({ valid: true });
    // Checking does not use the token up.
    expect((await verifyToken(email, token)).json()).toEqual({ valid: true });

    const response = await confirm({
      email,
      token,
      password: "new-pasture-2026",
      password_confirmation: "new-pasture-2026",
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.message).toBe(accountMessages.passwordReset);
    expect(body.user.id).toBe(user.id);
    // The link came to the address, so the address is now verified.
    expect(body.user.email_verified_at).not.toBeNull();

    const oldSession = await testApp.app.inject(
      asUser(user.token, { method: "GET", url: "/api/user" }),
    );
    expect(oldSession.statusCode).toBe(401);
    const newSession = await testApp.app.inject(
      asUser(body.token, { method: "GET", url: "/api/user" }),
    );
    expect(newSession.statusCode).toBe(200);

    const login = (password: string) => logIn(testApp.app, email, password);
    expect((await login("new-pasture-2026")).statusCode).toBe(200);
    expect((await login(user.password)).statusCode).toBe(401);

    const again = await confirm({
      email,
      token,
      password: "another-pasture-2027",
      password_confirmation: "another-pasture-2027",
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(accountMessages.resetTokenInvalid);
    expect((await verifyToken(email, token)).json()).toEqual({
      valid: false,
      message: accountMessages.resetTokenInvalid,
    });
  });

  it("works for 60 minutes and not after", async () => {
    const early = await registerUser(testApp.app);
    const late = await registerUser(testApp.app);
    await requestReset(early.email ?? "");
    await requestReset(late.email ?? "");
    const earlyLink = await readResetLink(early);
    const lateLink = await readResetLink(late);

    testApp.clock.advanceMinutes(59);
    expect((await verifyToken(earlyLink.email, earlyLink.token)).json().valid).toBe(true);
    const inTime = await confirm({
      ...earlyLink,
      password: "new-pasture-2026",
      password_confirmation: "new-pasture-2026",
    });
    expect(inTime.statusCode).toBe(200);

    testApp.clock.advanceMinutes(1);
    expect((await verifyToken(lateLink.email, lateLink.token)).json().valid).toBe(false);
    const tooLate = await confirm({
      email: lateLink.email,
      token: lateLink.token,
      password: "new-pasture-2026",
      password_confirmation: "new-pasture-2026",
    });
    expect(tooLate.statusCode).toBe(400);
    expect(tooLate.json().error.message).toBe(accountMessages.resetTokenInvalid);
  });

  it("refuses another user's token and a newer request's predecessor", async () => {
    const user = await registerUser(testApp.app);
    const other = await registerUser(testApp.app);
    await requestReset(user.email ?? "");
    const first = await readResetLink(user);
    expect((await verifyToken(other.email ?? "", first.token)).json().valid).toBe(false);

    await requestReset(user.email ?? "");
    const second = await readResetLink(user);
    expect((await verifyToken(first.email, first.token)).json().valid).toBe(false);
    expect((await verifyToken(second.email, second.token)).json().valid).toBe(true);
  });

  it("applies the password policy to the new password", async () => {
    const user = await registerUser(testApp.app);
    await requestReset(user.email ?? "");
    const { token, email } = await readResetLink(user);
    const response = await confirm({
      email,
      token,
      password: "iloveyou1",
      password_confirmation: "iloveyou1",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.issues).toEqual([
      { path: "body.password", message: accountMessages.passwordTooCommon },
    ]);
    // The refused attempt did not use the token up.
    expect((await verifyToken(email, token)).json().valid).toBe(true);
  });

  it("asks for an e-mail address or a mobile number", async () => {
    for (const [payload, message] of [
      [{}, accountMessages.resetContactRequired],
      [{ email: "" }, accountMessages.resetContactRequired],
      [{ email: "not-an-address" }, accountMessages.resetContactInvalid],
      [{ email: "mary@" }, accountMessages.emailInvalid],
    ] as const) {
      const response = await testApp.app.inject({
        method: "POST",
        url: "/password/reset",
        payload,
        remoteAddress: nextClientAddress(),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.issues).toEqual([{ path: "body.email", message }]);
    }
  });

  it("is also served under /api for the development proxy", async () => {
    const response = await requestReset("someone@example.ie", "/api/password/reset");
    expect(response.json()).toEqual({ message: accountMessages.resetLinkSent });
  });

  it("throttles requests for one address, whether or not it is registered", async () => {
    const user = await registerUser(testApp.app);
    for (const email of [user.email ?? "", "ghost@example.ie"]) {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 4; attempt += 1) {
        statuses.push((await requestReset(email)).statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
    }
  });

  describe("by mobile (decision 202: a farmer may have registered with a mobile alone)", () => {
    async function readTextedLink(phone: string) {
      await testApp.whenIdle();
      const [message] = await readOutbox(testApp.database, phone);
      const link = new URL(findLink(message?.bodyText ?? null, "/password/reset"));
      return {
        link,
        token: link.searchParams.get("token") ?? "",
        mobile: link.searchParams.get("mobile") ?? "",
      };
    }

    it("texts the link to the mobile as the farmer types it, and it sets a new password", async () => {
      const user = await registerUser(testApp.app, { email: null });
      const typed = `0${(user.phone ?? "").slice(4, 6)} ${(user.phone ?? "").slice(6)}`;

      const answer = await requestReset(typed);

      expect(answer.json()).toEqual({ message: accountMessages.resetLinkSent });
      const { link, token, mobile } = await readTextedLink(user.phone ?? "");
      expect(link.origin).toBe("https://vaxcal.example");
      expect(mobile).toBe(user.phone);
      expect((await verifyToken(mobile, token)).json()).toEqual({ valid: true });

      const response = await confirm({
        email: mobile,
        token,
        password: "new hay in the barn",
        password_confirmation: "new hay in the barn",
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().user.phone_verified_at).not.toBeNull();
      expect((await logIn(testApp.app, user.phone ?? "", "new hay in the barn")).statusCode).toBe(
        200,
      );
      // The owner hears of the change on the same mobile.
      const [notice] = await readOutbox(testApp.database, user.phone ?? "");
      expect(notice?.bodyText).toContain("password of your account was changed");
    });

    it("sends the link where it was asked for: the mobile of an account that has an e-mail too", async () => {
      const user = await registerUser(testApp.app);
      await requestReset(user.phone ?? "");
      await testApp.whenIdle();

      const texts = await readOutbox(testApp.database, user.phone ?? "");
      expect(texts.filter((text) => text.bodyText?.includes("/password/reset"))).toHaveLength(1);
      const emails = await readOutbox(testApp.database, user.email ?? "");
      expect(emails.map((email) => email.subject)).not.toContain("Reset your VaxCal password");
    });

    it("answers the same for an unknown mobile and sends nothing", async () => {
      const known = await registerUser(testApp.app, { email: null });
      const knownAnswer = await requestReset(known.phone ?? "");
      const unknownAnswer = await requestReset("+353 87 000 0001");

      expect(unknownAnswer.statusCode).toBe(knownAnswer.statusCode);
      expect(unknownAnswer.body).toBe(knownAnswer.body);
      await testApp.whenIdle();
      expect(await readOutbox(testApp.database, "+353870000001")).toHaveLength(0);
    });

    it("throttles one mobile however it is written", async () => {
      const user = await registerUser(testApp.app, { email: null });
      const national = `0${(user.phone ?? "").slice(4)}`;
      const statuses: number[] = [];
      for (const written of [
        user.phone ?? "",
        national,
        `00${(user.phone ?? "").slice(1)}`,
        national,
      ]) {
        statuses.push((await requestReset(written)).statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
    });
  });
});
