import {
  accountMessages,
  securityMessages,
  vetPracticeMessages,
  type UserProfile,
} from "@vaxcal/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  asUser,
  buildRegistration,
  createAccountsTestApp,
  nextClientAddress,
  readOutbox,
  registerUser,
  saveSettings,
  type AccountsTestApp,
} from "../../test/accounts.ts";
import { registerVetPractice, verifyPracticeEmail } from "../../test/vet-practices.ts";

/*
 * Security round 3 (issue 23), M2, M4 and M5: a practice must prove its e-mail before it invites
 * anyone or a farmer can link it; invites are limited per practice and never carry the
 * practice's name in their subject; a farmer's link and unlink need the password, are throttled,
 * and their notices cannot use up the budget the practice's own password reset needs.
 */

let testApp: AccountsTestApp;
beforeAll(async () => {
  testApp = await createAccountsTestApp();
});
afterAll(() => testApp.close());

const inviteSubject = "You're invited to join a practice on VaxCal";

async function listPickerIds(): Promise<number[]> {
  const response = await testApp.app.inject({ method: "GET", url: "/api/vets" });
  return response.json<{ id: number }[]>().map((vet) => vet.id);
}

function invite(token: string, emails: string[]) {
  return testApp.app.inject(
    asUser(token, { method: "POST", url: "/api/vet/invites", payload: { emails } }),
  );
}

function readMessage(body: string): string {
  return JSON.parse(body).error.message as string;
}

function readIssues(body: string): Record<string, string[]> {
  const issues: Record<string, string[]> = {};
  const parsed = JSON.parse(body) as { error: { issues?: { path: string; message: string }[] } };
  for (const issue of parsed.error.issues ?? []) (issues[issue.path] ??= []).push(issue.message);
  return issues;
}

describe("M2: a practice whose e-mail is not verified", () => {
  it("is not in the farmer's picker, cannot be linked, and sends no invite until it is verified", async () => {
    const registrationInvitee = `early.${Date.now()}@vets.example.ie`;
    const fake = await registerVetPractice(
      testApp,
      { vet_practice_name: "Bandon Farm Vets", vets: [registrationInvitee] },
      { verified: false },
    );
    await testApp.whenIdle();
    expect(await listPickerIds()).not.toContain(fake.id);
    // The invite listed at registration waits for the verification.
    expect(await readOutbox(testApp.database, registrationInvitee)).toEqual([]);

    const refusedRegistration = await testApp.app.inject({
      method: "POST",
      url: "/api/register",
      payload: buildRegistration({ vet_id: fake.id }),
      remoteAddress: nextClientAddress(),
    });
    expect(refusedRegistration.statusCode).toBe(400);
    expect(readIssues(refusedRegistration.body)["body.vet_id"]).toEqual([
      accountMessages.vetInvalid,
    ]);

    const farmer = await registerUser(testApp.app);
    const refusedLink = await saveSettings(testApp.app, farmer, {
      vet_id: fake.id,
      current_password: farmer.password,
    });
    expect(refusedLink.statusCode).toBe(400);
    expect(readIssues(refusedLink.body)["body.vet_id"]).toEqual([accountMessages.vetInvalid]);
    const profile = await testApp.app.inject(
      asUser(farmer.token, { method: "GET", url: "/api/user" }),
    );
    expect(profile.json<UserProfile>().vet_id).toBeNull();

    const laterInvitee = `later.${Date.now()}@vets.example.ie`;
    const refusedInvite = await invite(fake.token, [laterInvitee]);
    expect(refusedInvite.statusCode).toBe(409);
    expect(readMessage(refusedInvite.body)).toBe(vetPracticeMessages.practiceEmailUnverified);
    const members = await testApp.app.inject(
      asUser(fake.token, { method: "GET", url: "/api/vet/members" }),
    );
    expect(members.json<{ email_verified: boolean }>().email_verified).toBe(false);
    await testApp.whenIdle();
    expect(await readOutbox(testApp.database, laterInvitee)).toEqual([]);

    // Once the practice opens the link sent to its address, all of it works.
    await verifyPracticeEmail(testApp, fake.email);
    expect(await listPickerIds()).toContain(fake.id);
    const [heldInvite] = await readOutbox(testApp.database, registrationInvitee);
    expect(heldInvite?.subject).toBe(inviteSubject);
    expect((await invite(fake.token, [laterInvitee])).statusCode).toBe(200);
    const linked = await saveSettings(testApp.app, farmer, {
      vet_id: fake.id,
      current_password: farmer.password,
    });
    expect(linked.statusCode, linked.body).toBe(200);
  });
});

