import {
  ErrorCode,
  accountMessages,
  accountPaths,
  type ErrorBody,
  type RegisterRequest,
  type RegisterResponse,
} from "@vaxcal/contracts";
import { act, screen, waitFor, within } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import { http, HttpResponse, delay } from "msw";
import { describe, expect, it, onTestFinished } from "vitest";
import { StorageKey } from "../../../../config/storage-keys.ts";
import { authResponseFixture } from "../../../../testing/mocks/account-fixtures.ts";
import { server } from "../../../../testing/mocks/server.ts";
import { renderApp } from "../../../../testing/render-app.tsx";
import { ModalName, openModal } from "../../../../stores/modals.ts";
import {
  clearRegistrationPrefill,
  offerRegistrationPrefill,
} from "../../../../stores/registration-prefill.ts";
import { registrationLockMs } from "../../auth-messages.ts";
import { resetRegisterWizard } from "../../stores/register-wizard-store.ts";

async function openRegister() {
  resetRegisterWizard();
  const view = renderApp("/logged-out");
  await screen.findByRole("heading", { level: 1 });
  act(() => openModal(ModalName.register));
  const dialog = within(screen.getByRole("dialog", { name: "Register with VaxCal" }));
  // The wizard's code downloads when the modal first opens (app/modal-host.tsx).
  await dialog.findByLabelText("First name");
  return { ...view, dialog };
}

type Dialog = ReturnType<typeof within>;

async function fillStep1(
  user: UserEvent,
  dialog: Dialog,
  contacts = { email: "aoife@example.ie", mobile: "087 123 4567" },
) {
  await user.type(dialog.getByLabelText("First name"), "Aoife");
  await user.type(dialog.getByLabelText("Surname"), "Byrne");
  if (contacts.mobile) await user.type(dialog.getByLabelText("Mobile number"), contacts.mobile);
  if (contacts.email) await user.type(dialog.getByLabelText("Email address"), contacts.email);
}

async function fillStep2(user: UserEvent, dialog: Dialog) {
  await user.type(dialog.getByLabelText("Password"), "green fields in May");
  await user.type(dialog.getByLabelText("Confirm password"), "green fields in May");
  await user.click(dialog.getByLabelText(/I agree to the terms/));
}

/** Opens the folded farm name and address (decision 429). */
async function openAddress(user: UserEvent, dialog: Dialog) {
  await user.click(dialog.getByRole("button", { name: /Add your farm name and address/ }));
}

/** The server refuses the registration with these field messages. */
function refuseFields(issues: { path: string; message: string }[]) {
  server.use(
    http.post(accountPaths.register, () =>
      HttpResponse.json<ErrorBody>(
        { error: { code: ErrorCode.validation, message: "Some fields are not valid.", issues } },
        { status: 400 },
      ),
    ),
  );
}

function readCounter() {
  return document.querySelector(".dialog__counter")?.textContent;
}

