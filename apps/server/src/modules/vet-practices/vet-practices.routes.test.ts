import {
  RoleName,
  VetPracticeMembersSchema,
  accountMessages,
  currentTermsVersion,
  vetPracticeMessages,
} from "@vaxcal/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  asUser,
  createAccountsTestApp,
  findLink,
  nextClientAddress,
  readOutbox,
  registerUser,
  saveSettings,
  toPath,
  type AccountsTestApp,
} from "../../test/accounts.ts";
import { buildVetRegistration, verifyPracticeEmail } from "../../test/vet-practices.ts";

/*
 * Vet practices (decision 501): registration with every message of docs/product.md §5, the
 * practice e-mail's verification, invites (7 days, once, re-sent, cancelled), members, and the
 * notices a practice gets when a farmer links or unlinks it.
 */

let testApp: AccountsTestApp;
beforeAll(async () => {
  testApp = await createAccountsTestApp();
});
afterAll(() => testApp.close());

function registerPractice(payload: unknown) {
  return testApp.app.inject({
    method: "POST",
    url: "/api/vet/register",
    payload: payload as object,
    remoteAddress: nextClientAddress(),
  });
}

type Issues = { error: { issues?: { path: string; message: string }[] } };
function readIssues(body: string): Record<string, string[]> {
  const issues: Record<string, string[]> = {};
  for (const issue of (JSON.parse(body) as Issues).error.issues ?? []) {
    (issues[issue.path] ??= []).push(issue.message);
  }
  return issues;
}

async function readInviteToken(email: string): Promise<string> {
  await testApp.whenIdle();
  const [message] = await readOutbox(testApp.database, email);
  return new URL(findLink(message?.bodyText ?? null, "/vet/join")).searchParams.get("token") ?? "";
}

function acceptInvite(token: string, overrides: object = {}) {
  return testApp.app.inject({
    method: "POST",
    url: "/api/vet/invites/accept",
    payload: {
      token,
      name: "Cian",
      surname: "Walsh",
      password: "silage-clamp-77",
      password_confirmation: "silage-clamp-77",
      agree_to_terms: true,
      ...overrides,
    },
    remoteAddress: nextClientAddress(),
  });
}

async function registerWithInvite(inviteEmail: string) {
  const payload = buildVetRegistration({ vets: [inviteEmail] });
  const response = await registerPractice(payload);
  expect(response.statusCode, response.body).toBe(201);
  const body = response.json<{ user: { id: number; vet_id: number | null }; token: string }>();
  // The invite of step 3 is sent once the practice's e-mail is verified (decision 503).
  await verifyPracticeEmail(testApp, payload.vet_practice_email);
  return { ...body, payload };
}

