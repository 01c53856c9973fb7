import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../testing/render-app.tsx";

describe("LoggedOut (docs/product.md §2 '/logged-out')", () => {
  it("says 'You’ve been logged out!' with a thank-you and the copyright line", async () => {
    const { user, router } = renderApp("/logged-out");
    const main = within(screen.getByRole("main"));

    expect(
      await main.findByRole("heading", { level: 1, name: "You’ve been logged out!" }),
    ).toBeInTheDocument();
    expect(main.getByText(/^Thank you for using VaxCal/)).toBeVisible();
    expect(
      main.getByText(`© ${new Date().getFullYear()} VaxCal. All rights reserved.`),
    ).toBeVisible();

    await user.click(main.getByRole("link", { name: "Back to the home page" }));
    expect(router.state.location.pathname).toBe("/");
  });
});

describe("LoggedOut once someone logs in again", () => {
  it("drops the logged-out notice and welcomes them back", async () => {
    const { user } = renderApp("/logged-out");
    const main = within(screen.getByRole("main"));
    await main.findByRole("heading", { level: 1, name: "You’ve been logged out!" });

    const banner = within(screen.getByRole("banner"));
    await user.click(banner.getByRole("button", { name: "Login", hidden: true }));
    const login = within(await screen.findByRole("dialog", { name: "Login" }));
    await user.type(
      await login.findByLabelText("Email address or mobile number"),
      "aoife@example.ie",
    );
    await user.type(login.getByLabelText("Password"), "Green fields in May");
    await user.click(login.getByRole("button", { name: "Login" }));

    expect(
      await main.findByRole("heading", { level: 1, name: "Welcome back, Aoife" }),
    ).toBeVisible();
    expect(main.queryByText("You’ve been logged out!")).toBeNull();
    // A signed-in farmer is not offered Register.
    expect(banner.queryByRole("button", { name: "Register", hidden: true })).toBeNull();
  });
});