describe("M4: invites", () => {
  it("refuses the 21st invite e-mail of a day with a 429, and names no practice in a subject", async () => {
    const practiceName = "URGENT Claim refund at evil-example.com";
    const practice = await registerVetPractice(testApp, { vet_practice_name: practiceName });
    const stamp = Date.now();
    const addresses = Array.from({ length: 21 }, (_, index) => `vet${index}.${stamp}@example.ie`);

    const first = await invite(practice.token, addresses.slice(0, 20));
    expect(first.statusCode, first.body).toBe(200);
    const over = await invite(practice.token, addresses.slice(20));
    expect(over.statusCode).toBe(429);
    expect(readMessage(over.body)).toBe(accountMessages.tooManyRequests);
    expect(Number(over.headers["retry-after"])).toBeGreaterThan(0);
    await testApp.whenIdle();
    expect(await readOutbox(testApp.database, addresses[20] ?? "")).toEqual([]);

    const [sent] = await readOutbox(testApp.database, addresses[0] ?? "");
    expect(sent?.subject).toBe(inviteSubject);
    expect(sent?.bodyText).toContain(practiceName);

    // A re-sent invite is an invite e-mail too.
    const members = await testApp.app.inject(
      asUser(practice.token, { method: "GET", url: "/api/vet/members" }),
    );
    const [open] = members.json<{ invites: { id: number }[] }>().invites;
    const resend = await testApp.app.inject(
      asUser(practice.token, { method: "POST", url: `/api/vet/invites/${open?.id}/resend` }),
    );
    expect(resend.statusCode).toBe(429);

    // The next day the practice may invite again.
    testApp.clock.advanceMinutes(24 * 60 + 1);
    expect((await invite(practice.token, addresses.slice(20))).statusCode).toBe(200);
  });
});

describe("M5: linking and unlinking a practice", () => {
  it("needs the current password", async () => {
    const practice = await registerVetPractice(testApp);
    const farmer = await registerUser(testApp.app);

    const withoutPassword = await saveSettings(testApp.app, farmer, { vet_id: practice.id });
    expect(withoutPassword.statusCode).toBe(400);
    expect(readIssues(withoutPassword.body)["body.current_password"]).toEqual([
      securityMessages.currentPasswordForVetChange,
    ]);
    const wrongPassword = await saveSettings(testApp.app, farmer, {
      vet_id: practice.id,
      current_password: "not-the-password-1",
    });
    expect(wrongPassword.statusCode).toBe(400);
    expect(readIssues(wrongPassword.body)["body.current_password"]).toEqual([
      accountMessages.currentPasswordWrong,
    ]);

    expect(
      (
        await saveSettings(testApp.app, farmer, {
          vet_id: practice.id,
          current_password: farmer.password,
        })
      ).statusCode,
    ).toBe(200);
    const unlinkWithoutPassword = await saveSettings(testApp.app, farmer, { vet_id: null });
    expect(unlinkWithoutPassword.statusCode).toBe(400);
    // Other settings still save without it while the practice stays as it is.
    expect(
      (await saveSettings(testApp.app, farmer, { vet_id: practice.id, name: "Máire" })).statusCode,
    ).toBe(200);
  });

  it("throttles a farmer's flips, and twelve flips cannot keep the manager's password reset from being sent", async () => {
    const practice = await registerVetPractice(testApp);
    const farmer = await registerUser(testApp.app);
    const statuses: number[] = [];
    let isLinked = false;
    for (let flip = 0; flip < 12; flip += 1) {
      const response = await saveSettings(testApp.app, farmer, {
        vet_id: isLinked ? null : practice.id,
        current_password: farmer.password,
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 200) isLinked = !isLinked;
    }
    expect(statuses).toEqual([...Array(5).fill(200), ...Array(7).fill(429)]);
    // The daily link throttle, not only the password checks' quarter-hour one.
    testApp.clock.advanceMinutes(16);
    const flip = () =>
      saveSettings(testApp.app, farmer, {
        vet_id: isLinked ? null : practice.id,
        current_password: farmer.password,
      });
    expect((await flip()).statusCode).toBe(429);
    await requestReset(practice.email);
    const [reset] = await readOutbox(testApp.database, practice.email);
    expect(reset?.bodyText).toContain("/password/reset");
  });

  it("notices from many farmers use a budget of their own, apart from the practice's password reset", async () => {
    const practice = await registerVetPractice(testApp);
    for (let farm = 0; farm < 12; farm += 1) {
      const farmer = await registerUser(testApp.app);
      const linked = await saveSettings(testApp.app, farmer, {
        vet_id: practice.id,
        current_password: farmer.password,
      });
      expect(linked.statusCode, linked.body).toBe(200);
    }
    await testApp.whenIdle();
    await requestReset(practice.email);
    const [reset] = await readOutbox(testApp.database, practice.email);
    expect(reset?.bodyText).toContain("/password/reset");
  });
});

async function requestReset(email: string): Promise<void> {
  await testApp.whenIdle();
  const response = await testApp.app.inject({
    method: "POST",
    url: "/api/password/reset",
    payload: { email },
    remoteAddress: nextClientAddress(),
  });
  expect(response.statusCode).toBe(200);
  await testApp.whenIdle();
}
