import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { accountPaths, RoleName, type UserProfile } from "@vaxcal/contracts";
import { http, HttpResponse } from "msw";
import { StorageKey } from "../../config/storage-keys.ts";
import { farmerFixture } from "../../testing/mocks/account-fixtures.ts";
import { server } from "../../testing/mocks/server.ts";
import { renderApp } from "../../testing/render-app.tsx";

// jsdom's host is localhost, a pre-launch host.

describe("PublicHeader on a pre-launch host", () => {
  it("offers a signed-out visitor Register, Login and Vet register, and no nav", async () => {
    renderApp("/logged-out");
    const header = within(await screen.findByRole("banner"));

    expect(header.getByRole("link", { name: "VaxCal" })).toHaveAttribute("href", "/");
    expect(header.getByRole("button", { name: "Register" })).toBeInTheDocument();
    expect(header.getByRole("button", { name: "Login" })).toBeInTheDocument();
    expect(header.getByRole("button", { name: "Vet register" })).toBeInTheDocument();
    expect(header.queryByRole("navigation", { name: "Main" })).not.toBeInTheDocument();
  });

  it("shows a signed-in user the red-bordered nav, a greeting to settings and Logout", async () => {
    renderApp("/logged-out", { isAuthenticated: true });
    const header = within(await screen.findByRole("banner"));
    const nav = within(header.getByRole("navigation", { name: "Main" }));

    const links = nav.getAllByRole("link");
    expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["This week", "/this-week"],
      ["My calendars", "/calendars"],
    ]);
    for (const link of links) expect(link).toHaveClass("prelaunch-item");
    expect(header.getByRole("link", { name: "My account" })).toHaveAttribute("href", "/settings");
    expect(header.getByRole("button", { name: "Logout" })).toBeInTheDocument();
    expect(header.queryByRole("button", { name: "Register" })).not.toBeInTheDocument();
  });

  it.each([
    { role: RoleName.admin, link: ["Admin", "/admin"] },
    { role: RoleName.vetManager, link: ["Vet", "/vet/dashboard"] },
  ])(
    "adds the $role link only for a user with that role (docs/product.md §6)",
    async ({ role, link }) => {
      server.use(
        http.get(accountPaths.user, () =>
          HttpResponse.json<UserProfile>({ ...farmerFixture, roles: [{ name: role }] }),
        ),
      );
      // With a stored token the app loads the profile, and with it the roles.
      window.localStorage.setItem(StorageKey.authToken, "test-token");
      renderApp("/logged-out", { isAuthenticated: true });
      const nav = within(await screen.findByRole("navigation", { name: "Main" }));

      const roleLink = await nav.findByRole("link", { name: link[0] });
      expect(roleLink).toHaveAttribute("href", link[1]);
      expect(nav.getAllByRole("link")).toHaveLength(3);
    },
  );

  it("never shows the Admin link to a farmer, once the profile with the roles is in", async () => {
    window.localStorage.setItem(StorageKey.authToken, "test-token");
    renderApp("/logged-out", { isAuthenticated: true });
    const nav = within(await screen.findByRole("navigation", { name: "Main" }));
    // The greeting comes from the loaded profile: the roles are known by then.
    await screen.findByRole("link", { name: `Hello, ${farmerFixture.name}` });
    expect(nav.queryByRole("link", { name: "Admin" })).toBeNull();
    expect(nav.getAllByRole("link").map((link) => link.textContent)).toEqual([
      "This week",
      "My calendars",
    ]);
  });

  it.each([
    { who: "a visitor", isAuthenticated: false },
    { who: "a signed-in user", isAuthenticated: true },
  ])("opens the calendar quick start from 'Create your calendar' for $who", async (options) => {
    const { user } = renderApp("/logged-out", options);
    const header = within(await screen.findByRole("banner"));

    await user.click(header.getByRole("button", { name: "Create your calendar" }));

    expect(await screen.findByRole("dialog", { name: "Create your calendar" })).toBeInTheDocument();
  });

  it("toggles the mobile menu with the Menu button", async () => {
    const { user } = renderApp("/logged-out");
    const menuButton = await screen.findByRole("button", { name: "Menu" });
    const menu = document.getElementById(menuButton.getAttribute("aria-controls") ?? "");

    expect(menu).toContainElement(screen.getAllByRole("button", { name: "Register" })[0] ?? null);
    expect(menuButton).toHaveAttribute("aria-expanded", "false");
    expect(menu).toHaveAttribute("data-open", "false");
    await user.click(menuButton);
    expect(menuButton).toHaveAttribute("aria-expanded", "true");
    expect(menu).toHaveAttribute("data-open", "true");
    await user.click(menuButton);
    expect(menuButton).toHaveAttribute("aria-expanded", "false");
  });

  it("closes the mobile menu when a link in it is followed", async () => {
    const { user, router } = renderApp("/logged-out", { isAuthenticated: true });
    const menuButton = await screen.findByRole("button", { name: "Menu" });

    await user.click(menuButton);
    await user.click(screen.getByRole("link", { name: "My calendars" }));
    expect(await screen.findByRole("heading", { level: 1, name: "My calendars" })).toBeVisible();
    expect(router.state.location.pathname).toBe("/calendars");
    expect(menuButton).toHaveAttribute("aria-expanded", "false");
  });

  it("closes the mobile menu when a modal's action moves to another page (Logout)", async () => {
    const { user, router } = renderApp("/", { isAuthenticated: true });
    const menuButton = await screen.findByRole("button", { name: "Menu" });

    await user.click(menuButton);
    await user.click(within(screen.getByRole("banner")).getByRole("button", { name: "Logout" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Logout" }));
    await user.click(dialog.getByRole("button", { name: "Logout" }));

    expect(
      await screen.findByRole("heading", { level: 1, name: "You’ve been logged out!" }),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe("/logged-out");
    expect(screen.getByRole("button", { name: "Menu" })).toHaveAttribute("aria-expanded", "false");
  });

  it("closes the mobile menu once someone logs in from it", async () => {
    const { user } = renderApp("/logged-out");
    const menuButton = await screen.findByRole("button", { name: "Menu" });

    await user.click(menuButton);
    await user.click(within(screen.getByRole("banner")).getByRole("button", { name: "Login" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Login" }));
    await user.type(
      await dialog.findByLabelText("Email address or mobile number"),
      "nora@example.ie",
    );
    await user.type(dialog.getByLabelText("Password"), "pasture-gate-91");
    await user.click(dialog.getByRole("button", { name: "Login" }));

    expect(
      await within(screen.getByRole("banner")).findByRole("button", { name: "Logout" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Menu" })).toHaveAttribute("aria-expanded", "false");
  });
});