describe("POST /api/vet/register: every message of docs/product.md §5", () => {
  it("lists every step 1 and step 2 message for an empty form", async () => {
    const response = await registerPractice({});
    expect(response.statusCode).toBe(400);
    expect(readIssues(response.body)).toMatchObject({
      "body.vet_practice_name": [vetPracticeMessages.practiceNameRequired],
      "body.vet_practice_email": [vetPracticeMessages.practiceEmailInvalid],
      "body.mobile_number": [vetPracticeMessages.mobileInvalid],
      "body.veterinarian_name": [vetPracticeMessages.veterinarianNameRequired],
      "body.veterinarian_surname": [vetPracticeMessages.veterinarianSurnameRequired],
      "body.address1": [vetPracticeMessages.address1Required],
      "body.town": [vetPracticeMessages.townRequired],
      "body.eircode": [vetPracticeMessages.eircodeRequired],
      "body.county": [vetPracticeMessages.countyRequired],
      "body.country": [vetPracticeMessages.countryRequired],
      "body.vci_number": [vetPracticeMessages.vciNumberRequired],
      "body.agree_to_terms": [vetPracticeMessages.termsRequired],
      "body.password": [vetPracticeMessages.passwordRequired],
      "body.password_confirmation": [vetPracticeMessages.passwordConfirmationRequired],
    });
  });

  it.each([
    ["blank name", { vet_practice_name: "  " }, "vet_practice_name", "practiceNameRequired"],
    [
      "e-mail without @",
      { vet_practice_email: "vets.ie" },
      "vet_practice_email",
      "practiceEmailInvalid",
    ],
    [
      "a landline for a mobile",
      { mobile_number: "021 456 7890" },
      "mobile_number",
      "mobileInvalid",
    ],
    ["letters for a mobile", { mobile_number: "mobile" }, "mobile_number", "mobileInvalid"],
    ["a country outside the list", { country: "Other" }, "country", "countryRequired"],
    ["a county outside the island", { county: "Kent" }, "county", "countyRequired"],
    ["an unticked terms box", { agree_to_terms: false }, "agree_to_terms", "termsRequired"],
    ["an empty password", { password: "" }, "password", "passwordRequired"],
    [
      "an empty confirmation",
      { password_confirmation: "" },
      "password_confirmation",
      "passwordConfirmationRequired",
    ],
    [
      "an invited vet's bad e-mail",
      { vets: ["vet@ok.ie", "not-an-email"] },
      "vets.1",
      "inviteEmailInvalid",
    ],
  ] as const)("refuses %s", async (_name, override, field, messageKey) => {
    const response = await registerPractice(buildVetRegistration(override));
    expect(response.statusCode, response.body).toBe(400);
    expect(readIssues(response.body)[`body.${field}`]).toContain(vetPracticeMessages[messageKey]);
  });

  it("binds the confirmation as password_confirmation and says when the two differ", async () => {
    const response = await registerPractice(
      buildVetRegistration({ password_confirmation: "pasture-gate-92" }),
    );
    expect(response.statusCode).toBe(400);
    expect(readIssues(response.body)["body.password_confirmation"]).toEqual([
      accountMessages.passwordMismatch,
    ]);
  });

  it("refuses a common password, an unknown territory manager and a taken e-mail", async () => {
    const farmer = await registerUser(testApp.app);
    const response = await registerPractice(
      buildVetRegistration({
        password: "password123",
        password_confirmation: "password123",
        territoryManagerId: 999_999,
        vet_practice_email: farmer.email ?? "",
      }),
    );
    expect(response.statusCode).toBe(400);
    const issues = readIssues(response.body);
    expect(issues["body.password"]).toEqual([accountMessages.passwordTooCommon]);
    expect(issues["body.territoryManagerId"]).toEqual([
      vetPracticeMessages.territoryManagerInvalid,
    ]);
    expect(issues["body.vet_practice_email"]).toEqual([vetPracticeMessages.practiceEmailTaken]);
  });

  it("answers user and token with the VET_MANAGER role, and verifies the practice e-mail like a farmer's", async () => {
    const payload = buildVetRegistration({ territoryManagerId: 1 });
    const response = await registerPractice(payload);
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json<{
      user: {
        email: string;
        roles: { name: string }[];
        email_verified_at: string | null;
        terms_version: string | null;
      };
      token: string;
      message: string;
    }>();
    expect(body.user.email).toBe(payload.vet_practice_email);
    expect(body.user.roles).toEqual([{ name: RoleName.vetManager }]);
    expect(body.user.email_verified_at).toBeNull();
    // The terms agreed in step 1 count: the manager's first calendar save does not ask again.
    expect(body.user.terms_version).toBe(currentTermsVersion);
    expect(body.token).toMatch(/^[\w-]{43}$/);
    expect(body.message).toBe(vetPracticeMessages.registered);

    const [verification] = await readOutbox(testApp.database, payload.vet_practice_email);
    const verify = await testApp.app.inject({
      method: "GET",
      url: `/api${toPath(findLink(verification?.bodyText ?? null, "/email/verify/"))}`,
    });
    expect(verify.json()).toEqual({ message: accountMessages.emailVerified });

    // The manager logs in with the practice's e-mail.
    const login = await testApp.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { username: payload.vet_practice_email, password: payload.password },
      remoteAddress: nextClientAddress(),
    });
    expect(login.statusCode).toBe(200);

    // Farmers find the practice, with its town, in the vet picker's list.
    const vets = (await testApp.app.inject({ method: "GET", url: "/api/vets" })).json<
      { vet_practice_name: string; town: string }[]
    >();
    expect(vets).toContainEqual(
      expect.objectContaining({ vet_practice_name: payload.vet_practice_name, town: "Macroom" }),
    );
  });

  it("writes nothing when a step fails", async () => {
    const payload = buildVetRegistration({ vets: ["ok@vets.example.ie"], agree_to_terms: false });
    expect((await registerPractice(payload)).statusCode).toBe(400);
    expect(await readOutbox(testApp.database, "ok@vets.example.ie")).toEqual([]);
  });
});

