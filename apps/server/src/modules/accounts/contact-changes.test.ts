import { randomInt } from "node:crypto";
import {
  accountMessages,
  messageBudgets,
  securityMessages,
  undoContactChangePagePath,
} from "@vaxcal/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactChangeUndoTokens, users } from "../../db/schema/accounts.ts";
import { outboxMessages } from "../../db/schema/outbox.ts";
import {
  asUser,
  createAccountsTestApp,
  findLink,
  nextClientAddress,
  readOutbox,
  registerUser,
  requestResetToken,
  saveSettings,
  type AccountsTestApp,
} from "../../test/accounts.ts";

let testApp: AccountsTestApp;

beforeAll(async () => {
  testApp = await createAccountsTestApp({ publicUrl: "https://vaxcal.example" });
});

afterAll(() => testApp.close());

function undo(token: string) {
  return testApp.app.inject({
    method: "POST",
    url: "/api/account/undo-contact-change",
    payload: { token },
    remoteAddress: nextClientAddress(),
  });
}

function newMobile(): string {
  return `086${String(randomInt(10_000_000)).padStart(7, "0")}`;
}

async function readUser(id: number) {
  const [row] = await testApp.database.db.select().from(users).where(eq(users.id, id));
  return row;
}

async function readAccountMessages(id: number) {
  return testApp.database.db.select().from(outboxMessages).where(eq(outboxMessages.accountId, id));
}

/** Opens the confirmation link the background task sent to a new e-mail. */
async function confirmEmail(address: string) {
  await testApp.app.backgroundTasks.whenIdle();
  const [message] = await readOutbox(testApp.database, address);
  const link = /\/email\/verify\/[^\s]+/.exec(message?.bodyText ?? "")?.[0];
  const response = await testApp.app.inject({ method: "GET", url: `/api${link}` });
  expect(response.statusCode).toBe(200);
}

async function readUndoToken(recipient: string): Promise<string> {
  const [notice] = await readOutbox(testApp.database, recipient);
  const link = new URL(findLink(notice?.bodyText ?? null, undoContactChangePagePath));
  return link.searchParams.get("token") ?? "";
}

describe("contact changes in settings", () => {
  it("need the current password to change the e-mail or the mobile", async () => {
    const user = await registerUser(testApp.app);
    const missing = await saveSettings(testApp.app, user, { email: "thief@example.ie" });
    const wrong = await saveSettings(testApp.app, user, {
      phone_number: newMobile(),
      current_password: "not-the-password",
    });

    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.issues).toContainEqual({
      path: "body.current_password",
      message: securityMessages.currentPasswordForContactChange,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.issues).toContainEqual({
      path: "body.current_password",
      message: accountMessages.currentPasswordWrong,
    });
    const row = await readUser(user.id);
    expect({ email: row?.email, phone: row?.phone }).toEqual({
      email: user.email,
      phone: user.phone,
    });
  });

  it("tell the old e-mail with an undo link that restores it, once, and ends every session", async () => {
    const user = await registerUser(testApp.app);
    const verifiedAt = new Date("2026-03-01T10:00:00Z");
    await testApp.database.db
      .update(users)
      .set({ emailVerifiedAt: verifiedAt })
      .where(eq(users.id, user.id));
    const changed = await saveSettings(testApp.app, user, {
      email: `thief.${user.id}@example.ie`,
      current_password: user.password,
    });
    expect(changed.statusCode).toBe(200);
    await confirmEmail(`thief.${user.id}@example.ie`);
    expect((await readUser(user.id))?.email).toBe(`thief.${user.id}@example.ie`);
    const [notice] = await readOutbox(testApp.database, user.email ?? "");
    expect(notice?.subject).toBe(
      "The email address or mobile number of your VaxCal account was changed",
    );
    const token = await readUndoToken(user.email ?? "");

    testApp.clock.advanceMinutes(6 * 24 * 60);
    const undone = await undo(token);
    expect(undone.statusCode).toBe(200);
    expect(undone.json()).toEqual({ message: securityMessages.contactChangeUndone });
    const row = await readUser(user.id);
    expect({ email: row?.email, verified: row?.emailVerifiedAt }).toEqual({
      email: user.email,
      verified: verifiedAt,
    });
    const session = await testApp.app.inject(
      asUser(user.token, { method: "GET", url: "/api/user" }),
    );
    expect(session.statusCode).toBe(401);
    const again = await undo(token);
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(securityMessages.contactUndoInvalid);
  });

  it("tell the old mobile when there was no e-mail, and the link expires after 7 days", async () => {
    const user = await registerUser(testApp.app, { email: null });
    const changed = await saveSettings(testApp.app, user, {
      phone_number: newMobile(),
      current_password: user.password,
    });
    expect(changed.statusCode).toBe(200);
    const token = await readUndoToken(user.phone ?? "");

    testApp.clock.advanceMinutes(7 * 24 * 60 + 1);
    const late = await undo(token);
    expect(late.statusCode).toBe(400);
    expect((await readUser(user.id))?.pendingPhone).not.toBeNull();
  });

  it("keeps no undo link usable after an undo, so a later change's link cannot win", async () => {
    const user = await registerUser(testApp.app);
    const thiefAddress = `thief.a.${user.id}@example.ie`;
    await saveSettings(testApp.app, user, { email: thiefAddress, current_password: user.password });
    await confirmEmail(thiefAddress);
    await saveSettings(testApp.app, user, {
      email: `thief.b.${user.id}@example.ie`,
      current_password: user.password,
    });
    const ownersToken = await readUndoToken(user.email ?? "");
    const thiefsToken = await readUndoToken(thiefAddress);

    expect((await undo(ownersToken)).statusCode).toBe(200);
    expect((await undo(thiefsToken)).statusCode).toBe(400);
    expect((await readUser(user.id))?.email).toBe(user.email);
  });

  it("tells the owner when a password reset completed", async () => {
    const user = await registerUser(testApp.app);
    const token = await requestResetToken(testApp.app, testApp.database, user.email ?? "");
    const confirmed = await testApp.app.inject({
      method: "POST",
      url: "/api/password/reset/confirm",
      payload: {
        email: user.email,
        token,
        password: "fresh-hay-bales-7",
        password_confirmation: "fresh-hay-bales-7",
      },
      remoteAddress: nextClientAddress(),
    });
    expect(confirmed.statusCode).toBe(200);
    const [notice] = await readOutbox(testApp.database, user.email ?? "");
    expect(notice?.subject).toBe("Your VaxCal password was changed");
  });
});