describe("register wizard step 1 (docs/product.md §5 'Farmer registration step 1')", () => {
  it("shows every message of an empty step on Next step and stays on step 1", async () => {
    const { user, dialog } = await openRegister();
    expect(readCounter()).toBe("(1/2)");

    await user.click(dialog.getByRole("button", { name: "Next step" }));

    for (const message of [
      accountMessages.nameRequired,
      accountMessages.surnameRequired,
      accountMessages.emailOrMobileRequired,
    ]) {
      expect(await dialog.findByText(message)).toBeInTheDocument();
    }
    expect(readCounter()).toBe("(1/2)");
    expect(dialog.getByLabelText("First name")).toHaveAttribute("aria-invalid", "true");
    expect(dialog.getByLabelText("First name")).toHaveFocus();
  });

  it("asks no postal address: it is folded away, optional, and says what it is for (decision 429)", async () => {
    const { user, dialog } = await openRegister();
    expect(dialog.queryByLabelText(/Address line 1/)).not.toBeInTheDocument();
    expect(dialog.queryByLabelText(/Eircode/)).not.toBeInTheDocument();
    const toggle = dialog.getByRole("button", { name: /Add your farm name and address/ });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    expect(dialog.getByText(/your vet practice sees your town and county/)).toBeVisible();
    expect(dialog.getByText(/later in Settings/)).toBeVisible();
    expect(dialog.getByLabelText(/Address line 1/)).toBeInTheDocument();
    expect(dialog.getByLabelText(/Town/)).toBeInTheDocument();
    expect(dialog.getByLabelText(/Eircode/)).toBeInTheDocument();

    await fillStep1(user, dialog, { email: "", mobile: "0871234567" });
    await user.click(dialog.getByRole("button", { name: "Next step" }));
    expect(await dialog.findByLabelText("Confirm password")).toBeInTheDocument();
  });

  it("takes the mobile alone: e-mail or mobile is enough (docs/product.md D6)", async () => {
    const { user, dialog } = await openRegister();
    await fillStep1(user, dialog, { email: "", mobile: "0871234567" });

    await user.click(dialog.getByRole("button", { name: "Next step" }));

    expect(await dialog.findByLabelText("Confirm password")).toBeInTheDocument();
    expect(readCounter()).toBe("(2/2)");
  });

  it("checks an e-mail that is given", async () => {
    const { user, dialog } = await openRegister();
    await fillStep1(user, dialog, { email: "aoife@", mobile: "" });
    await user.click(dialog.getByRole("button", { name: "Next step" }));

    expect(await dialog.findByText(accountMessages.emailInvalid)).toBeInTheDocument();
    expect(dialog.getByLabelText("Email address")).toHaveAttribute("aria-invalid", "true");
  });

  it.each([
    { code: "+353", typed: "087 123 4567", isValid: true },
    { code: "+353", typed: "353 87 123 4567", isValid: true },
    { code: "+353", typed: "01 234 5678", isValid: false },
    { code: "+353", typed: "12", isValid: false },
    { code: "+44", typed: "07400 123456", isValid: true },
    { code: "+44", typed: "0871234567", isValid: false },
    // Guernsey and Ofcom's drama range look like UK mobiles but are not (docs/decisions, record 201).
    { code: "+44", typed: "07781 123456", isValid: false },
    { code: "+44", typed: "07700 900123", isValid: false },
  ])("checks $code $typed live: valid is $isValid", async ({ code, typed, isValid }) => {
    const { user, dialog } = await openRegister();
    await user.selectOptions(dialog.getByLabelText("Country code"), code);
    await user.type(dialog.getByLabelText("Mobile number"), typed);
    await user.tab();

    if (isValid) {
      await waitFor(() =>
        expect(dialog.getByLabelText("Mobile number")).not.toHaveAttribute("aria-invalid"),
      );
      expect(dialog.queryByText(accountMessages.mobileInvalid)).not.toBeInTheDocument();
    } else {
      expect(await dialog.findByText(accountMessages.mobileInvalid)).toBeInTheDocument();
    }
  });

  it("offers the 26 counties for Ireland, free text otherwise, and clears the county on leaving Ireland", async () => {
    const { user, dialog } = await openRegister();
    await openAddress(user, dialog);
    const county = dialog.getByLabelText(/County/);
    expect(within(county).getAllByRole("option")).toHaveLength(27);
    await user.selectOptions(county, "Galway");

    await user.selectOptions(dialog.getByLabelText("Country"), "Northern Ireland");

    const freeText = dialog.getByRole("textbox", { name: /County/ });
    expect(freeText).toHaveValue("");
    await user.type(freeText, "Antrim");
    expect(freeText).toHaveValue("Antrim");
    expect(
      within(dialog.getByLabelText("Country"))
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["Ireland", "Northern Ireland", "Other"]);
  });

  it("offers only +353 (default) and +44", async () => {
    const { dialog } = await openRegister();
    const select = dialog.getByLabelText("Country code");
    expect(select).toHaveValue("+353");
    expect(
      within(select)
        .getAllByRole("option")
        .map((option) => option.getAttribute("value")),
    ).toEqual(["+353", "+44"]);
  });

  it("needs only the terms box among the consents (docs/product.md D7), asked beside the password", async () => {
    const { user, dialog } = await reachStep2();
    expect(dialog.getByLabelText(/free reminders/)).not.toBeChecked();
    expect(dialog.getByLabelText(/news about animal-health products/)).not.toBeChecked();
    await user.type(dialog.getByLabelText("Password"), "green fields in May");
    await user.type(dialog.getByLabelText("Confirm password"), "green fields in May");

    await user.click(dialog.getByRole("button", { name: "Finish registration" }));

    expect(await dialog.findByText(accountMessages.termsRequired)).toBeInTheDocument();
    expect(readCounter()).toBe("(2/2)");
  });

  it("shows the terms and privacy text on request, naming the data controller and no fee", async () => {
    const { user, dialog } = await reachStep2();
    await user.click(dialog.getByText("Read the terms and privacy notice"));

    expect(dialog.getByText(/an animal-health company based in Dublin/)).toBeVisible();
    expect(dialog.getByText(/free of charge/)).toBeVisible();
    expect(screen.getByRole("dialog").textContent).not.toMatch(/€|6\.35/);
  });
});

