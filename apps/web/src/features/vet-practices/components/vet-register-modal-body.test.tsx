import {
  accountMessages,
  vetPracticeMessages,
  vetPracticePaths,
  type VetRegisterRequest,
} from "@vaxcal/contracts";
import { act, screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { authResponseFixture } from "../../../testing/mocks/account-fixtures.ts";
import { server } from "../../../testing/mocks/server.ts";
import { renderApp } from "../../../testing/render-app.tsx";
import { ModalName, openModal } from "../../../stores/modals.ts";
import { resetVetRegister } from "../stores/vet-register-store.ts";

async function openVetRegister() {
  resetVetRegister();
  const view = renderApp("/logged-out");
  await screen.findByRole("heading", { level: 1 });
  act(() => openModal(ModalName.vetRegister));
  const dialogElement = screen.getByRole("dialog", { name: "Register your vet practice" });
  const dialog = within(dialogElement);
  await dialog.findByLabelText("Vet practice name");
  return { ...view, dialog, dialogElement };
}

async function fillToStep3(view: Awaited<ReturnType<typeof openVetRegister>>) {
  const { user, dialog } = view;
  await user.click(dialog.getByRole("button", { name: "Autofill Form" }));
  await user.click(dialog.getByRole("button", { name: "Next" }));
  await dialog.findByText("(2/3)");
  await user.type(dialog.getByLabelText("Password"), "pasture-gate-91");
  await user.type(dialog.getByLabelText("Confirm password"), "pasture-gate-91");
  await user.click(dialog.getByRole("button", { name: "Next" }));
  await dialog.findByText("(3/3)");
}

describe("the vet register modal (docs/product.md §2 'Vet register', D11)", () => {
  it("shows every step 1 message of docs/product.md §5 on Next and stays at (1/3)", async () => {
    const { user, dialog } = await openVetRegister();
    expect(dialog.getByText("(1/3)")).toBeInTheDocument();
    await user.click(dialog.getByRole("button", { name: "Next" }));
    for (const message of [
      vetPracticeMessages.practiceNameRequired,
      vetPracticeMessages.practiceEmailInvalid,
      vetPracticeMessages.mobileInvalid,
      vetPracticeMessages.veterinarianNameRequired,
      vetPracticeMessages.veterinarianSurnameRequired,
      vetPracticeMessages.vciNumberRequired,
      vetPracticeMessages.address1Required,
      vetPracticeMessages.townRequired,
      vetPracticeMessages.eircodeRequired,
      vetPracticeMessages.countyRequired,
      vetPracticeMessages.termsRequired,
    ]) {
      expect(await dialog.findByText(message)).toBeInTheDocument();
    }
    expect(dialog.getByText("(1/3)")).toBeInTheDocument();
  });

  it("asks for the password and its confirmation on step 2, and says when they differ", async () => {
    const { user, dialog } = await openVetRegister();
    await user.click(dialog.getByRole("button", { name: "Autofill Form" }));
    await user.click(dialog.getByRole("button", { name: "Next" }));
    await dialog.findByText("(2/3)");
    await user.click(dialog.getByRole("button", { name: "Next" }));
    expect(await dialog.findByText(vetPracticeMessages.passwordRequired)).toBeInTheDocument();
    expect(dialog.getByText(vetPracticeMessages.passwordConfirmationRequired)).toBeInTheDocument();
    await user.type(dialog.getByLabelText("Password"), "pasture-gate-91");
    await user.type(dialog.getByLabelText("Confirm password"), "pasture-gate-9");
    expect(await dialog.findByText(accountMessages.passwordMismatch)).toBeInTheDocument();
  });

  it("goes back a step with 'Go back', in sentence case like every button (D20)", async () => {
    const view = await openVetRegister();
    await fillToStep3(view);
    await view.user.click(view.dialog.getByRole("button", { name: "Go back" }));
    expect(await view.dialog.findByText("(2/3)")).toBeInTheDocument();
  });

  it("says 'Please provide a valid email.' for a bad invite", async () => {
    const view = await openVetRegister();
    await fillToStep3(view);
    await view.user.type(view.dialog.getByLabelText("Vet 1 email address"), "not-an-email");
    await view.user.click(view.dialog.getByRole("button", { name: "Send invites and register" }));
    expect(
      await view.dialog.findByText(vetPracticeMessages.inviteEmailInvalid),
    ).toBeInTheDocument();
  });

  it("sends the payload with password_confirmation and the invite, then opens the vet dashboard", async () => {
    let sent: VetRegisterRequest | undefined;
    server.use(
      http.post(vetPracticePaths.register, async ({ request }) => {
        sent = (await request.json()) as VetRegisterRequest;
        return HttpResponse.json({ ...authResponseFixture, message: "ok" }, { status: 201 });
      }),
    );
    const view = await openVetRegister();
    await fillToStep3(view);
    await view.user.type(view.dialog.getByLabelText("Vet 1 email address"), "cian@vets.ie");
    await view.user.click(view.dialog.getByRole("button", { name: "Send invites and register" }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe("/vet/dashboard"));
    expect(sent).toMatchObject({
      password: "pasture-gate-91",
      password_confirmation: "pasture-gate-91",
      vets: ["cian@vets.ie"],
      skip_inviting: false,
      agree_to_terms: true,
    });
    expect(sent).not.toHaveProperty("confirm_password");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("says 'Registration failed, incomplete data.' when the reply lacks the token", async () => {
    server.use(
      http.post(vetPracticePaths.register, () =>
        HttpResponse.json({ user: authResponseFixture.user, message: "ok" }, { status: 201 }),
      ),
    );
    const view = await openVetRegister();
    await fillToStep3(view);
    await view.user.click(view.dialog.getByRole("button", { name: "Skip and register" }));
    const alert = await view.dialog.findByRole("alert");
    expect(alert).toHaveTextContent(vetPracticeMessages.incompleteData);
    expect(view.router.state.location.pathname).toBe("/logged-out");
  });

  it("adds 'Failed to register: ' to a server message", async () => {
    server.use(
      http.post(vetPracticePaths.register, () =>
        HttpResponse.json(
          { error: { code: "CONFLICT", message: "Something is off." } },
          { status: 409 },
        ),
      ),
    );
    const view = await openVetRegister();
    await fillToStep3(view);
    await view.user.click(view.dialog.getByRole("button", { name: "Skip and register" }));
    expect(await view.dialog.findByRole("alert")).toHaveTextContent(
      "Failed to register: Something is off.",
    );
  });
});
