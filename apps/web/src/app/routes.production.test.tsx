// @vitest-environment-options { "url": "https://vaxcal.ie/" }
import { screen, within } from "@testing-library/react";
import { accountPaths, RoleName, type UserProfile } from "@vaxcal/contracts";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { StorageKey } from "../config/storage-keys.ts";
import { farmerFixture } from "../testing/mocks/account-fixtures.ts";
import { server } from "../testing/mocks/server.ts";
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

  it("hides the Admin link from an admin too (the host rule, docs/product.md §2)", async () => {
    server.use(
      http.get(accountPaths.user, () =>
        HttpResponse.json<UserProfile>({ ...farmerFixture, roles: [{ name: RoleName.admin }] }),
      ),
    );
    window.localStorage.setItem(StorageKey.authToken, "test-token");
    renderApp("/logged-out", { isAuthenticated: true });
    const header = within(await screen.findByRole("banner"));
    await header.findByRole("link", { name: `Hello, ${farmerFixture.name}` });
    expect(header.queryByRole("link", { name: "Admin" })).toBeNull();
    expect(header.queryByRole("navigation", { name: "Main" })).toBeNull();
  });
});
