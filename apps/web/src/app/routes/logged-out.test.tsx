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
