import { accountMessages, UserProfileSchema, type RegisterRequest } from "@vaxcal/contracts";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  asUser,
  buildRegistration,
  createAccountsTestApp,
  nextClientAddress,
  readOutbox,
  registerUser,
  type AccountsTestApp,
} from "../../test/accounts.ts";

let testApp: AccountsTestApp;

beforeAll(async () => {
  testApp = await createAccountsTestApp();
});

afterAll(() => testApp.close());

type ErrorResponse = {
  error: { code: string; message: string; issues?: { path: string; message: string }[] };
};

function register(payload: unknown) {
  return testApp.app.inject({
    method: "POST",
    url: "/api/register",
    payload: payload as object,
    remoteAddress: nextClientAddress(),
  });
}

function logIn(username: string, password: string, remoteAddress = "192.0.2.1") {
  return testApp.app.inject({
    method: "POST",
    url: "/api/login",
    payload: { username, password },
    remoteAddress,
  });
}

describe("POST /api/register", () => {
  it("creates a farmer, logs them in and answers the spec's profile", async () => {
    const payload = buildRegistration({
      email: "Siobhan.Kelly@Example.IE",
      phone_number: "087 765 4321",
      user_enterprises: ["Dairy", "Sheep"],
      user_animals: ["Cows", "Ewes"],
      flock_size: "1-50",
      product_notifications: true,
    });
    const response = await register(payload);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.success).toBe(true);
    expect(body.message).toBe(accountMessages.registered);
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const user = UserProfileSchema.parse(body.user);
    expect(user).toMatchObject({
      username: "siobhan.kelly@example.ie",
      email: "siobhan.kelly@example.ie",
      country_code: "+353",
      phone_number: "877654321",
      phone: "+353877654321",
      eircode: "P12 K7Y8",
      product_notifications: true,
      notify_email: true,
      notify_phone: true,
      herd_size: "51-100",
      flock_size: "1-50",
      email_verified_at: null,
      phone_verified_at: null,
      roles: [{ name: "FARMER" }],
    });
    expect(user.enterprises.map((item) => item.name)).toEqual(["Dairy", "Sheep"]);
    expect(user.animals.map((item) => item.name).sort()).toEqual(["Cows", "Ewes"]);
    expect(JSON.stringify(body)).not.toContain("grass-meadow-42");

    const profile = await testApp.app.inject(
      asUser(body.token, { method: "GET", url: "/api/user" }),
    );
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toEqual(body.user);
  });

  it("sends an e-mail link and a text code for the contacts given", async () => {
    const user = await registerUser(testApp.app);
    const [email] = await readOutbox(testApp.database, user.email ?? "");
    const [text] = await readOutbox(testApp.database, user.phone ?? "");
    expect(email?.subject).toBe("Please confirm your email address for VaxCal");
    expect(email?.bodyText).toContain(`http://localhost:3000/email/verify/${user.id}/`);
    expect(text?.bodyText).toMatch(
      /^VaxCal code: \d{6}\. Or tap http:\/\/localhost:3000\/verify-mobile\?code=\d{6} /,
    );
    // Nothing is configured in tests, so both wait in the outbox for /dev/outbox.
    expect([email?.status, text?.status]).toEqual(["held", "held"]);
  });

  it("takes a mobile alone, and makes its digits the username (docs/product.md D6)", async () => {
    const response = await register(buildRegistration({ email: "", phone_number: "0861234599" }));
    expect(response.statusCode).toBe(201);
    expect(response.json().user).toMatchObject({
      username: "353861234599",
      email: null,
      notify_email: false,
      notify_phone: true,
    });
  });

  it("takes the least a saved calendar needs: a name, a mobile, a password and the herd size (decision 429)", async () => {
    const response = await register({
      name: "Aoife",
      surname: "Byrne",
      phone_number: "086 123 4577",
      agree_to_terms: true,
      password: "grass-meadow-42",
      password_confirmation: "grass-meadow-42",
      user_enterprises: ["Beef"],
      herd_size: "1-50",
    });
    expect(response.statusCode).toBe(201);
    const user = UserProfileSchema.parse(response.json().user);
    expect(user).toMatchObject({
      username: "353861234577",
      email: null,
      phone: "+353861234577",
      farmer_name: null,
      address1: null,
      address2: null,
      town: null,
      eircode: null,
      county: null,
      country: "Ireland",
      herd_size: "1-50",
    });
    // The mobile still gets its code: verification rules are unchanged.
    const [text] = await readOutbox(testApp.database, "+353861234577");
    expect(text?.bodyText).toMatch(/^VaxCal code: \d{6}\./);

    // The address can be added later in the settings, and cleared again.
    const token = response.json().token as string;
    const settings = (payload: object) =>
      testApp.app.inject(asUser(token, { method: "PUT", url: "/api/user/settings", payload }));
    const added = await settings({ address1: "Rathmore", town: "Macroom", county: "Cork" });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({ address1: "Rathmore", town: "Macroom" });
    const cleared = await settings({ address1: "", town: null, county: "" });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ address1: null, town: null, county: null });
  });

  it("still checks an address that is given, and refuses a bad one with nothing saved", async () => {
    const payload = buildRegistration({ eircode: "P12", county: "Atlantis" });
    const response = await register(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorResponse>().error.issues).toEqual([
      { path: "body.county", message: accountMessages.countyRequired },
      { path: "body.eircode", message: accountMessages.eircodeInvalid },
    ]);
    const lookUp = await testApp.app.inject({
      method: "GET",
      url: `/api/check-user-exists?email=${encodeURIComponent(String(payload.email))}`,
      remoteAddress: nextClientAddress(),
    });
    expect(lookUp.json()).toMatchObject({ userExist: false });
  });

  it("takes an e-mail alone", async () => {
    const response = await register(buildRegistration({ phone_number: null }));
    expect(response.statusCode).toBe(201);
    expect(response.json().user).toMatchObject({ phone: null, notify_phone: false });
  });

  it("lists every problem with the payload's field names", async () => {
    const response = await register({ agree_to_terms: false, user_enterprises: ["Beef"] });
    expect(response.statusCode).toBe(400);
    const body = response.json<ErrorResponse>();
    expect(body.error.code).toBe("VALIDATION_FAILED");
    expect(body.error.issues).toEqual(
      expect.arrayContaining([
        { path: "body.name", message: accountMessages.nameRequired },
        { path: "body.surname", message: accountMessages.surnameRequired },
        { path: "body.email", message: accountMessages.emailOrMobileRequired },
        { path: "body.agree_to_terms", message: accountMessages.termsRequired },
        { path: "body.password", message: accountMessages.passwordRequired },
        {
          path: "body.password_confirmation",
          message: accountMessages.passwordConfirmationRequired,
        },
        { path: "body.herd_size", message: accountMessages.herdSizeRequired },
      ]),
    );
  });

  it("needs only the terms among the consents (docs/product.md D7)", async () => {
    const response = await register(
      buildRegistration({ product_notifications: false, vaccination_notifications: false }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json().user).toMatchObject({ notify_email: false, notify_phone: false });
  });

  it.each([
    [
      "a common password",
      { password: "password123", password_confirmation: "password123" },
      "password",
      accountMessages.passwordTooCommon,
    ],
    [
      "a short password",
      { password: "cow2", password_confirmation: "cow2" },
      "password",
      accountMessages.passwordTooShort,
    ],
    [
      "mismatched passwords",
      { password_confirmation: "grass-meadow-43" },
      "password_confirmation",
      accountMessages.passwordMismatch,
    ],
    [
      "a Guernsey mobile",
      { phone_number: "07781123456", country_code: "+44" },
      "phone_number",
      accountMessages.mobileInvalid,
    ],
    [
      "a drama-range mobile",
      { phone_number: "07700900123", country_code: "+44" },
      "phone_number",
      accountMessages.mobileInvalid,
    ],
    ["a landline", { phone_number: "016712345" }, "phone_number", accountMessages.mobileInvalid],
    ["an unknown vet", { vet_id: 999_999 }, "vet_id", accountMessages.vetInvalid],
    [
      "a flock without a size",
      { user_enterprises: ["Sheep"], flock_size: null },
      "flock_size",
      accountMessages.flockSizeRequired,
    ],
  ] satisfies [string, Partial<RegisterRequest>, string, string][])(
    "refuses %s with its field message",
    async (_label, overrides, field, message) => {
      const response = await register(buildRegistration(overrides));
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorResponse>().error.issues).toEqual([
        { path: `body.${field}`, message },
      ]);
    },
  );

  it("says when the e-mail or mobile is already registered, and highlights the field", async () => {
    const first = buildRegistration();
    expect((await register(first)).statusCode).toBe(201);
    const again = await register(
      buildRegistration({ email: first.email?.toUpperCase(), phone_number: first.phone_number }),
    );
    expect(again.statusCode).toBe(400);
    expect(again.json<ErrorResponse>().error.issues).toEqual([
      { path: "body.email", message: accountMessages.emailTaken },
      { path: "body.phone_number", message: accountMessages.mobileTaken },
    ]);
  });

  it("lets one of two simultaneous registrations of an address win", async () => {
    const email = "twins@example.ie";
    const responses = await Promise.all([
      register(buildRegistration({ email })),
      register(buildRegistration({ email })),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 400]);
    const loser = responses.find((response) => response.statusCode === 400);
    expect(loser?.json<ErrorResponse>().error.issues).toEqual([
      { path: "body.email", message: accountMessages.emailTaken },
    ]);
  });

  it("throttles registrations from one address", async () => {
    const remoteAddress = "198.51.100.7";
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 21; attempt += 1) {
      const response = await testApp.app.inject({
        method: "POST",
        url: "/api/register",
        payload: { agree_to_terms: false },
        remoteAddress,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 20).every((status) => status === 400)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});

describe("POST /api/login", () => {
  it("logs in with the e-mail in any case, or the mobile in any common form", async () => {
    const user = await registerUser(testApp.app, { phone_number: "0851112233" });
    for (const username of [
      user.email ?? "",
      (user.email ?? "").toUpperCase(),
      "+353 85 111 2233",
      "085-111-2233",
      "00353851112233",
      "353851112233",
    ]) {
      const response = await logIn(username, user.password, nextClientAddress());
      expect(response.statusCode, username).toBe(200);
      expect(response.json().user.id).toBe(user.id);
      expect(response.json().token).not.toBe(user.token);
    }
  });

  it("gives one message for a wrong password and for an unknown user", async () => {
    const user = await registerUser(testApp.app);
    const wrongPassword = await logIn(user.email ?? "", "not-my-password");
    const unknownUser = await logIn("nobody@example.ie", "not-my-password");
    for (const response of [wrongPassword, unknownUser]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        error: { code: "UNAUTHORIZED", message: accountMessages.loginFailed },
      });
    }
  });

  it("answers the sixth attempt within a minute with 429, and lets the right password in after", async () => {
    const user = await registerUser(testApp.app);
    const remoteAddress = nextClientAddress();
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await logIn(user.email ?? "", `wrong-${attempt}`, remoteAddress)).statusCode).toBe(
        401,
      );
    }
    const sixth = await logIn(user.email ?? "", user.password, remoteAddress);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({
      error: { code: "RATE_LIMITED", message: accountMessages.loginThrottled },
    });
    expect(Number(sixth.headers["retry-after"])).toBeGreaterThan(0);
    expect(Number(sixth.headers["retry-after"])).toBeLessThanOrEqual(60);

    // The throttle is per username and address: the same user elsewhere is not locked out.
    expect((await logIn(user.email ?? "", user.password, nextClientAddress())).statusCode).toBe(
      200,
    );

    testApp.clock.advanceMinutes(1);
    expect((await logIn(user.email ?? "", user.password, remoteAddress)).statusCode).toBe(200);
  });

  it("clears the count after a successful login", async () => {
    const user = await registerUser(testApp.app);
    const remoteAddress = nextClientAddress();
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      await logIn(user.email ?? "", "wrong", remoteAddress);
    }
    expect((await logIn(user.email ?? "", user.password, remoteAddress)).statusCode).toBe(200);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await logIn(user.email ?? "", "wrong", remoteAddress)).statusCode).toBe(401);
    }
  });
});

