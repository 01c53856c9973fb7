import { accountMessages } from "@vaxcal/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  asUser,
  createAccountsTestApp,
  logIn,
  readOutbox,
  registerUser,
  saveSettings,
  type AccountsTestApp,
  type RegisteredUser,
} from "../../test/accounts.ts";

let testApp: AccountsTestApp;

beforeAll(async () => {
  testApp = await createAccountsTestApp();
});

afterAll(() => testApp.close());

/** Marks both contacts verified, as if the user had clicked and typed the code. */
async function verifyContacts(user: RegisteredUser) {
  const [message] = await readOutbox(testApp.database, user.email ?? "");
  const link = /\/email\/verify\/[^\s]+/.exec(message?.bodyText ?? "")?.[0];
  await testApp.app.inject({ method: "GET", url: `/api${link}` });
  const [text] = await readOutbox(testApp.database, user.phone ?? "");
  const code = /code: (\d{6})/.exec(text?.bodyText ?? "")?.[1];
  await testApp.app.inject(
    asUser(user.token, { method: "POST", url: "/api/mobile/verify", payload: { code } }),
  );
}

async function readProfile(user: RegisteredUser) {
  const response = await testApp.app.inject(
    asUser(user.token, { method: "GET", url: "/api/user" }),
  );
  return response.json();
}

