import { screen, within } from "@testing-library/react";
import { referenceData } from "@vaxcal/reference-data";
import { addDays } from "@vaxcal/schedule";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { matchPhoneWidth } from "../../../testing/match-phone-width.ts";
import { server } from "../../../testing/mocks/server.ts";
import { renderApp } from "../../../testing/render-app.tsx";
import { readToday } from "../lib/calendar-dates.ts";
import { resetCalendarDraft } from "../stores/calendar-draft-store.ts";
import {
  applyCalendarFormFields,
  readCalendarForm,
  resetCalendarForm,
} from "../stores/calendar-form-store.ts";
import {
  createFullReferenceHandlers,
  createScopedDiseasesHandler,
} from "../testing/calendar-builder-fixtures.ts";

/*
 * Issue 25 item 5: step 2 on a phone (375 px) opens on the next shots, folds the setup summary
 * away, and lays the calendar out month by month with every action the grid has. Desktop keeps
 * the grid. 'Add diseases' asks step 1's first-course question.
 */

let scopedCalls: string[];

beforeEach(() => {
  resetCalendarForm();
  resetCalendarDraft();
  scopedCalls = [];
  server.use(
    createScopedDiseasesHandler(readToday(), scopedCalls),
    ...createFullReferenceHandlers(),
  );
});
afterEach(() => vi.unstubAllGlobals());

/** Dairy cows, spring calving, far enough ahead that no shot is in the past. */
function chooseDairyCows(
  diseases: number[],
  { birthDate, breedingDate } = { birthDate: "2031-02-01", breedingDate: "2031-04-25" },
) {
  applyCalendarFormFields(
    { enterpriseID: 1, animalID: 1, seasonID: 1, birthDate, breedingDate, diseases },
    referenceData.combinations,
  );
}

async function renderReview() {
  const view = renderApp("/calendar");
  await screen.findByRole("heading", { level: 1, name: "Review your calendar" });
  return view;
}

describe("step 2 on a phone", () => {
  it("opens on the next shots, with the setup summary folded away behind a button (the 375 px first screen is measured in e2e)", async () => {
    matchPhoneWidth(true);
    // Calving in two months: the first shots are due within the year 'Due next' covers.
    const today = readToday();
    chooseDairyCows([1, 3], { birthDate: addDays(today, 60), breedingDate: addDays(today, 140) });
    const { user } = await renderReview();

    const summary = screen.getByRole("button", { name: /^Your choices/ });
    expect(summary).toHaveAttribute("aria-expanded", "false");
    expect(summary).toHaveTextContent("Dairy, Cows, Spring calving");
    expect(screen.getByText("Breeding date")).not.toBeVisible();
    expect(screen.getByRole("tab", { name: "Due next" })).toHaveAttribute("aria-selected", "true");
    const panel = screen.getByRole("tabpanel", { name: "Due next" });
    expect((await within(panel).findAllByRole("listitem")).length).toBeGreaterThan(0);

    summary.focus();
    await user.keyboard("{Enter}");
    expect(summary).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByText("Breeding date")).toBeVisible();
    expect(screen.getByText("Change your choices")).toBeVisible();
  });

  it("lays the calendar out month by month, with no table and every action of the grid", async () => {
    matchPhoneWidth(true);
    chooseDairyCows([1, 3]);
    const { user } = await renderReview();

    await user.click(screen.getByRole("tab", { name: "By month" }));
    const region = within(screen.getByRole("region", { name: "Vaccination calendar" }));
    expect(screen.queryByRole("table")).toBeNull();
    expect(region.getByRole("heading", { name: "March 2031" })).toBeVisible();
    // Every disease is named with its vaccine, none cut off in a scrolling box.
    expect(region.getByRole("heading", { name: "BVD" })).toBeVisible();
    expect(region.getByRole("heading", { name: "Leptospirosis" })).toBeVisible();

    // Move or edit a shot.
    await user.click(region.getByRole("button", { name: "Bovilis BVD, 28 March 2031" }));
    const panel = within(screen.getByRole("dialog", { name: "Bovilis BVD" }));
    const date = panel.getByLabelText("Date of this shot");
    await user.clear(date);
    await user.type(date, "2031-02-20");
    await user.click(panel.getByRole("button", { name: "Confirm" }));
    expect(region.getByRole("button", { name: "Bovilis BVD, 20 February 2031" })).toBeVisible();

    // Delete it.
    await user.click(region.getByRole("button", { name: "Bovilis BVD, 20 February 2031" }));
    await user.click(
      within(screen.getByRole("dialog", { name: "Bovilis BVD" })).getByRole("button", {
        name: "Delete",
      }),
    );
    await user.click(
      within(screen.getByRole("dialog", { name: "Delete shot" })).getByRole("button", {
        name: /Delete/,
      }),
    );
    expect(region.queryByRole("button", { name: "Bovilis BVD, 20 February 2031" })).toBeNull();

    // Add one, from the keyboard.
    region.getByRole("button", { name: "Add shot for BVD in 2031" }).focus();
    await user.keyboard("{Enter}");
    expect(screen.getByRole("dialog", { name: "Add a Bovilis BVD shot" })).toBeVisible();
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Cancel" }));

    // Remove a disease.
    await user.click(region.getByRole("button", { name: "Remove Leptospirosis" }));
    await user.click(
      within(screen.getByRole("dialog", { name: "Remove disease" })).getByRole("button", {
        name: "Remove",
      }),
    );
    expect(region.queryByRole("heading", { name: "Leptospirosis" })).toBeNull();
    expect(readCalendarForm().diseases).toEqual([1]);
  });
});