describe("sessions", () => {
  it("end on logout: the token stops working", async () => {
    const user = await registerUser(testApp.app);
    const logout = await testApp.app.inject(
      asUser(user.token, { method: "POST", url: "/api/logout" }),
    );
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toEqual({ message: accountMessages.loggedOut });
    const profile = await testApp.app.inject(
      asUser(user.token, { method: "GET", url: "/api/user" }),
    );
    expect(profile.statusCode).toBe(401);
    expect(profile.json().error.message).toBe(accountMessages.unauthenticated);
  });

  it("refuse a missing, malformed or unknown token", async () => {
    for (const authorization of [
      undefined,
      "Bearer",
      "Bearer x",
      "Basic abc",
      `Bearer ${"A".repeat(43)}`,
    ]) {
      const response = await testApp.app.inject({
        method: "GET",
        url: "/api/user",
        headers: authorization ? { authorization } : {},
      });
      expect(response.statusCode, String(authorization)).toBe(401);
    }
  });

  it("expire after 30 idle days, and after 90 days however active", async () => {
    const idle = await registerUser(testApp.app);
    const active = await registerUser(testApp.app);
    const profileOf = (token: string) =>
      testApp.app.inject(asUser(token, { method: "GET", url: "/api/user" }));
    for (let day = 0; day < 29 * 3; day += 29) {
      testApp.clock.advanceMinutes(29 * 24 * 60);
      expect((await profileOf(active.token)).statusCode).toBe(200);
    }
    expect((await profileOf(idle.token)).statusCode).toBe(401);
    testApp.clock.advanceMinutes(3 * 24 * 60);
    expect((await profileOf(active.token)).statusCode).toBe(401);
  });
});

