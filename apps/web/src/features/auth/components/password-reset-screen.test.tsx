import {
  ErrorCode,
  accountMessages,
  accountPaths,
  type ConfirmPasswordResetRequest,
  type ErrorBody,
} from "@vaxcal/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { StorageKey } from "../../../config/storage-keys.ts";
import { authResponseFixture } from "../../../testing/mocks/account-fixtures.ts";
import { server } from "../../../testing/mocks/server.ts";
import { renderApp } from "../../../testing/render-app.tsx";

const token = "abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG";
const linkPath = `/password/reset?token=${token}&email=aoife%40example.ie`;

describe("the password reset screen (docs/product.md §2)", () => {
  it("asks for the e-mail and shows the server's answer", async () => {
    const { user } = renderApp("/password/reset");
    const main = within(await screen.findByRole("main"));
    await main.findByRole("heading", { level: 1, name: "Reset your password" });

    await user.type(main.getByLabelText("Email address or mobile number"), "aoife@example.ie");
    await user.click(main.getByRole("button", { name: "Send password reset link" }));

    expect(await main.findByText(accountMessages.resetLinkSent)).toBeInTheDocument();
  });

  it("takes the mobile the farmer registered with (docs/decisions/202)", async () => {
    let sent: unknown;
    server.use(
      http.post(accountPaths.passwordResetApi, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ message: accountMessages.resetLinkSent });
      }),
    );
    const { user } = renderApp("/password/reset");
    const main = within(await screen.findByRole("main"));

    await user.type(main.getByLabelText("Email address or mobile number"), "087 123 4567");
    await user.click(main.getByRole("button", { name: "Send password reset link" }));

    expect(await main.findByText(accountMessages.resetLinkSent)).toBeInTheDocument();
    expect(sent).toEqual({ email: "0871234567" });
  });

  it("sets a new password from a texted link, showing the mobile it went to", async () => {
    let sent: ConfirmPasswordResetRequest | undefined;
    server.use(
      http.post(accountPaths.passwordResetConfirm, async ({ request }) => {
        sent = (await request.json()) as ConfirmPasswordResetRequest;
        return HttpResponse.json(authResponseFixture);
      }),
    );
    const { user, router } = renderApp(`/password/reset?token=${token}&mobile=%2B353871234567`);
    const main = within(await screen.findByRole("main"));

    expect(await main.findByLabelText("Mobile number")).toHaveValue("+353871234567");
    await user.type(main.getByLabelText("New password"), "green fields in May");
    await user.type(main.getByLabelText("Confirm new password"), "green fields in May");
    await user.click(main.getByRole("button", { name: "Confirm reset" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/settings"));
    expect(sent?.email).toBe("+353871234567");
  });

  it("checks the token from the link, then sets the new password, logs in and opens settings", async () => {
    let sent: ConfirmPasswordResetRequest | undefined;
    server.use(
      http.post(accountPaths.passwordResetConfirm, async ({ request }) => {
        sent = (await request.json()) as ConfirmPasswordResetRequest;
        return HttpResponse.json(authResponseFixture);
      }),
    );
    const { user, router } = renderApp(linkPath);
    const main = within(await screen.findByRole("main"));

    const email = await main.findByLabelText("Email address");
    expect(email).toHaveValue("aoife@example.ie");
    expect(email).toHaveAttribute("readonly");
    await user.type(main.getByLabelText("New password"), "green fields in May");
    await user.type(main.getByLabelText("Confirm new password"), "green fields");
    expect(main.getByText(accountMessages.passwordMismatch)).toBeInTheDocument();
    await user.type(main.getByLabelText("Confirm new password"), " in May");
    await user.click(main.getByRole("button", { name: "Confirm reset" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/settings"));
    expect(sent).toEqual({
      email: "aoife@example.ie",
      token,
      password: "green fields in May",
      password_confirmation: "green fields in May",
    });
    expect(window.localStorage.getItem(StorageKey.authToken)).toBe(authResponseFixture.token);
    expect(await screen.findByText(accountMessages.passwordReset)).toBeInTheDocument();
  });

  it("says an expired link is invalid and offers 'Request reset link'", async () => {
    server.use(
      http.post(accountPaths.passwordVerifyToken, () =>
        HttpResponse.json({ valid: false, message: accountMessages.resetTokenInvalid }),
      ),
    );
    const { user, router } = renderApp(linkPath);
    const main = within(await screen.findByRole("main"));

    expect(await main.findByText(accountMessages.resetTokenInvalid)).toBeInTheDocument();
    await user.click(main.getByRole("button", { name: "Request reset link" }));

    expect(await main.findByRole("button", { name: "Send password reset link" })).toBeVisible();
    expect(router.state.location.search).toBe("");
  });

  it("treats a malformed link the server refuses as invalid", async () => {
    server.use(
      http.post(accountPaths.passwordVerifyToken, () =>
        HttpResponse.json<ErrorBody>(
          {
            error: {
              code: ErrorCode.validation,
              message: accountMessages.resetTokenInvalid,
              issues: [{ path: "body.token", message: accountMessages.resetTokenInvalid }],
            },
          },
          { status: 400 },
        ),
      ),
    );
    renderApp("/password/reset?token=short&email=aoife%40example.ie");
    const main = within(await screen.findByRole("main"));

    expect(await main.findByText(accountMessages.resetTokenInvalid)).toBeInTheDocument();
    expect(main.getByRole("button", { name: "Request reset link" })).toBeInTheDocument();
  });

  it("says 'Error validating token. Please try again.' when the check cannot be made", async () => {
    server.use(http.post(accountPaths.passwordVerifyToken, () => HttpResponse.error()));
    renderApp(linkPath);
    const main = within(await screen.findByRole("main"));

    expect(await main.findByRole("alert")).toHaveTextContent(
      "Error validating token. Please try again.",
    );
    expect(main.getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });

  it("shows the server's refusal of the new password", async () => {
    server.use(
      http.post(accountPaths.passwordResetConfirm, () =>
        HttpResponse.json<ErrorBody>(
          {
            error: {
              code: ErrorCode.validation,
              message: accountMessages.passwordTooCommon,
              issues: [{ path: "body.password", message: accountMessages.passwordTooCommon }],
            },
          },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderApp(linkPath);
    const main = within(await screen.findByRole("main"));
    await user.type(await main.findByLabelText("New password"), "password123");
    await user.type(main.getByLabelText("Confirm new password"), "password123");
    await user.click(main.getByRole("button", { name: "Confirm reset" }));

    expect(await main.findByRole("alert")).toHaveTextContent(accountMessages.passwordTooCommon);
    expect(main.getByLabelText("New password")).toHaveAttribute("aria-invalid", "true");
  });
});

describe("token verify failure (docs/product.md §8: 'Server message or Invalid token')", () => {
  it("says 'Invalid token' when the server refuses the token without a message", async () => {
    server.use(
      http.post(accountPaths.passwordVerifyToken, () => new HttpResponse(null, { status: 422 })),
    );
    const { user, router } = renderApp(linkPath);
    const main = within(await screen.findByRole("main"));

    expect(await main.findByRole("alert")).toHaveTextContent(/^Invalid token$/);
    expect(main.queryByText("Error validating token. Please try again.")).not.toBeInTheDocument();
    await user.click(main.getByRole("button", { name: "Request reset link" }));
    expect(await main.findByRole("button", { name: "Send password reset link" })).toBeVisible();
    expect(router.state.location.search).toBe("");
  });

  it("still says 'Error validating token. Please try again.' when the server itself fails", async () => {
    server.use(
      http.post(
        accountPaths.passwordVerifyToken,
        () => new HttpResponse("<h1>Bad gateway</h1>", { status: 502 }),
      ),
    );
    renderApp(linkPath);
    const main = within(await screen.findByRole("main"));

    expect(await main.findByRole("alert")).toHaveTextContent(
      "Error validating token. Please try again.",
    );
    expect(main.getByRole("button", { name: "Try again" })).toBeInTheDocument();
    expect(main.queryByText("Invalid token")).not.toBeInTheDocument();
  });
});