describe("step 2 at 1280 px", () => {
  it("keeps the grid and shows the setup summary open", async () => {
    matchPhoneWidth(false);
    chooseDairyCows([1, 3]);
    await renderReview();

    expect(screen.getByRole("button", { name: /^Your choices/ })).toHaveAttribute(
      "aria-expanded",
      "true",
    );
    expect(screen.getByText("Breeding date")).toBeVisible();
    expect(screen.getByRole("tab", { name: "Calendar grid" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    expect(await screen.findByRole("table")).toBeInTheDocument();
  });
});

describe("'Add diseases' on step 2", () => {
  it("asks step 1's first-course question for a disease that has one, and lays the course out", async () => {
    matchPhoneWidth(false);
    chooseDairyCows([5]);
    const { user } = await renderReview();

    await user.click(screen.getByRole("button", { name: "Add diseases" }));
    const dialog = within(screen.getByRole("dialog", { name: "Add diseases" }));
    expect(dialog.queryByRole("group", { name: /first BVD course/ })).toBeNull();
    await user.click(dialog.getByRole("checkbox", { name: /^BVD/ }));
    const question = within(
      dialog.getByRole("group", {
        name: "Have these cows had their first BVD course (2 doses)?",
      }),
    );
    expect(question.getByRole("radio", { name: "Yes" })).toBeChecked();
    expect(
      question.getByText("Bought-in animals with no vaccination record: answer No."),
    ).toBeVisible();
    await user.click(question.getByRole("radio", { name: "No, not yet" }));
    await user.click(dialog.getByRole("button", { name: "Add selected" }));

    expect(
      await screen.findByRole("button", { name: "Bovilis BVD (1st dose), 28 February 2031" }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole("button", { name: "Bovilis Rotavec Corona, 14 December 2030" }),
    ).toBeInTheDocument();
    expect(readCalendarForm().diseases).toEqual([5, 1]);
    expect(readCalendarForm().herdStatus).toEqual({ "1": "unprimed" });
    expect(new URL(scopedCalls.at(-1) ?? "").searchParams.get("unprimed")).toBe("1");
  });

  it("keeps the other columns' edits when the answer needs the shots computed again", async () => {
    matchPhoneWidth(false);
    chooseDairyCows([5]);
    const { user } = await renderReview();
    await user.click(
      screen.getByRole("button", { name: "Bovilis Rotavec Corona, 14 December 2030" }),
    );
    const date = within(screen.getByRole("dialog")).getByLabelText("Date of this shot");
    await user.clear(date);
    await user.type(date, "2030-12-10");
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Confirm" }));

    await user.click(screen.getByRole("button", { name: "Add diseases" }));
    const dialog = within(screen.getByRole("dialog", { name: "Add diseases" }));
    await user.click(dialog.getByRole("checkbox", { name: /^BVD/ }));
    await user.click(dialog.getByRole("radio", { name: "No, not yet" }));
    await user.click(dialog.getByRole("button", { name: "Add selected" }));

    expect(
      await screen.findByRole("button", { name: "Bovilis BVD (1st dose), 28 February 2031" }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole("button", { name: "Bovilis Rotavec Corona, 10 December 2030" }),
    ).toBeInTheDocument();
  });
});