describe("invites", () => {
  it("lets the invited vet join once through the e-mailed link, as a VET", async () => {
    const inviteEmail = `cian.${Date.now()}@vets.example.ie`;
    const manager = await registerWithInvite(inviteEmail);
    const token = await readInviteToken(inviteEmail);

    const check = await testApp.app.inject({
      method: "POST",
      url: "/api/vet/invites/check",
      payload: { token },
      remoteAddress: nextClientAddress(),
    });
    expect(check.json()).toEqual({
      valid: true,
      vet_practice_name: manager.payload.vet_practice_name,
      email: inviteEmail,
    });

    const joined = await acceptInvite(token);
    expect(joined.statusCode, joined.body).toBe(201);
    const vet = joined.json<{
      user: { email: string; roles: { name: string }[]; email_verified_at: string | null };
    }>().user;
    expect(vet.email).toBe(inviteEmail);
    expect(vet.roles).toEqual([{ name: RoleName.vet }]);
    expect(vet.email_verified_at).not.toBeNull();

    const checkAgain = await testApp.app.inject({
      method: "POST",
      url: "/api/vet/invites/check",
      payload: { token },
      remoteAddress: nextClientAddress(),
    });
    expect(checkAgain.json()).toEqual({
      valid: false,
      message: vetPracticeMessages.inviteInvalid,
    });
    const again = await acceptInvite(token, { name: "Someone" });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: { message: vetPracticeMessages.inviteInvalid } });
  });

  it("expires after 7 days", async () => {
    const inviteEmail = `late.${Date.now()}@vets.example.ie`;
    await registerWithInvite(inviteEmail);
    const token = await readInviteToken(inviteEmail);
    testApp.clock.advanceMinutes(7 * 24 * 60 + 1);
    const response = await acceptInvite(token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: { message: vetPracticeMessages.inviteInvalid },
    });
  });

  it("re-sent, the old link stops working and the new one works; cancelled, none works", async () => {
    const inviteEmail = `resend.${Date.now()}@vets.example.ie`;
    const manager = await registerWithInvite(inviteEmail);
    const oldToken = await readInviteToken(inviteEmail);
    const members = VetPracticeMembersSchema.parse(
      (
        await testApp.app.inject(asUser(manager.token, { method: "GET", url: "/api/vet/members" }))
      ).json(),
    );
    const invite = members.invites.find((candidate) => candidate.email === inviteEmail);
    expect(invite?.status).toBe("pending");

    const resend = await testApp.app.inject(
      asUser(manager.token, { method: "POST", url: `/api/vet/invites/${invite?.id}/resend` }),
    );
    expect(resend.json()).toEqual({ message: vetPracticeMessages.inviteResent });
    const newToken = await readInviteToken(inviteEmail);
    expect(newToken).not.toBe(oldToken);
    expect((await acceptInvite(oldToken)).statusCode).toBe(400);

    const cancel = await testApp.app.inject(
      asUser(manager.token, { method: "DELETE", url: `/api/vet/invites/${invite?.id}` }),
    );
    expect(cancel.json()).toEqual({ message: vetPracticeMessages.inviteCancelled });
    expect((await acceptInvite(newToken)).statusCode).toBe(400);
  });

  it("counts invites against the practice's invites of the day, all or nothing", async () => {
    const manager = await registerWithInvite(`first.${Date.now()}@vets.example.ie`);
    const emails = Array.from({ length: 10 }, (_, index) => `bulk.${index}.${Date.now()}@vets.ie`);
    const first = await testApp.app.inject(
      asUser(manager.token, { method: "POST", url: "/api/vet/invites", payload: { emails } }),
    );
    expect(first.statusCode).toBe(200);
    const more = emails.map((email) => `more.${email}`);
    const over = await testApp.app.inject(
      asUser(manager.token, { method: "POST", url: "/api/vet/invites", payload: { emails: more } }),
    );
    expect(over.statusCode).toBe(429);
    expect(await readOutbox(testApp.database, more[0] ?? "")).toEqual([]);
  });
});