describe("PUT /api/user/settings", () => {
  it("saves profile fields and answers the updated profile", async () => {
    const user = await registerUser(testApp.app);
    const response = await saveSettings(testApp.app, user, {
      name: "Máire",
      farmer_name: "Glen Farm",
      address2: "Upper Glen",
      town: "Omagh",
      eircode: "BT78 1AA",
      county: "Tyrone",
      country: "United Kingdom",
      product_notifications: true,
      enterprises: ["Sheep"],
      animals: ["Ewes", "Ram"],
      flock_size: "101-200",
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: "Máire",
      surname: "Murphy",
      farmer_name: "Glen Farm",
      address2: "Upper Glen",
      town: "Omagh",
      county: "Tyrone",
      country: "United Kingdom",
      product_notifications: true,
      enterprises: [{ name: "Sheep" }],
      flock_size: "101-200",
    });
    const profile = await testApp.app.inject(
      asUser(user.token, { method: "GET", url: "/api/user" }),
    );
    expect(profile.json()).toEqual(response.json());
  });

  it("keeps absent fields and clears an optional one sent empty", async () => {
    const user = await registerUser(testApp.app);
    await saveSettings(testApp.app, user, { address2: "Lower Road" });
    const response = await saveSettings(testApp.app, user, { address2: "" });
    expect(response.json()).toMatchObject({ address2: null, town: "Macroom", name: "Mary" });
  });

  it("changes the password only with the current one, and ends other sessions", async () => {
    const user = await registerUser(testApp.app);
    const elsewhere = (await logIn(testApp.app, user.email ?? "", user.password)).json()
      .token as string;

    const missing = await saveSettings(testApp.app, user, {
      password: "new-pasture-2026",
      confirm_password: "new-pasture-2026",
    });
    expect(missing.json().error.issues).toEqual([
      { path: "body.current_password", message: accountMessages.currentPasswordRequired },
    ]);
    const wrong = await saveSettings(testApp.app, user, {
      current_password: "not-it",
      password: "new-pasture-2026",
      confirm_password: "new-pasture-2026",
    });
    expect(wrong.json().error.issues).toEqual([
      { path: "body.current_password", message: accountMessages.currentPasswordWrong },
    ]);
    const mismatch = await saveSettings(testApp.app, user, {
      current_password: user.password,
      password: "new-pasture-2026",
      confirm_password: "new-pasture-2027",
    });
    expect(mismatch.json().error.issues).toEqual([
      { path: "body.confirm_password", message: accountMessages.settingsPasswordMismatch },
    ]);

    const changed = await saveSettings(testApp.app, user, {
      current_password: user.password,
      password: "new-pasture-2026",
      confirm_password: "new-pasture-2026",
    });
    expect(changed.statusCode).toBe(200);
    expect((await logIn(testApp.app, user.email ?? "", "new-pasture-2026")).statusCode).toBe(200);
    expect((await logIn(testApp.app, user.email ?? "", user.password)).statusCode).toBe(401);
    const own = await testApp.app.inject(asUser(user.token, { method: "GET", url: "/api/user" }));
    const other = await testApp.app.inject(asUser(elsewhere, { method: "GET", url: "/api/user" }));
    expect([own.statusCode, other.statusCode]).toEqual([200, 401]);
    const [notice] = await readOutbox(testApp.database, user.email ?? "");
    expect(notice?.subject).toBe("Your VaxCal password was changed");
  });

  it("keeps the e-mail until the link sent to the new one is opened", async () => {
    const user = await registerUser(testApp.app);
    await verifyContacts(user);
    const response = await saveSettings(testApp.app, user, {
      email: "New.Address@Example.ie",
      current_password: user.password,
    });
    expect(response.json()).toMatchObject({
      email: user.email,
      username: user.email,
      pending_email: "new.address@example.ie",
    });
    expect(response.json().email_verified_at).not.toBeNull();
    await testApp.app.backgroundTasks.whenIdle();
    const [message] = await readOutbox(testApp.database, "new.address@example.ie");
    expect(message?.subject).toBe("Please confirm your email address for VaxCal");

    const link = /\/email\/verify\/[^\s]+/.exec(message?.bodyText ?? "")?.[0];
    const confirmed = await testApp.app.inject({ method: "GET", url: `/api${link}` });
    expect(confirmed.json()).toEqual({ message: accountMessages.emailVerified });
    expect(await readProfile(user)).toMatchObject({
      email: "new.address@example.ie",
      username: "new.address@example.ie",
      pending_email: null,
    });
    expect((await readProfile(user)).email_verified_at).not.toBeNull();
  });

  it("keeps the mobile until the code texted to the new one is typed", async () => {
    const user = await registerUser(testApp.app);
    await verifyContacts(user);
    const response = await saveSettings(testApp.app, user, {
      country_code: "+44",
      phone_number: "07400 123456",
      current_password: user.password,
    });
    expect(response.json()).toMatchObject({ phone: user.phone, pending_phone: "+447400123456" });
    expect(response.json().phone_verified_at).not.toBeNull();
    await testApp.app.backgroundTasks.whenIdle();
    const [text] = await readOutbox(testApp.database, "+447400123456");
    expect(text?.bodyText).toMatch(/^VaxCal code: \d{6}/);

    const code = /code: (\d{6})/.exec(text?.bodyText ?? "")?.[1];
    const confirmed = await testApp.app.inject(
      asUser(user.token, { method: "POST", url: "/api/mobile/verify", payload: { code } }),
    );
    expect(confirmed.json()).toEqual({ message: accountMessages.mobileVerified });
    expect(await readProfile(user)).toMatchObject({
      phone: "+447400123456",
      country_code: "+44",
      phone_number: "7400123456",
      pending_phone: null,
    });
  });

  it("keeps the verification when the same contact is saved again", async () => {
    const user = await registerUser(testApp.app);
    await verifyContacts(user);
    const profile = (
      await testApp.app.inject(asUser(user.token, { method: "GET", url: "/api/user" }))
    ).json();
    const response = await saveSettings(testApp.app, user, {
      email: profile.email,
      country_code: profile.country_code,
      phone_number: `0${profile.phone_number}`,
    });
    expect(response.json().email_verified_at).toBe(profile.email_verified_at);
    expect(response.json().phone_verified_at).toBe(profile.phone_verified_at);
  });

  it("needs an e-mail for e-mail notifications and a mobile for texts", async () => {
    const user = await registerUser(testApp.app, { phone_number: null });
    const response = await saveSettings(testApp.app, user, { notify_phone: true });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.issues).toEqual([
      { path: "body.notify_phone", message: accountMessages.notifyPhoneNeedsPhone },
    ]);
    const both = await saveSettings(testApp.app, user, {
      email: null,
      phone_number: null,
      current_password: user.password,
    });
    expect(both.json().error.issues).toEqual([
      { path: "body.email", message: accountMessages.contactRequired },
    ]);
  });

  it("needs an e-mail for e-mail notifications", async () => {
    const user = await registerUser(testApp.app, { email: null });
    const response = await saveSettings(testApp.app, user, { notify_email: true });
    expect(response.json().error.issues).toEqual([
      { path: "body.notify_email", message: accountMessages.notifyEmailNeedsEmail },
    ]);
  });

  it("switches notifications off for a contact that is removed", async () => {
    const user = await registerUser(testApp.app);
    const response = await saveSettings(testApp.app, user, {
      phone_number: null,
      current_password: user.password,
    });
    expect(response.json()).toMatchObject({ phone: null, notify_phone: false, notify_email: true });
  });

  it("answers an e-mail another account has exactly as a free one, and tells its owner", async () => {
    const asker = await registerUser(testApp.app);
    const owner = await registerUser(testApp.app);
    const freeEmail = `free.${asker.id}@example.ie`;
    const taken = await saveSettings(testApp.app, asker, {
      email: owner.email,
      current_password: asker.password,
    });
    testApp.clock.advanceMinutes(1);
    const free = await saveSettings(testApp.app, asker, {
      email: freeEmail,
      current_password: asker.password,
    });

    expect(taken.statusCode).toBe(free.statusCode);
    expect(taken.body.replace(owner.email ?? "", "<asked>")).toBe(
      free.body.replace(freeEmail, "<asked>"),
    );
    await testApp.app.backgroundTasks.whenIdle();
    const [notice] = await readOutbox(testApp.database, owner.email ?? "");
    expect(notice?.subject).toBe("Someone tried to use your email address on VaxCal");
    expect(notice?.bodyText).toContain(
      "Someone tried to use this email address for another VaxCal account. If it was you, you can ignore this message; no change was made.",
    );
    expect((await readProfile(owner)).email).toBe(owner.email);
    expect((await readProfile(asker)).email).toBe(asker.email);

    const [link] = await readOutbox(testApp.database, freeEmail);
    const path = /\/email\/verify\/[^\s]+/.exec(link?.bodyText ?? "")?.[0];
    await testApp.app.inject({ method: "GET", url: `/api${path}` });
    expect((await readProfile(asker)).email).toBe(freeEmail);
  });

  it("answers a mobile another account has exactly as a free one, and tells its owner", async () => {
    const asker = await registerUser(testApp.app);
    const owner = await registerUser(testApp.app);
    const freeMobile = `0861${String(asker.id).padStart(6, "0")}`;
    const nationalOwner = `0${(owner.phone ?? "").slice(4)}`;
    const taken = await saveSettings(testApp.app, asker, {
      country_code: "+353",
      phone_number: nationalOwner,
      current_password: asker.password,
    });
    testApp.clock.advanceMinutes(1);
    const free = await saveSettings(testApp.app, asker, {
      country_code: "+353",
      phone_number: freeMobile,
      current_password: asker.password,
    });

    const freeE164 = `+353${freeMobile.slice(1)}`;
    expect(taken.statusCode).toBe(free.statusCode);
    expect(taken.body.replace(owner.phone ?? "", "<asked>")).toBe(
      free.body.replace(freeE164, "<asked>"),
    );
    await testApp.app.backgroundTasks.whenIdle();
    const [notice] = await readOutbox(testApp.database, owner.phone ?? "");
    expect(notice?.bodyText).toBe(
      "VaxCal: someone tried to use this mobile number for another VaxCal account. If it was you, you can ignore this text; no change was made.",
    );
    expect((await readProfile(owner)).phone).toBe(owner.phone);
    expect((await readProfile(asker)).phone).toBe(asker.phone);

    const [text] = await readOutbox(testApp.database, freeE164);
    const code = /code: (\d{6})/.exec(text?.bodyText ?? "")?.[1];
    await testApp.app.inject(
      asUser(asker.token, { method: "POST", url: "/api/mobile/verify", payload: { code } }),
    );
    expect((await readProfile(asker)).phone).toBe(freeE164);
  });

  it("keeps the current contact while a new one waits for confirmation", async () => {
    const user = await registerUser(testApp.app, { email: null });
    const response = await saveSettings(testApp.app, user, {
      email: `swap.${user.id}@example.ie`,
      phone_number: null,
      current_password: user.password,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.issues).toEqual([
      { path: "body.email", message: accountMessages.keepContactUntilConfirmed },
    ]);
    expect(await readProfile(user)).toMatchObject({ phone: user.phone, pending_email: null });
  });

  it("offers the 32 counties and Ireland or the United Kingdom only", async () => {
    const user = await registerUser(testApp.app);
    const response = await saveSettings(testApp.app, user, {
      county: "Yorkshire",
      country: "Other",
    });
    expect(response.json().error.issues).toEqual([
      { path: "body.county", message: accountMessages.countyRequired },
      { path: "body.country", message: accountMessages.countryRequired },
    ]);
  });

  it("saves nothing when anything is invalid", async () => {
    const user = await registerUser(testApp.app);
    const response = await saveSettings(testApp.app, user, {
      town: "Bandon",
      phone_number: "0123",
    });
    expect(response.statusCode).toBe(400);
    const profile = await testApp.app.inject(
      asUser(user.token, { method: "GET", url: "/api/user" }),
    );
    expect(profile.json().town).toBe("Macroom");
  });

  it("needs a login", async () => {
    const response = await testApp.app.inject({
      method: "PUT",
      url: "/api/user/settings",
      payload: { town: "Bandon" },
    });
    expect(response.statusCode).toBe(401);
  });
});
