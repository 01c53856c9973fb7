import { accountMessages, accountPaths } from "@vaxcal/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { StorageKey } from "../config/storage-keys.ts";
import { authResponseFixture } from "../testing/mocks/account-fixtures.ts";
import { server } from "../testing/mocks/server.ts";
import { renderApp } from "../testing/render-app.tsx";

// jsdom's host is localhost: a pre-launch host, where /beta is open.

const loginRequired = [
  { path: "/calendars", heading: "My calendars" },
  { path: "/settings", heading: "Account settings" },
  { path: "/vet/dashboard", heading: "Glenbeg Veterinary Clinic" },
  { path: "/admin", heading: "Product management" },
  { path: "/admin/product/", heading: "Product management" },
  { path: "/edit/product/", heading: "Add product" },
  { path: "/admin/audit/", heading: "Audit" },
  { path: "/admin/protocol/", heading: "Protocols" },
];

describe("login-required routes (docs/product.md §6)", () => {
  it.each(loginRequired)("$path sends a signed-out visitor to PublicHome", async ({ path }) => {
    const { router } = renderApp(path);

    expect(await screen.findByRole("heading", { level: 1, name: /planned/ })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/");
  });

  it.each(loginRequired)("$path opens for a signed-in user", async ({ path, heading }) => {
    const { router } = renderApp(path, { isAuthenticated: true });

    expect(await screen.findByRole("heading", { level: 1, name: heading })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
  });

  it("asks a visitor who followed a link to log in, then opens the page the link is for", async () => {
    server.use(http.post(accountPaths.login, () => HttpResponse.json(authResponseFixture)));
    const { router, user } = renderApp("/settings?section=reminders");

    const dialog = within(await screen.findByRole("dialog", { name: "Login" }));
    expect(await dialog.findByText("Log in to open the page your link is for.")).toBeVisible();
    expect(router.state.location.pathname).toBe("/");
    await user.type(dialog.getByLabelText("Email address or mobile number"), "087 123 4567");
    await user.type(dialog.getByLabelText("Password"), "green fields in May");
    await user.click(dialog.getByRole("button", { name: "Login" }));

    expect(
      await screen.findByRole("heading", { level: 1, name: "Account settings" }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/settings");
    expect(router.state.location.search).toBe("?section=reminders");
  });

  // Issue 25 item 8: a saved calendar's link from an e-mail, and the farm's week.
  it.each(["/calendar/7", "/this-week"])(
    "asks a visitor who followed a link to %s to log in, then opens it",
    async (path) => {
      server.use(http.post(accountPaths.login, () => HttpResponse.json(authResponseFixture)));
      const { router, user } = renderApp(path);

      const dialog = within(await screen.findByRole("dialog", { name: "Login" }));
      expect(await dialog.findByText("Log in to open the page your link is for.")).toBeVisible();
      await user.type(dialog.getByLabelText("Email address or mobile number"), "087 123 4567");
      await user.type(dialog.getByLabelText("Password"), "green fields in May");
      await user.click(dialog.getByRole("button", { name: "Login" }));

      await waitFor(() => expect(router.state.location.pathname).toBe(path));
    },
  );

  it("forgets the page when the visitor closes Login instead", async () => {
    server.use(http.post(accountPaths.login, () => HttpResponse.json(authResponseFixture)));
    const { router, user } = renderApp("/calendars");
    const dialog = within(await screen.findByRole("dialog", { name: "Login" }));
    await dialog.findByLabelText("Email address or mobile number");
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    await user.click(within(screen.getByRole("banner")).getByRole("button", { name: "Login" }));
    const again = within(await screen.findByRole("dialog", { name: "Login" }));
    await again.findByLabelText("Email address or mobile number");
    expect(again.queryByText("Log in to open the page your link is for.")).toBeNull();
    await user.type(again.getByLabelText("Email address or mobile number"), "087 123 4567");
    await user.type(again.getByLabelText("Password"), "green fields in May");
    await user.click(again.getByRole("button", { name: "Login" }));

    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    // Not the forgotten page: a farmer logging in from the landing page goes to the farm's week
    // (decision 603).
    await waitFor(() => expect(router.state.location.pathname).toBe("/this-week"));
  });

  it("treats any stored value other than 'true' as signed out", async () => {
    window.localStorage.setItem(StorageKey.isAuthenticated, "yes");
    const { router } = renderApp("/settings");

    await screen.findByRole("heading", { level: 1, name: /planned/ });
    expect(router.state.location.pathname).toBe("/");
  });
});

describe("open routes", () => {
  it.each([
    { path: "/beta", heading: "Setup your calendar" },
    { path: "/password/reset", heading: "Reset your password" },
    // Without a token from an e-mail link, both reset paths ask for the e-mail address.
    { path: "/password/reset/confirm", heading: "Reset your password" },
    { path: "/email/verify/7/abc123", heading: "Verify your email" },
    { path: "/logged-out", heading: "You’ve been logged out!" },
  ])("$path shows '$heading' to a visitor", async ({ path, heading }) => {
    const { router } = renderApp(path);

    expect(await screen.findByRole("heading", { level: 1, name: heading })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
  });
});

describe("/verify-mobile (docs/product.md §2)", () => {
  it("stores the code and goes to PublicHome", async () => {
    const { router } = renderApp("/verify-mobile?code=123456");

    await screen.findByRole("heading", { level: 1, name: /planned/ });
    expect(router.state.location.pathname).toBe("/");
    expect(window.localStorage.getItem(StorageKey.mobileVerificationCode)).toBe("123456");
  });

  it("asks a signed-out visitor to log in, and confirms the code once they have", async () => {
    let verifiedCode: unknown = null;
    server.use(
      http.post(accountPaths.login, () => HttpResponse.json(authResponseFixture)),
      http.post(accountPaths.mobileVerify, async ({ request }) => {
        verifiedCode = ((await request.json()) as { code?: unknown }).code;
        return HttpResponse.json({ message: accountMessages.mobileVerified });
      }),
    );
    const { user } = renderApp("/verify-mobile?code=123456");

    const dialog = within(await screen.findByRole("dialog", { name: "Login" }));
    expect(await dialog.findByText("Log in to confirm your mobile number.")).toBeVisible();
    await user.type(dialog.getByLabelText("Email address or mobile number"), "087 123 4567");
    await user.type(dialog.getByLabelText("Password"), "green fields in May");
    await user.click(dialog.getByRole("button", { name: "Login" }));

    expect(await screen.findByText(accountMessages.mobileVerified)).toBeInTheDocument();
    expect(verifiedCode).toBe("123456");
  });

  it("goes to PublicHome without storing anything when there is no code", async () => {
    const { router } = renderApp("/verify-mobile");

    await screen.findByRole("heading", { level: 1, name: /planned/ });
    expect(router.state.location.pathname).toBe("/");
    expect(window.localStorage.getItem(StorageKey.mobileVerificationCode)).toBeNull();
  });
});
