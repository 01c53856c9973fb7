import { accountPaths } from "@vaxcal/contracts";
import { act, screen, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { server } from "../../../testing/mocks/server.ts";
import { renderApp } from "../../../testing/render-app.tsx";
import { ModalName, openModal } from "../../../stores/modals.ts";

const token = "abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG";
const linkPath = `/password/reset?token=${token}&email=aoife%40example.ie`;

describe("the reset e-mail input (spec §5: 'The reset e-mail input is of type e-mail')", () => {
  it("is an e-mail input on the password reset screen", async () => {
    renderApp("/password/reset");
    const main = within(await screen.findByRole("main"));
    await main.findByRole("button", { name: "Send Password Reset Link" });

    expect(main.getByLabelText("Email address")).toHaveAttribute("type", "email");
  });

  it("is an e-mail input in the password reset modal", async () => {
    renderApp("/logged-out");
    await screen.findByRole("heading", { level: 1 });
    act(() => openModal(ModalName.passwordReset));
    const dialog = within(screen.getByRole("dialog", { name: "Reset your password" }));

    expect(await dialog.findByRole("button", { name: "Send Reset Link" })).toBeInTheDocument();
    expect(dialog.getByLabelText("Email address")).toHaveAttribute("type", "email");
  });
});

describe("token verify failure (spec §8: 'Server message or Invalid token')", () => {
  it("says 'Invalid token' when the server refuses the token without a message", async () => {
    server.use(
      http.post(accountPaths.passwordVerifyToken, () => new HttpResponse(null, { status: 422 })),
    );
    const { user, router } = renderApp(linkPath);
    const main = within(await screen.findByRole("main"));

    expect(await main.findByRole("alert")).toHaveTextContent(/^Invalid token$/);
    expect(main.queryByText("Error validating token. Please try again.")).not.toBeInTheDocument();
    await user.click(main.getByRole("button", { name: "Request Reset Link" }));
    expect(await main.findByRole("button", { name: "Send Password Reset Link" })).toBeVisible();
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
