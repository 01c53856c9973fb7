import {
  ErrorCode,
  accountMessages,
  accountPaths,
  securityMessages,
  type ErrorBody,
  type UpdateSettingsRequest,
  type UserProfile,
} from "@vaxcal/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import { delay, http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { StorageKey } from "../../../config/storage-keys.ts";
import { farmerFixture } from "../../../testing/mocks/account-fixtures.ts";
import { server } from "../../../testing/mocks/server.ts";
import { renderApp } from "../../../testing/render-app.tsx";

const saved = "Settings saved successfully!";

function signIn(overrides: Partial<UserProfile> = {}) {
  const user = { ...farmerFixture, ...overrides };
  window.localStorage.setItem(StorageKey.authToken, "stored-token");
  window.localStorage.setItem(StorageKey.isAuthenticated, "true");
  server.use(http.get(accountPaths.user, () => HttpResponse.json<UserProfile>(user)));
  return user;
}

async function openSettings(overrides: Partial<UserProfile> = {}) {
  signIn(overrides);
  const view = renderApp("/settings");
  await screen.findByRole("button", { name: "Save settings" });
  return view;
}

/** Answers every save with the fixture and keeps the last payload. */
function captureSaves() {
  const saves: { sent?: UpdateSettingsRequest } = {};
  server.use(
    http.put(accountPaths.settings, async ({ request }) => {
      saves.sent = (await request.json()) as UpdateSettingsRequest;
      return HttpResponse.json<UserProfile>(farmerFixture);
    }),
  );
  return saves;
}