describe("register wizard step 2 (docs/product.md §5; D9)", () => {
  it("says 'The two passwords must match.' live, and Go back returns to step 1 with the details kept", async () => {
    const { user, dialog } = await openRegister();
    await fillStep1(user, dialog);
    await user.click(dialog.getByRole("button", { name: "Next step" }));
    await dialog.findByLabelText("Confirm password");

    await user.type(dialog.getByLabelText("Password"), "green fields");
    await user.type(dialog.getByLabelText("Confirm password"), "green");
    expect(dialog.getByText(accountMessages.passwordMismatch)).toBeInTheDocument();
    await user.type(dialog.getByLabelText("Confirm password"), " fields");
    expect(dialog.queryByText(accountMessages.passwordMismatch)).not.toBeInTheDocument();
    // The first password changing brings it back.
    await user.type(dialog.getByLabelText("Password"), "!");
    expect(dialog.getByText(accountMessages.passwordMismatch)).toBeInTheDocument();

    await user.click(dialog.getByRole("button", { name: "Go back" }));
    expect(readCounter()).toBe("(1/2)");
    expect(dialog.getByLabelText("First name")).toHaveValue("Aoife");
  });

  it("refuses a password under 8 characters on the step where it is typed", async () => {
    const { user, dialog } = await reachStep2();
    await user.type(dialog.getByLabelText("Password"), "short");
    await user.type(dialog.getByLabelText("Confirm password"), "short");
    await user.click(dialog.getByLabelText(/I agree to the terms/));

    await user.click(dialog.getByRole("button", { name: "Finish registration" }));

    expect(await dialog.findByText(accountMessages.passwordTooShort)).toBeInTheDocument();
    expect(readCounter()).toBe("(2/2)");
  });

  it("shows the server's 'too common' beside the password, without leaving the step (decision 429)", async () => {
    refuseFields([{ path: "body.password", message: accountMessages.passwordTooCommon }]);
    const { user, dialog } = await reachStep2();
    await fillStep2(user, dialog);

    await user.click(dialog.getByRole("button", { name: "Finish registration" }));

    expect(await dialog.findAllByText(accountMessages.passwordTooCommon)).not.toHaveLength(0);
    expect(readCounter()).toBe("(2/2)");
    expect(dialog.getByLabelText("Password")).toHaveAttribute("aria-invalid", "true");
  });
});

async function reachStep2() {
  const view = await openRegister();
  await fillStep1(view.user, view.dialog);
  await view.user.click(view.dialog.getByRole("button", { name: "Next step" }));
  await view.dialog.findByLabelText("Confirm password");
  return view;
}

async function reachFinish() {
  const view = await reachStep2();
  await fillStep2(view.user, view.dialog);
  return view;
}

