// @vitest-environment-options { "url": "https://vaxcal.ie/" }
import { act, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../../../testing/render-app.tsx";
import { ModalName, openModal } from "../../../../stores/modals.ts";
import { resetRegisterWizard } from "../../stores/register-wizard-store.ts";

// This file runs on the production host name, where the pre-launch items are off
// (docs/product.md §2, §9).

describe("the registration vet picker on the production host", () => {
  it("is not shown", async () => {
    resetRegisterWizard();
    renderApp("/logged-out");
    await screen.findByRole("heading", { level: 1 });
    act(() => openModal(ModalName.register));
    const dialog = within(screen.getByRole("dialog", { name: "Register with VaxCal" }));

    // Step 1 is there, without the picker.
    expect(await dialog.findByLabelText("First name")).toBeInTheDocument();
    expect(
      dialog.queryByRole("combobox", {
        name: "Do you want to share your calendars with your vet?",
      }),
    ).not.toBeInTheDocument();
    expect(
      dialog.queryByText("Do you want to share your calendars with your vet?"),
    ).not.toBeInTheDocument();
    expect(dialog.queryByPlaceholderText("Search for a vet...")).not.toBeInTheDocument();
  });
});
