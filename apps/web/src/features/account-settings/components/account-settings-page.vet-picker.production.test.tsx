// @vitest-environment-options { "url": "https://vaxcal.ie/" }
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { StorageKey } from "../../../config/storage-keys.ts";
import { renderApp } from "../../../testing/render-app.tsx";

// This file runs on the production host name, where the pre-launch items are off
// (docs/product.md §2, §9).

describe("Vet settings on the production host", () => {
  it("keeps the section but hides the vet search", async () => {
    window.localStorage.setItem(StorageKey.authToken, "stored-token");
    renderApp("/settings", { isAuthenticated: true });
    await screen.findByRole("button", { name: "Save settings" });
    const section = within(
      screen
        .getByRole("heading", { level: 2, name: "Vet settings" })
        .closest("section") as HTMLElement,
    );

    expect(section.getByText(/You have not chosen a vet practice/)).toBeVisible();
    expect(
      section.queryByRole("combobox", {
        name: "Do you want to share your calendars with your vet?",
      }),
    ).not.toBeInTheDocument();
    expect(section.queryByPlaceholderText("Search for a vet...")).not.toBeInTheDocument();
  });
});