describe("members", () => {
  it("lists the manager and the vets; removing a vet ends their access at once", async () => {
    const inviteEmail = `removed.${Date.now()}@vets.example.ie`;
    const manager = await registerWithInvite(inviteEmail);
    const joined = await acceptInvite(await readInviteToken(inviteEmail));
    const vet = joined.json<{ user: { id: number }; token: string }>();

    const before = VetPracticeMembersSchema.parse(
      (
        await testApp.app.inject(asUser(manager.token, { method: "GET", url: "/api/vet/members" }))
      ).json(),
    );
    expect(before.members.map((member) => member.role)).toEqual([
      RoleName.vetManager,
      RoleName.vet,
    ]);
    expect(before.invites).toEqual([]);

    // A vet who is not the manager manages nothing.
    const asVet = await testApp.app.inject(
      asUser(vet.token, { method: "GET", url: "/api/vet/members" }),
    );
    expect(asVet.statusCode).toBe(404);
    expect(
      (await testApp.app.inject(asUser(vet.token, { method: "GET", url: "/api/vet/dashboard" })))
        .statusCode,
    ).toBe(200);

    const managerRemoval = await testApp.app.inject(
      asUser(manager.token, { method: "DELETE", url: `/api/vet/members/${manager.user.id}` }),
    );
    expect(managerRemoval.statusCode).toBe(409);

    const removal = await testApp.app.inject(
      asUser(manager.token, { method: "DELETE", url: `/api/vet/members/${vet.user.id}` }),
    );
    expect(removal.json()).toEqual({ message: vetPracticeMessages.memberRemoved });
    const after = await testApp.app.inject(
      asUser(vet.token, { method: "GET", url: "/api/vet/dashboard" }),
    );
    expect(after.statusCode).toBe(401);
  });

  it("gives a farmer no vet pages", async () => {
    const farmer = await registerUser(testApp.app);
    for (const url of ["/api/vet/dashboard", "/api/vet/members", "/api/vet/doses-due"]) {
      const response = await testApp.app.inject(asUser(farmer.token, { method: "GET", url }));
      expect(response.statusCode, url).toBe(404);
    }
  });
});

describe("a farmer linking and unlinking a practice", () => {
  it("e-mails the practice each time", async () => {
    const manager = await registerWithInvite(`link.${Date.now()}@vets.example.ie`);
    const practiceEmail = manager.payload.vet_practice_email;
    const practiceId = manager.user.vet_id;
    expect(practiceId).toBeNull();
    const vets = (await testApp.app.inject({ method: "GET", url: "/api/vets" })).json<
      { id: number; vet_practice_name: string }[]
    >();
    const practice = vets.find(
      (vet) => vet.vet_practice_name === manager.payload.vet_practice_name,
    );
    const farmer = await registerUser(testApp.app, { vet_id: practice?.id ?? 0, name: "Nora" });
    await testApp.whenIdle();
    const [linked] = await readOutbox(testApp.database, practiceEmail);
    expect(linked?.subject).toBe(
      "A farmer has shared their vaccination calendars with your practice",
    );
    expect(linked?.bodyText).toContain("Nora Murphy, Hill Farm (Macroom)");

    const unlink = { vet_id: null, current_password: farmer.password };
    expect((await saveSettings(testApp.app, farmer, unlink)).statusCode).toBe(200);
    await testApp.whenIdle();
    const [unlinked] = await readOutbox(testApp.database, practiceEmail);
    expect(unlinked?.subject).toBe("A farmer no longer shares their calendars with your practice");

    // A farmer who signed up without a farm name or address (decision 429) is named without them.
    await registerUser(testApp.app, {
      vet_id: practice?.id ?? 0,
      name: "Aoife",
      surname: "Byrne",
      farmer_name: null,
      address1: null,
      town: null,
      eircode: null,
      county: null,
    });
    await testApp.whenIdle();
    const [bare] = await readOutbox(testApp.database, practiceEmail);
    expect(bare?.bodyText).toContain("Aoife Byrne has chosen");
    expect(bare?.bodyText).not.toContain("null");
  });
});