describe("GET /api/check-user-exists", () => {
  it("tells whether an e-mail is registered", async () => {
    const user = await registerUser(testApp.app);
    const remoteAddress = nextClientAddress();
    const known = await testApp.app.inject({
      method: "GET",
      url: `/api/check-user-exists?email=${encodeURIComponent(user.email?.toUpperCase() ?? "")}`,
      remoteAddress,
    });
    expect(known.json()).toEqual({ userExist: true, email: user.email });
    const unknown = await testApp.app.inject({
      method: "GET",
      url: "/api/check-user-exists?email=nobody%40example.ie",
      remoteAddress,
    });
    expect(unknown.json()).toEqual({ userExist: false, email: "nobody@example.ie" });
  });

  it("is throttled to ten look-ups a minute per client", async () => {
    const remoteAddress = nextClientAddress();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      const response = await testApp.app.inject({
        method: "GET",
        url: `/api/check-user-exists?email=guess${attempt}%40example.ie`,
        remoteAddress,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([...Array(10).fill(200), 429]);
  });
});

describe("bad input", () => {
  const oddStrings = [
    ["10,000 characters", "x".repeat(10_000)],
    ["a right-to-left override", "Mary\u202Egnirts"],
    ["a zero-width space", "\u200B"],
    ["emoji", "🐄🐑"],
    ["NUL", "Mary\u0000"],
    ["a lone surrogate", "\uD800"],
  ];

  it.each(oddStrings)(
    "answers 4xx with messages, never 500, for %s in any field",
    async (_label, odd) => {
      const { username: _ignored, ...valid } = buildRegistration() as Record<string, unknown>;
      const user = await registerUser(testApp.app);
      const inUrl = encodeURIComponent(odd.toWellFormed());
      const calls: InjectOptions[] = [
        ...Object.keys(valid).map((field) => ({
          method: "POST" as const,
          url: "/api/register",
          payload: { ...valid, [field]: odd },
        })),
        { method: "POST", url: "/api/login", payload: { username: odd, password: odd } },
        { method: "POST", url: "/password/reset", payload: { email: odd } },
        { method: "POST", url: "/api/password/verify-token", payload: { email: odd, token: odd } },
        {
          method: "POST",
          url: "/api/password/reset/confirm",
          payload: { email: odd, token: odd, password: odd, password_confirmation: odd },
        },
        { method: "GET", url: `/api/check-user-exists?email=${inUrl}` },
        asUser(user.token, { method: "POST", url: "/api/mobile/verify", payload: { code: odd } }),
        asUser(user.token, {
          method: "PUT",
          url: "/api/user/settings",
          payload: { name: odd, town: odd, email: odd, phone_number: odd, county: odd },
        }),
        { method: "GET", url: `/api/email/verify/${inUrl}/${inUrl}` },
      ];
      for (const call of calls) {
        const response = await testApp.app.inject({ ...call, remoteAddress: nextClientAddress() });
        const label = `${call.method} ${call.url?.toString().slice(0, 60)} ${JSON.stringify(call.payload ?? "").slice(0, 100)}`;
        expect(response.statusCode, label).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, label).toBeLessThan(500);
        const body = response.json<ErrorResponse>();
        expect(body.error.message, label).not.toBe("");
        // A bad link gets one message; every other 400 names the fields at fault.
        if (response.statusCode === 400 && !call.url?.toString().startsWith("/api/email/verify")) {
          expect(body.error.issues?.length ?? 0, label).toBeGreaterThan(0);
        }
      }
    },
  );

  it.each([
    ["a number", 42],
    ["a list", ["Mary"]],
    ["an object", { name: "Mary" }],
    ["null", null],
  ])("refuses %s where text belongs", async (_label, value) => {
    const response = await register({ ...buildRegistration(), name: value, surname: value });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorResponse>().error.issues).toEqual([
      { path: "body.name", message: accountMessages.nameRequired },
      { path: "body.surname", message: accountMessages.surnameRequired },
    ]);
  });

  it("refuses a body that is not JSON, or not an object", async () => {
    for (const payload of ["{not json", "[]", '"text"', "null"]) {
      const response = await testApp.app.inject({
        method: "POST",
        url: "/api/login",
        headers: { "content-type": "application/json" },
        payload,
      });
      expect(response.statusCode, payload).toBe(400);
    }
  });
});
