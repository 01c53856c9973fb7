// @vitest-environment-options { "url": "https://vaxcal.ie/" }
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "../testing/render-app.tsx";

// This file runs on the production host name, where the pre-launch items are off
// (docs/product.md §2, §9).

describe("on the production host", () => {
  it("sends /beta back to PublicHome", async () => {
    const { router } = renderApp("/beta");

    await screen.findByRole("heading", { level: 1, name: /planned/ });
    expect(router.state.location.pathname).toBe("/");
  });

  it("shows a signed-out visitor only the Register button", async () => {
    renderApp("/logged-out");
    const header = within(await screen.findByRole("banner"));

    expect(header.getByRole("button", { name: "Register" })).toBeInTheDocument();
    expect(header.queryByRole("button", { name: "Login" })).not.toBeInTheDocument();
    expect(header.queryByRole("button", { name: "Vet register" })).not.toBeInTheDocument();
  });

  it("hides the pre-launch nav from a signed-in user", async () => {
    renderApp("/settings", { isAuthenticated: true });
    const header = within(await screen.findByRole("banner"));

    expect(header.getByRole("button", { name: "Logout" })).toBeInTheDocument();
    expect(header.queryByRole("navigation", { name: "Main" })).not.toBeInTheDocument();
  });
});