describe("account settings (docs/product.md §2, §5)", () => {
  it("shows 'Loading...' until the user is loaded, then every section", async () => {
    signIn();
    server.use(
      http.get(accountPaths.user, async () => {
        await delay(50);
        return HttpResponse.json<UserProfile>(farmerFixture);
      }),
    );
    renderApp("/settings");

    const main = within(await screen.findByRole("main"));
    expect(main.getByRole("status")).toHaveTextContent("Loading...");
    await screen.findByRole("button", { name: "Save settings" });
    for (const section of [
      "Account details",
      "Farm info",
      "Notification settings",
      "Farm details",
      "Vet settings",
    ]) {
      expect(screen.getByRole("heading", { level: 2, name: section })).toBeInTheDocument();
    }
    expect(screen.getByRole("group", { name: "Notification preference" })).toBeInTheDocument();
    expect(screen.getByLabelText("First name")).toHaveValue("Aoife");
    expect(screen.getByLabelText("Mobile number")).toHaveValue("871234567");
  });

  // Issue 25 item 8 (decision 430): the page is long on a phone; its sections are listed first.
  it("lists its sections at the top, and each link takes the farmer to its section", async () => {
    const { user } = await openSettings();
    const sections = within(await screen.findByRole("navigation", { name: "Settings sections" }));
    const heading = screen.getByRole("heading", { level: 1, name: "Account settings" });
    const list = screen.getByRole("navigation", { name: "Settings sections" });
    // Straight under the page's heading, before any section.
    expect(heading.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(
      list.compareDocumentPosition(
        screen.getByRole("heading", { level: 2, name: "Account details" }),
      ) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    for (const name of [
      "Vaccination reminders",
      "Account details",
      "Farm info",
      "Notification settings",
      "Farm details",
      "Vet settings",
    ]) {
      expect(sections.getByRole("link", { name })).toBeInTheDocument();
    }

    await user.click(sections.getByRole("link", { name: "Vet settings" }));
    expect(screen.getByRole("heading", { level: 2, name: "Vet settings" })).toHaveFocus();
  });

  it("offers the 32 counties and Ireland or United Kingdom", async () => {
    await openSettings();
    const counties = within(screen.getByLabelText("County")).getAllByRole("option");
    expect(counties).toHaveLength(33);
    expect(counties.map((option) => option.textContent)).toEqual(
      expect.arrayContaining(["Antrim", "Armagh", "Derry", "Down", "Fermanagh", "Tyrone", "Cork"]),
    );
    expect(
      within(screen.getByLabelText("Country"))
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Select country", "Ireland", "United Kingdom"]);
  });

  it("says 'Settings saved successfully!' only once the server has confirmed the save", async () => {
    let sent: UpdateSettingsRequest | undefined;
    let confirmSave: () => void = () => {};
    const confirmed = new Promise<void>((resolve) => (confirmSave = resolve));
    server.use(
      http.put(accountPaths.settings, async ({ request }) => {
        sent = (await request.json()) as UpdateSettingsRequest;
        await confirmed;
        return HttpResponse.json<UserProfile>({ ...farmerFixture, town: "Athlone" });
      }),
    );
    const { user } = await openSettings();
    await user.clear(screen.getByLabelText(/^Town/));
    await user.type(screen.getByLabelText(/^Town/), "Athlone");

    await user.click(screen.getByRole("button", { name: "Save settings" }));

    expect(await screen.findByRole("button", { name: "Saving…" })).toBeDisabled();
    expect(screen.queryByText(saved)).not.toBeInTheDocument();
    confirmSave();
    expect(await screen.findByText(saved)).toBeInTheDocument();
    expect(sent).toMatchObject({ town: "Athlone", name: "Aoife", phone_number: "871234567" });
    // The password goes only when it is changed (docs/product.md §7).
    expect(sent).not.toHaveProperty("password");
    expect(sent).not.toHaveProperty("current_password");
  });

  it.each([
    {
      name: "the server's reasons",
      reply: () =>
        HttpResponse.json<ErrorBody>(
          {
            error: {
              code: ErrorCode.validation,
              message: accountMessages.keepContactUntilConfirmed,
              issues: [{ path: "body.email", message: accountMessages.keepContactUntilConfirmed }],
            },
          },
          { status: 400 },
        ),
      text: accountMessages.keepContactUntilConfirmed,
    },
    {
      name: "a plain reason when the call fails",
      reply: () => HttpResponse.error(),
      text: "Please check your signal and try again.",
    },
  ])("says the settings were not saved, with $name, and never 'saved'", async ({ reply, text }) => {
    server.use(http.put(accountPaths.settings, reply));
    const { user } = await openSettings();

    await user.click(screen.getByRole("button", { name: "Save settings" }));

    const main = within(screen.getByRole("main"));
    const alert = await main.findByRole("alert");
    expect(alert).toHaveTextContent("Your settings were not saved.");
    expect(alert).toHaveTextContent(text);
    expect(screen.queryByText(saved)).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Save settings" })).toBeEnabled();
  });

  it("highlights the field the server refused", async () => {
    server.use(
      http.put(accountPaths.settings, () =>
        HttpResponse.json<ErrorBody>(
          {
            error: {
              code: ErrorCode.validation,
              message: accountMessages.keepContactUntilConfirmed,
              issues: [{ path: "body.email", message: accountMessages.keepContactUntilConfirmed }],
            },
          },
          { status: 400 },
        ),
      ),
    );
    const { user } = await openSettings();
    await user.click(screen.getByRole("button", { name: "Save settings" }));

    await waitFor(() =>
      expect(screen.getByLabelText("Email address")).toHaveAttribute("aria-invalid", "true"),
    );
  });

  it("says 'Passwords do not match' and asks for the current password to change it", async () => {
    const { user } = await openSettings();

    await user.type(screen.getByLabelText("New password"), "green fields in May");
    await user.type(screen.getByLabelText("Confirm new password"), "green fields");
    expect(screen.getByText("Passwords do not match")).toBeInTheDocument();
    await user.type(screen.getByLabelText("Confirm new password"), " in May");
    expect(screen.queryByText("Passwords do not match")).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Save settings" }));
    expect(await screen.findByText(accountMessages.currentPasswordRequired)).toBeInTheDocument();
  });

  it("sends the password change with the current password", async () => {
    const saves = captureSaves();
    const { user } = await openSettings();
    await user.type(screen.getByLabelText("Current password"), "old password here");
    await user.type(screen.getByLabelText("New password"), "green fields in May");
    await user.type(screen.getByLabelText("Confirm new password"), "green fields in May");

    await user.click(screen.getByRole("button", { name: "Save settings" }));

    expect(await screen.findByText(saved)).toBeInTheDocument();
    expect(saves.sent).toMatchObject({
      current_password: "old password here",
      password: "green fields in May",
      confirm_password: "green fields in May",
    });
    expect(screen.getByLabelText("New password")).toHaveValue("");
  });

  it("asks for the current password before it changes the e-mail, and sends it along", async () => {
    const saves = captureSaves();
    const { user } = await openSettings();
    await user.clear(screen.getByLabelText("Email address"));
    await user.type(screen.getByLabelText("Email address"), "new.address@example.ie");
    expect(screen.getByLabelText("Current password")).toHaveAccessibleDescription(
      /enter your current password/,
    );

    await user.click(screen.getByRole("button", { name: "Save settings" }));
    expect(
      await screen.findByText(securityMessages.currentPasswordForContactChange),
    ).toBeInTheDocument();
    expect(saves.sent).toBeUndefined();

    await user.type(screen.getByLabelText("Current password"), "old password here");
    await user.click(screen.getByRole("button", { name: "Save settings" }));
    expect(await screen.findByText(saved)).toBeInTheDocument();
    expect(saves.sent).toMatchObject({
      email: "new.address@example.ie",
      current_password: "old password here",
    });
    expect(saves.sent).not.toHaveProperty("password");
  });

  it("says a new e-mail and mobile wait until they are confirmed, and takes the code for the new mobile", async () => {
    let code: unknown;
    server.use(
      http.put(accountPaths.settings, () =>
        HttpResponse.json<UserProfile>({
          ...farmerFixture,
          email_verified_at: "2026-03-01T10:00:00.000Z",
          pending_email: "new.address@example.ie",
          pending_phone: "+353861234567",
        }),
      ),
      http.post(accountPaths.mobileVerify, async ({ request }) => {
        code = ((await request.json()) as { code: unknown }).code;
        return HttpResponse.json({ message: accountMessages.mobileVerified });
      }),
    );
    const { user } = await openSettings({ email_verified_at: "2026-03-01T10:00:00.000Z" });
    await user.clear(screen.getByLabelText("Email address"));
    await user.type(screen.getByLabelText("Email address"), "new.address@example.ie");
    await user.type(screen.getByLabelText("Current password"), "old password here");
    await user.click(screen.getByRole("button", { name: "Save settings" }));

    expect(
      await screen.findByText(
        "Settings saved. Your new email address or mobile number will be used once you confirm it with the link or code we sent to it. Until then we keep your current details.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(saved)).not.toBeInTheDocument();
    const verification = within(
      screen.getByRole("region", { name: "Verify your contact details" }),
    );
    expect(verification.getByText(/Your new email address/)).toHaveTextContent(
      "Your new email address new.address@example.ie is waiting for confirmation.",
    );
    expect(verification.getByText(/Your new mobile number/)).toHaveTextContent(
      "Your new mobile number +353861234567 is waiting for confirmation.",
    );
    expect(verification.queryByText(/is not verified yet/)).not.toBeInTheDocument();
    await user.type(verification.getByLabelText("Code from the text message"), "654321");
    await user.click(verification.getByRole("button", { name: "Verify mobile" }));
    expect(await screen.findByText(accountMessages.mobileVerified)).toBeInTheDocument();
    expect(code).toBe("654321");
  });

  it("disables e-mail notifications without an e-mail, and texts without a mobile", async () => {
    const { user } = await openSettings({ email: null, notify_email: false });
    expect(screen.getByRole("checkbox", { name: /Email reminders/ })).toBeDisabled();
    expect(screen.getByRole("checkbox", { name: /Text message reminders/ })).toBeEnabled();

    await user.clear(screen.getByLabelText("Mobile number"));
    const texts = screen.getByRole("checkbox", { name: /Text message reminders/ });
    expect(texts).toBeDisabled();
    expect(texts).not.toBeChecked();

    await user.type(screen.getByLabelText("Email address"), "aoife@example.ie");
    expect(screen.getByRole("checkbox", { name: /Email reminders/ })).toBeEnabled();
  });

  it("offers a failed load again with Try again", async () => {
    signIn();
    server.use(http.get(accountPaths.user, () => HttpResponse.error()));
    const { user } = renderApp("/settings");

    const main = within(await screen.findByRole("main"));
    expect(await main.findByRole("alert")).toHaveTextContent(
      "We could not load your account settings.",
    );
    server.use(http.get(accountPaths.user, () => HttpResponse.json<UserProfile>(farmerFixture)));
    await user.click(main.getByRole("button", { name: "Try again" }));
    expect(await main.findByRole("button", { name: "Save settings" })).toBeInTheDocument();
  });

  it("verifies the mobile with the code from the text and resends the e-mail link", async () => {
    let code: unknown;
    server.use(
      http.post(accountPaths.mobileVerify, async ({ request }) => {
        code = ((await request.json()) as { code: unknown }).code;
        return HttpResponse.json({ message: accountMessages.mobileVerified });
      }),
    );
    const { user } = await openSettings();
    const verification = within(
      screen.getByRole("region", { name: "Verify your contact details" }),
    );

    await user.type(verification.getByLabelText("Code from the text message"), "123 456");
    await user.click(verification.getByRole("button", { name: "Verify mobile" }));
    expect(await screen.findByText(accountMessages.mobileVerified)).toBeInTheDocument();
    expect(code).toBe("123456");

    await user.click(verification.getByRole("button", { name: "Resend verification email" }));
    expect(await screen.findByText(accountMessages.emailVerificationSent)).toBeInTheDocument();
  });

  it("says 'SMS verification failed' when the code cannot be checked", async () => {
    server.use(http.post(accountPaths.mobileVerify, () => HttpResponse.error()));
    const { user } = await openSettings();

    await user.type(screen.getByLabelText("Code from the text message"), "123456");
    await user.click(screen.getByRole("button", { name: "Verify mobile" }));

    expect(await screen.findByText("SMS verification failed")).toBeInTheDocument();
  });

  it("shows the vet search on a pre-launch host (jsdom is localhost)", async () => {
    await openSettings();
    expect(
      screen.getByRole("combobox", { name: "Do you want to share your calendars with your vet?" }),
    ).toBeInTheDocument();
  });
});
