import { referenceLists, type Vet } from "@vaxcal/contracts";
import { act, screen, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { comboboxCloseDelayMs } from "../../../../components/ui/combobox.tsx";
import { server } from "../../../../testing/mocks/server.ts";
import { renderApp } from "../../../../testing/render-app.tsx";
import { ModalName, openModal } from "../../../../stores/modals.ts";
import { resetRegisterWizard } from "../../stores/register-wizard-store.ts";

// jsdom's host is localhost, a pre-launch host (docs/product.md §2, §9): the vet picker shows.

const practices: Vet[] = [
  {
    id: 1,
    vet_practice_name: "Riverside Veterinary",
    vet_practice_address_id: null,
    town: "Macroom",
  },
  { id: 2, vet_practice_name: "Hillview Vets", vet_practice_address_id: null, town: "Ballinasloe" },
  {
    id: 3,
    vet_practice_name: "Shannon River Clinic",
    vet_practice_address_id: null,
    town: "Ennis",
  },
];
const label = "Do you want to share your calendars with your vet?";
const disclaimer =
  "The vet practice you choose can view and edit your calendars and will receive notifications when your vaccinations are due.";

beforeEach(() => {
  server.use(http.get(referenceLists.vets.path, () => HttpResponse.json<Vet[]>(practices)));
});

afterEach(() => {
  vi.useRealTimers();
});

async function openRegister() {
  resetRegisterWizard();
  const view = renderApp("/logged-out");
  await screen.findByRole("heading", { level: 1 });
  act(() => openModal(ModalName.register));
  const dialog = within(screen.getByRole("dialog", { name: "Register with VaxCal" }));
  const picker = await dialog.findByRole("combobox", { name: label });
  return { ...view, dialog, picker };
}

/** The picker's own list (the selects of step 1 have options too). */
function readPickerList(picker: HTMLElement) {
  const list = document.getElementById(picker.getAttribute("aria-controls") ?? "");
  if (list === null) throw new Error("the picker controls no list");
  return within(list);
}

function listOptionNames(picker: HTMLElement): string[] {
  return readPickerList(picker)
    .queryAllByRole("option")
    .map((option) => option.textContent ?? "");
}

describe("the registration vet picker on a pre-launch host (docs/product.md §2 'Register')", () => {
  it("is labelled, has the placeholder and the disclaimer, and a red border", async () => {
    const { picker } = await openRegister();

    expect(picker).toHaveAttribute("placeholder", "Search for a vet...");
    expect(picker).toHaveAccessibleDescription(disclaimer);
    expect(screen.getByText(disclaimer)).toBeVisible();
    expect(picker.closest(".prelaunch-item")).not.toBeNull();
  });

  it("lists the vet practice names and filters them case-insensitively by substring", async () => {
    const { user, picker } = await openRegister();

    await user.click(picker);
    expect(
      await readPickerList(picker).findByRole("option", { name: "Hillview Vets, Ballinasloe" }),
    ).toBeInTheDocument();
    expect(listOptionNames(picker)).toEqual([
      "Riverside Veterinary, Macroom",
      "Hillview Vets, Ballinasloe",
      "Shannon River Clinic, Ennis",
    ]);

    await user.type(picker, "rIVer");
    expect(listOptionNames(picker)).toEqual([
      "Riverside Veterinary, Macroom",
      "Shannon River Clinic, Ennis",
    ]);
    await user.clear(picker);
    await user.type(picker, "VIEW");
    expect(listOptionNames(picker)).toEqual(["Hillview Vets, Ballinasloe"]);
  });

  it("moves through the options with the arrow keys and chooses with Enter", async () => {
    const { user, picker } = await openRegister();
    await user.click(picker);
    await readPickerList(picker).findByRole("option", { name: "Hillview Vets, Ballinasloe" });

    await user.keyboard("{ArrowDown}{ArrowDown}");
    expect(picker).toHaveAttribute(
      "aria-activedescendant",
      readPickerList(picker).getByRole("option", { name: "Hillview Vets, Ballinasloe" }).id,
    );
    await user.keyboard("{ArrowDown}{ArrowUp}{Enter}");

    expect(picker).toHaveValue("Hillview Vets, Ballinasloe");
    expect(picker).toHaveAttribute("aria-expanded", "false");
    // Enter chose the vet; it did not submit step 1.
    expect(document.querySelector(".dialog__counter")?.textContent).toBe("(1/2)");
  });

  it("closes 200 ms after the field loses focus", async () => {
    const { user, dialog, picker } = await openRegister();
    await user.click(picker);
    await readPickerList(picker).findByRole("option", { name: "Hillview Vets, Ballinasloe" });
    expect(picker).toHaveAttribute("aria-expanded", "true");

    vi.useFakeTimers();
    act(() => dialog.getByLabelText("First name").focus());
    act(() => vi.advanceTimersByTime(comboboxCloseDelayMs - 1));
    expect(picker).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByRole("listbox", { hidden: true })).toBeVisible();
    act(() => vi.advanceTimersByTime(1));
    expect(picker).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByRole("listbox")).not.toBeInTheDocument();
  });
});
