import {
  ErrorCode,
  RoleName,
  accountMessages,
  accountPaths,
  farmWeekMessages,
  farmWeekPaths,
  type ErrorBody,
  type LoginRequest,
} from "@vaxcal/contracts";
import { act, screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { describe, expect, it, vi } from "vitest";
import { StorageKey } from "../../../config/storage-keys.ts";
import { authResponseFixture } from "../../../testing/mocks/account-fixtures.ts";
import { server } from "../../../testing/mocks/server.ts";
import { renderApp } from "../../../testing/render-app.tsx";
import { ModalName, openModal } from "../../../stores/modals.ts";

async function openLogin(path = "/logged-out") {
  const view = renderApp(path);
  await screen.findByRole("heading", { level: 1 });
  act(() => openModal(ModalName.login));
  const dialog = within(screen.getByRole("dialog", { name: "Login" }));
  // The form's code downloads when the modal first opens (app/modal-host.tsx).
  await dialog.findByLabelText("Email address or mobile number");
  return { ...view, dialog };
}

describe("the login modal (docs/product.md §2 'Login', §8)", () => {
  it("logs in with the e-mail or mobile, keeps the token, says 'Login successful' and greets the user", async () => {
    let sent: LoginRequest | undefined;
    server.use(
      http.post(accountPaths.login, async ({ request }) => {
        sent = (await request.json()) as LoginRequest;
        return HttpResponse.json(authResponseFixture);
      }),
    );
    const { user, dialog } = await openLogin();

    await user.type(dialog.getByLabelText("Email address or mobile number"), "087 123 4567");
    await user.type(dialog.getByLabelText("Password"), "green fields in May");
    await user.click(dialog.getByRole("button", { name: "Login" }));

    expect(await screen.findByRole("status")).toHaveTextContent("Login successful");
    expect(sent).toEqual({ username: "087 123 4567", password: "green fields in May" });
    expect(window.localStorage.getItem(StorageKey.authToken)).toBe(authResponseFixture.token);
    expect(window.localStorage.getItem(StorageKey.isAuthenticated)).toBe("true");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    const greeting = within(screen.getByRole("banner")).getByRole("link", { name: "Hello, Aoife" });
    expect(greeting).toHaveAttribute("href", "/settings");
  });

  it("takes a farmer who logs in from the landing page to This week on the farm (decision 603)", async () => {
    server.use(http.post(accountPaths.login, () => HttpResponse.json(authResponseFixture)));
    const { user, dialog, router } = await openLogin("/");
    await user.type(dialog.getByLabelText("Email address or mobile number"), "087 123 4567");
    await user.type(dialog.getByLabelText("Password"), "green fields in May");
    await user.click(dialog.getByRole("button", { name: "Login" }));
    expect(
      await screen.findByRole("heading", { level: 1, name: "This week on the farm" }),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe("/this-week");
  });

  it("asks for the farm's week with the login's answer, before This week's page opens (decision 711)", async () => {
    server.use(http.post(accountPaths.login, () => HttpResponse.json(authResponseFixture)));
    const { user, dialog, router } = await openLogin("/");
    // Where the app was when it asked: after the page opened, the list waited for its code.
    const askedFrom: string[] = [];
    const realFetch = globalThis.fetch;
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockImplementation((input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (url.pathname === farmWeekPaths.list) askedFrom.push(router.state.location.pathname);
      return realFetch(input, init);
    });
    try {
      await user.type(dialog.getByLabelText("Email address or mobile number"), "087 123 4567");
      await user.type(dialog.getByLabelText("Password"), "green fields in May");
      await user.click(dialog.getByRole("button", { name: "Login" }));
      expect(await screen.findByText(farmWeekMessages.noCalendars)).toBeVisible();
    } finally {
      fetchSpy.mockRestore();
    }
    expect(askedFrom[0]).toBe("/");
  });

  it("leaves a vet on the landing page", async () => {
    server.use(
      http.post(accountPaths.login, () =>
        HttpResponse.json({
          ...authResponseFixture,
          user: { ...authResponseFixture.user, roles: [{ name: RoleName.vetManager }] },
        }),
      ),
    );
    const { user, dialog, router } = await openLogin("/");
    await user.type(dialog.getByLabelText("Email address or mobile number"), "087 123 4567");
    await user.type(dialog.getByLabelText("Password"), "green fields in May");
    await user.click(dialog.getByRole("button", { name: "Login" }));
    expect(await screen.findByRole("status")).toHaveTextContent("Login successful");
    expect(router.state.location.pathname).toBe("/");
  });

  it.each([
    {
      name: "the server's message",
      reply: () =>
        HttpResponse.json<ErrorBody>(
          { error: { code: ErrorCode.unauthorized, message: accountMessages.loginFailed } },
          { status: 401 },
        ),
      text: accountMessages.loginFailed,
    },
    {
      name: "'Login failed' when no user comes back",
      reply: () => HttpResponse.json({ token: "abc" }),
      text: "Login failed",
    },
    {
      name: "'An error occurred during login' when the call fails",
      reply: () => HttpResponse.error(),
      text: "An error occurred during login",
    },
  ])("shows $name and stays signed out", async ({ reply, text }) => {
    server.use(http.post(accountPaths.login, reply));
    const { user, dialog } = await openLogin();

    await user.type(dialog.getByLabelText("Email address or mobile number"), "aoife@example.ie");
    await user.type(dialog.getByLabelText("Password"), "wrong password");
    await user.click(dialog.getByRole("button", { name: "Login" }));

    expect(await dialog.findByRole("alert")).toHaveTextContent(text);
    expect(window.localStorage.getItem(StorageKey.isAuthenticated)).toBeNull();
  });

  it("asks for both fields before calling", async () => {
    const { user, dialog } = await openLogin();
    await user.click(dialog.getByRole("button", { name: "Login" }));

    expect(await dialog.findByText(accountMessages.usernameRequired)).toBeInTheDocument();
    expect(dialog.getByText(accountMessages.loginPasswordRequired)).toBeInTheDocument();
  });

  it("switches to the register modal with Signup", async () => {
    const { user, dialog } = await openLogin();
    await user.click(dialog.getByRole("button", { name: "Signup" }));

    expect(screen.getByRole("dialog", { name: "Register with VaxCal" })).toBeInTheDocument();
  });

  it("switches to the password reset modal, which sends the link and shows the answer", async () => {
    const { user, dialog } = await openLogin();
    await user.click(dialog.getByRole("button", { name: "Forgot password?" }));

    const reset = within(screen.getByRole("dialog", { name: "Reset your password" }));
    await user.type(
      await reset.findByLabelText("Email address or mobile number"),
      "aoife@example.ie",
    );
    await user.click(reset.getByRole("button", { name: "Send reset link" }));

    expect(await reset.findByRole("status")).toHaveTextContent(accountMessages.resetLinkSent);
  });

  it("shows 'Password reset failed' when the reset call fails", async () => {
    server.use(http.post(accountPaths.passwordResetApi, () => HttpResponse.error()));
    const { user } = await openLogin();
    act(() => openModal(ModalName.passwordReset));
    const reset = within(screen.getByRole("dialog", { name: "Reset your password" }));

    await user.type(
      await reset.findByLabelText("Email address or mobile number"),
      "aoife@example.ie",
    );
    await user.click(reset.getByRole("button", { name: "Send reset link" }));

    expect(await reset.findByRole("alert")).toHaveTextContent("Password reset failed");
  });
});