describe("message budgets", () => {
  it("let 10 mobile changes in a row send at most the budget's texts, then answer 429 and save nothing", async () => {
    const user = await registerUser(testApp.app, { email: null });
    const statuses: number[] = [];
    let refused: { phone: string | null | undefined; messages: number } | undefined;
    for (let change = 0; change < 10; change += 1) {
      // 13 minutes apart: the hourly limit on contact changes never bites, only the budget.
      testApp.clock.advanceMinutes(13);
      const before = (await readAccountMessages(user.id)).length;
      const response = await saveSettings(testApp.app, user, {
        phone_number: newMobile(),
        current_password: user.password,
      });
      statuses.push(response.statusCode);
      await testApp.app.backgroundTasks.whenIdle();
      if (response.statusCode === 429 && !refused) {
        expect(response.json().error.message).toBe(securityMessages.messageBudgetExceeded);
        expect(Number(response.headers["retry-after"])).toBeGreaterThan(0);
        const after = await readAccountMessages(user.id);
        const row = await readUser(user.id);
        expect(row?.phone).toBe(user.phone);
        refused = { phone: row?.pendingPhone, messages: after.length - before };
      }
    }

    const texts = (await readAccountMessages(user.id)).filter((row) => row.channel === "sms");
    expect(texts.length).toBeLessThanOrEqual(messageBudgets.textsPerAccount);
    const firstRefused = statuses.indexOf(429);
    expect(firstRefused).toBeGreaterThan(0);
    expect(statuses.slice(0, firstRefused).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(firstRefused).every((status) => status === 429)).toBe(true);
    const codes = texts
      .filter((row) => row.bodyText?.startsWith("VaxCal code"))
      .sort((left, right) => left.id - right.id);
    const lastSaved = codes.at(-1);
    expect(refused?.messages).toBe(0);
    expect(refused?.phone).toBe(lastSaved?.recipient);
    const undoLinks = await testApp.database.db
      .select()
      .from(contactChangeUndoTokens)
      .where(eq(contactChangeUndoTokens.userId, user.id));
    expect(undoLinks).toHaveLength(firstRefused);
  });

  it("limit the e-mails to one address, and a reset request over budget answers as usual", async () => {
    const user = await registerUser(testApp.app);
    const answers: string[] = [];
    for (let request = 0; request < messageBudgets.emailsPerDestination + 2; request += 1) {
      // Past the reset throttle of 3 per 15 minutes per address.
      testApp.clock.advanceMinutes(16);
      const response = await testApp.app.inject({
        method: "POST",
        url: "/password/reset",
        payload: { email: user.email },
        remoteAddress: nextClientAddress(),
      });
      expect(response.statusCode).toBe(200);
      answers.push(response.json().message);
    }
    expect(new Set(answers)).toEqual(new Set([accountMessages.resetLinkSent]));
    await testApp.whenIdle();
    const emails = await readOutbox(testApp.database, user.email ?? "");
    expect(emails).toHaveLength(messageBudgets.emailsPerDestination);
  });
});