describe("the farm on step 1 (docs/product.md §2; D10)", () => {
  it("starts with the farm of the calendar being saved ticked, so it is not asked again", async () => {
    offerRegistrationPrefill({ enterprises: ["Dairy"], animals: ["Cows"] });
    onTestFinished(clearRegistrationPrefill);
    const { dialog } = await openRegister();

    expect(dialog.getByLabelText("Dairy")).toBeChecked();
    expect(dialog.getByLabelText("Beef")).not.toBeChecked();
    expect(
      within(dialog.getByRole("group", { name: "Animals" })).getByLabelText("Cows"),
    ).toBeChecked();
    // The size is not in the calendar, so it is the one thing left to choose.
    expect(dialog.getByLabelText("Herd size")).toHaveValue("");
  });

  it("shows animals once an enterprise is ticked, and herd or flock size to match", async () => {
    const { user, dialog } = await openRegister();
    expect(dialog.getByText("Select your enterprise and animals:")).toBeInTheDocument();
    expect(dialog.queryByRole("group", { name: "Animals" })).not.toBeInTheDocument();
    expect(dialog.queryByLabelText("Herd size")).not.toBeInTheDocument();

    await user.click(dialog.getByLabelText("Sheep"));
    const animals = within(dialog.getByRole("group", { name: "Animals" }));
    expect(animals.getAllByRole("checkbox").map((box) => box.getAttribute("value"))).toEqual([
      "Ewes",
      "Lamb",
      "Hoggets",
      "Ram",
    ]);
    expect(dialog.getByLabelText("Flock size")).toBeInTheDocument();
    expect(
      within(dialog.getByLabelText("Flock size"))
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["Select flock size", "1-50", "51-100", "101-200", "200+"]);
    expect(dialog.queryByLabelText("Herd size")).not.toBeInTheDocument();

    await user.click(dialog.getByLabelText("Beef"));
    expect(dialog.getByLabelText("Herd size")).toBeInTheDocument();
  });

  it("asks for herd and flock size when their enterprises are ticked", async () => {
    const { user, dialog } = await openRegister();
    await fillStep1(user, dialog);
    await user.click(dialog.getByLabelText("Dairy"));
    await user.click(dialog.getByLabelText("Sheep"));

    await user.click(dialog.getByRole("button", { name: "Next step" }));

    expect(await dialog.findByText(accountMessages.herdSizeRequired)).toBeInTheDocument();
    expect(dialog.getByText(accountMessages.flockSizeRequired)).toBeInTheDocument();
  });
});

