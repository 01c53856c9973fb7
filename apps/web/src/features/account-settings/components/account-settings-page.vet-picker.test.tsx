import { accountPaths, type UpdateSettingsRequest } from "@vaxcal/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { StorageKey } from "../../../config/storage-keys.ts";
import { farmerFixture } from "../../../testing/mocks/account-fixtures.ts";
import { server } from "../../../testing/mocks/server.ts";
import { renderApp } from "../../../testing/render-app.tsx";

// jsdom's host is localhost, a pre-launch host (docs/product.md §2 'Account Settings', §9).

describe("Vet settings on a pre-launch host", () => {
  it("shows the red-bordered vet search and saves the chosen practice", async () => {
    let sent: UpdateSettingsRequest | undefined;
    server.use(
      http.put(accountPaths.settings, async ({ request }) => {
        sent = (await request.json()) as UpdateSettingsRequest;
        return HttpResponse.json({ ...farmerFixture, vet_id: sent.vet_id ?? null });
      }),
    );
    window.localStorage.setItem(StorageKey.authToken, "stored-token");
    const { user } = renderApp("/settings", { isAuthenticated: true });
    await screen.findByRole("button", { name: "Save settings" });
    const section = within(
      screen
        .getByRole("heading", { level: 2, name: "Vet settings" })
        .closest("section") as HTMLElement,
    );

    const search = section.getByRole("combobox", {
      name: "Do you want to share your calendars with your vet?",
    });
    expect(search).toHaveAttribute("placeholder", "Search for a vet...");
    expect(search).toHaveAccessibleDescription(/can view and edit your calendars/);
    expect(search.closest(".prelaunch-item")).not.toBeNull();

    await user.type(search, "riverside");
    await user.keyboard("{ArrowDown}{Enter}");
    expect(search).toHaveValue("Riverside Veterinary, Macroom");
    await user.click(screen.getByRole("button", { name: "Save settings" }));

    await waitFor(() => expect(sent?.vet_id).toBe(1));
  });
});
