import { accountMessages, accountPaths } from "@vaxcal/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { describe, expect, it, vi } from "vitest";
import { StorageKey } from "../../../config/storage-keys.ts";
import { server } from "../../../testing/mocks/server.ts";
import { renderApp } from "../../../testing/render-app.tsx";
import { storeSignedInUser } from "../testing/sign-in.ts";

describe("the logout modal", () => {
  it("asks first, then clears local storage and shows the logged-out page", async () => {
    window.localStorage.setItem(StorageKey.calendarForm, JSON.stringify({ animalID: 5 }));
    const { user, router } = renderApp("/calendars", { isAuthenticated: true });
    await screen.findByRole("heading", { level: 1, name: "My calendars" });

    await user.click(screen.getByRole("button", { name: "Logout" }));
    const dialog = within(screen.getByRole("dialog", { name: "Logout" }));
    expect(dialog.getByText("Are you sure you want to logout?")).toBeInTheDocument();
    await user.click(dialog.getByRole("button", { name: "Logout" }));

    expect(
      await screen.findByRole("heading", { level: 1, name: "You’ve been logged out!" }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/logged-out");
    expect(window.localStorage.length).toBe(0);
    const header = within(screen.getByRole("banner"));
    expect(header.getByRole("button", { name: "Register" })).toBeInTheDocument();
    expect(header.queryByRole("button", { name: "Logout" })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("ends the session on the server with the bearer token (POST /api/logout)", async () => {
    let authorization: string | null = null;
    server.use(
      http.post(accountPaths.logout, ({ request }) => {
        authorization = request.headers.get("Authorization");
        return HttpResponse.json({ message: accountMessages.loggedOut });
      }),
    );
    storeSignedInUser();
    const { user } = renderApp("/logged-out");
    await user.click(await screen.findByRole("button", { name: "Logout" }));
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Logout" }));

    await waitFor(() => expect(authorization).toBe("Bearer stored-token"));
    expect(await screen.findByRole("button", { name: "Register" })).toBeInTheDocument();
    expect(window.localStorage.getItem(StorageKey.authToken)).toBeNull();
  });

  it("still logs out here when the server cannot be reached", async () => {
    server.use(http.post(accountPaths.logout, () => HttpResponse.error()));
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    storeSignedInUser();
    const { user, router } = renderApp("/settings");
    await user.click(await screen.findByRole("button", { name: "Logout" }));
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Logout" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/logged-out"));
    expect(window.localStorage.length).toBe(0);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it("keeps the user signed in on Cancel", async () => {
    const { user, router } = renderApp("/calendars", { isAuthenticated: true });
    await screen.findByRole("heading", { level: 1, name: "My calendars" });

    await user.click(screen.getByRole("button", { name: "Logout" }));
    await user.click(screen.getByRole("button", { name: "Cancel" }));

    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe("/calendars");
    expect(window.localStorage.getItem(StorageKey.isAuthenticated)).toBe("true");
    expect(screen.getByRole("button", { name: "Logout" })).toBeInTheDocument();
  });
});