describe("finishing the registration", () => {
  it("sends the spec's payload, says 'You have successfully registered…', signs in and starts again at step 1", async () => {
    let sent: RegisterRequest | undefined;
    server.use(
      http.post(accountPaths.register, async ({ request }) => {
        sent = (await request.json()) as RegisterRequest;
        return HttpResponse.json<RegisterResponse>(
          { success: true, message: accountMessages.registered, ...authResponseFixture },
          { status: 201 },
        );
      }),
    );
    const { user, dialog } = await openRegister();
    await fillStep1(user, dialog);
    await user.click(dialog.getByLabelText("Dairy"));
    await user.click(dialog.getByLabelText("Cows"));
    await user.selectOptions(dialog.getByLabelText("Herd size"), "51-100");
    await user.click(dialog.getByRole("button", { name: "Next step" }));
    await dialog.findByLabelText("Confirm password");
    await fillStep2(user, dialog);

    await user.click(dialog.getByRole("button", { name: "Finish registration" }));

    expect(await screen.findByText(accountMessages.registered)).toBeInTheDocument();
    expect(sent).toMatchObject({
      name: "Aoife",
      surname: "Byrne",
      email: "aoife@example.ie",
      username: "aoife@example.ie",
      country_code: "+353",
      phone_number: "0871234567",
      farmer_name: null,
      address1: null,
      town: null,
      eircode: null,
      county: null,
      country: "Ireland",
      agree_to_terms: true,
      product_notifications: false,
      vaccination_notifications: false,
      password: "green fields in May",
      password_confirmation: "green fields in May",
      user_enterprises: ["Dairy"],
      user_animals: ["Cows"],
      herd_size: "51-100",
      flock_size: null,
      vet_id: null,
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(window.localStorage.getItem(StorageKey.authToken)).toBe(authResponseFixture.token);
    expect(window.localStorage.getItem(StorageKey.isAuthenticated)).toBe("true");
    expect(screen.getByRole("link", { name: "Hello, Aoife" })).toHaveAttribute("href", "/settings");

    act(() => openModal(ModalName.register));
    expect(readCounter()).toBe("(1/2)");
    expect(screen.getByLabelText("First name")).toHaveValue("");
  });

  it("lists the server's field errors, highlights the e-mail and goes back to it", async () => {
    refuseFields([
      { path: "body.email", message: accountMessages.emailTaken },
      { path: "body.password", message: accountMessages.passwordTooCommon },
    ]);
    const { user, dialog } = await reachFinish();

    await user.click(dialog.getByRole("button", { name: "Finish registration" }));

    const alert = await dialog.findByRole("alert");
    expect(within(alert).getByText(accountMessages.emailTaken)).toBeInTheDocument();
    expect(within(alert).getByText(accountMessages.passwordTooCommon)).toBeInTheDocument();
    expect(readCounter()).toBe("(1/2)");
    expect(dialog.getByLabelText("Email address")).toHaveAttribute("aria-invalid", "true");
  });

  it.each([
    {
      name: "a server message without field errors, as it is",
      reply: () =>
        HttpResponse.json<ErrorBody>(
          { error: { code: ErrorCode.rateLimited, message: accountMessages.tooManyRequests } },
          { status: 429 },
        ),
      text: accountMessages.tooManyRequests,
    },
    {
      name: "'Registration failed' for a reply that is not a success",
      reply: () => HttpResponse.json({ success: false }, { status: 200 }),
      text: "Registration failed",
    },
    {
      name: "'An error occurred' when the call fails",
      reply: () => HttpResponse.error(),
      text: "An error occurred",
    },
  ])("shows $name", async ({ reply, text }) => {
    server.use(http.post(accountPaths.register, reply));
    const { user, dialog } = await reachFinish();

    await user.click(dialog.getByRole("button", { name: "Finish registration" }));

    expect(await dialog.findByRole("alert")).toHaveTextContent(text);
    expect(readCounter()).toBe("(2/2)");
  });

  it("locks Finish registration while the call runs and for about a second after", async () => {
    server.use(
      http.post(accountPaths.register, async () => {
        await delay(150);
        return HttpResponse.json<ErrorBody>(
          { error: { code: ErrorCode.internal, message: "Something went wrong on our side." } },
          { status: 500 },
        );
      }),
    );
    const { user, dialog } = await reachFinish();

    await user.click(dialog.getByRole("button", { name: "Finish registration" }));
    expect(dialog.getByRole("button", { name: /Registering/ })).toBeDisabled();
    await dialog.findByRole("alert");
    const answeredAt = performance.now();
    expect(dialog.getByRole("button", { name: "Finish registration" })).toBeDisabled();

    await waitFor(
      () => expect(dialog.getByRole("button", { name: "Finish registration" })).toBeEnabled(),
      {
        timeout: registrationLockMs + 1000,
      },
    );
    expect(performance.now() - answeredAt).toBeGreaterThanOrEqual(registrationLockMs - 100);
  });
});

describe("the register wizard on a pre-launch host (jsdom is localhost)", () => {
  it("offers the vet picker and sends the chosen practice's id", async () => {
    let sent: RegisterRequest | undefined;
    server.use(
      http.post(accountPaths.register, async ({ request }) => {
        sent = (await request.json()) as RegisterRequest;
        return HttpResponse.json<RegisterResponse>(
          { success: true, message: accountMessages.registered, ...authResponseFixture },
          { status: 201 },
        );
      }),
    );
    const { user, dialog } = await openRegister();
    await fillStep1(user, dialog);
    const picker = dialog.getByRole("combobox", {
      name: "Do you want to share your calendars with your vet?",
    });
    expect(picker).toHaveAttribute("placeholder", "Search for a vet...");
    await user.type(picker, "RIVER");
    await user.keyboard("{ArrowDown}{Enter}");
    expect(picker).toHaveValue("Riverside Veterinary, Macroom");

    await user.click(dialog.getByRole("button", { name: "Next step" }));
    await fillStep2(user, await dialog.findByLabelText("Password").then(() => dialog));
    await user.click(dialog.getByRole("button", { name: "Finish registration" }));

    await screen.findByText(accountMessages.registered);
    expect(sent?.vet_id).toBe(1);
  });
});
