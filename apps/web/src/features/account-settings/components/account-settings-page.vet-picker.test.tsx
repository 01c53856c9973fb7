import {
  accountMessages,
  accountPaths,
  securityMessages,
  type UpdateSettingsRequest,
} from "@vaxcal/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { StorageKey } from "../../../config/storage-keys.ts";
import { farmerFixture } from "../../../testing/mocks/account-fixtures.ts";
import { server } from "../../../testing/mocks/server.ts";
import { renderApp } from "../../../testing/render-app.tsx";

// jsdom's host is localhost, a pre-launch host (docs/product.md §2 'Account Settings', §9).

describe("Vet settings on a pre-launch host", () => {
  it(
    "shows the red-bordered vet search and saves the chosen practice",
    { timeout: 20_000 },
    async () => {
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
      expect(
        section.getByText(/Changing your vet practice needs your current password/),
      ).toBeVisible();

      // Choosing a practice gives it the calendars: the save asks for the password first.
      await user.click(screen.getByRole("button", { name: "Save settings" }));
      const currentPassword = screen.getByLabelText("Current password");
      await waitFor(() => expect(currentPassword).toHaveFocus());
      expect(currentPassword).toHaveAccessibleDescription(
        expect.stringContaining(securityMessages.currentPasswordForVetChange),
      );
      expect(sent).toBeUndefined();

      await user.paste("grass-meadow-42");
      await user.click(screen.getByRole("button", { name: "Save settings" }));
      await waitFor(() => expect(sent?.vet_id).toBe(1));
      expect(sent?.current_password).toBe("grass-meadow-42");
    },
  );

  it("shows the server's refusal of a wrong password under the field", async () => {
    server.use(
      http.put(accountPaths.settings, () =>
        HttpResponse.json(
          {
            error: {
              code: "VALIDATION_FAILED",
              message: "Some fields are not valid.",
              issues: [
                { path: "body.current_password", message: accountMessages.currentPasswordWrong },
              ],
            },
          },
          { status: 400 },
        ),
      ),
    );
    window.localStorage.setItem(StorageKey.authToken, "stored-token");
    const { user } = renderApp("/settings", { isAuthenticated: true });
    await screen.findByRole("button", { name: "Save settings" });
    const search = screen.getByRole("combobox", {
      name: "Do you want to share your calendars with your vet?",
    });
    await user.type(search, "riverside");
    await user.keyboard("{ArrowDown}{Enter}");
    await user.click(screen.getByLabelText("Current password"));
    await user.paste("not-my-password");
    await user.click(screen.getByRole("button", { name: "Save settings" }));
    expect(await screen.findAllByText(accountMessages.currentPasswordWrong)).not.toHaveLength(0);
  });
});
