import { screen, within } from "@testing-library/react";
import { calendarBuilderMessages } from "@vaxcal/contracts";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { server } from "../../../testing/mocks/server.ts";
import { renderApp } from "../../../testing/render-app.tsx";
import { readToday } from "../lib/calendar-dates.ts";
import { resetCalendarDraft } from "../stores/calendar-draft-store.ts";
import { readCalendarForm, resetCalendarForm } from "../stores/calendar-form-store.ts";
import {
  createFullReferenceHandlers,
  createScopedDiseasesHandler,
} from "../testing/calendar-builder-fixtures.ts";

/*
 * Decision 422: step 1 asks when the youngest of the group was born, only where a ticked disease's
 * vaccine has a minimum age the animals can still be under: heifers' Bovilis BVD (8 months, S1),
 * hoggets' Enzovax and Toxovax (5 months, S16, S18).
 */

const heifersQuestion = "When was the youngest of these heifers born?";
const hoggetsQuestion = "When was the youngest of these hoggets born?";

beforeEach(() => {
  resetCalendarForm();
  resetCalendarDraft();
  server.use(...createFullReferenceHandlers());
});

async function renderSetup() {
  const view = renderApp("/beta");
  await screen.findByRole("heading", { level: 1, name: "Setup your calendar" });
  const main = within(screen.getByRole("main"));
  const group = (name: string) => within(main.getByRole("group", { name }));
  const field = (name: string) => main.queryByLabelText(name, { exact: false });
  return { ...view, main, group, field };
}

describe("step 1 asks when the youngest was born (decision 422)", () => {
  it("asks of heifers only once BVD is ticked, with the reason, and keeps the answer", async () => {
    const { user, group, field } = await renderSetup();
    await user.click(group("Enterprise").getByRole("radio", { name: "Dairy" }));
    await user.click(group("Animal").getByRole("radio", { name: "Replacement Heifers" }));
    await user.click(group("Season").getByRole("radio", { name: "Spring calving" }));
    await user.click(group("Diseases").getByRole("checkbox", { name: /^Leptospirosis/ }));
    expect(field(heifersQuestion)).toBeNull();

    await user.click(group("Diseases").getByRole("checkbox", { name: /^BVD/ }));
    const input = field(heifersQuestion);
    expect(input).not.toBeNull();
    expect(input).toHaveAttribute("type", "date");
    expect(input).toHaveAccessibleDescription(/Bovilis BVD is given from 8 months of age\./);
    await user.type(input!, "2026-04-10");
    expect(readCalendarForm().youngestBirthDate).toBe("2026-04-10");

    await user.click(group("Diseases").getByRole("checkbox", { name: /^BVD/ }));
    expect(field(heifersQuestion)).toBeNull();
  }, 15_000);

  it("asks nothing of cows with BVD ticked", async () => {
    const { user, group, field, main } = await renderSetup();
    await user.click(group("Enterprise").getByRole("radio", { name: "Dairy" }));
    await user.click(group("Animal").getByRole("radio", { name: "Cows" }));
    await user.click(group("Season").getByRole("radio", { name: "Spring calving" }));
    await user.click(group("Diseases").getByRole("checkbox", { name: /^BVD/ }));
    expect(field("youngest")).toBeNull();
    expect(main.queryByText(/from 8 months of age/)).toBeNull();
  });

  it("asks once of hoggets for Enzovax and Toxovax, says a date after today is wrong, and sends the answer to step 2", async () => {
    const calls: string[] = [];
    server.use(createScopedDiseasesHandler(readToday(), calls));
    const { user, group, field, main } = await renderSetup();
    await user.click(group("Enterprise").getByRole("radio", { name: "Sheep" }));
    await user.click(group("Animal").getByRole("radio", { name: "Hoggets" }));
    await user.click(group("Season").getByRole("radio", { name: "Mid-season lambing" }));
    expect(field(hoggetsQuestion)).toBeNull();

    await user.click(group("Diseases").getByRole("checkbox", { name: /^Enzootic abortion/ }));
    expect(field(hoggetsQuestion)).toHaveAccessibleDescription(
      /^Enzovax is given from 5 months of age\./,
    );
    await user.click(group("Diseases").getByRole("checkbox", { name: /^Toxoplasmosis/ }));
    expect(main.getAllByLabelText(hoggetsQuestion, { exact: false })).toHaveLength(1);
    expect(field(hoggetsQuestion)).toHaveAccessibleDescription(
      /Enzovax and Toxovax are given from 5 months of age\./,
    );

    await user.type(field(hoggetsQuestion)!, "2099-01-01");
    expect(main.getByText(calendarBuilderMessages.youngestBornAfterToday)).toBeInTheDocument();
    expect(main.getByRole("button", { name: "Next step" })).toBeDisabled();
    await user.clear(field(hoggetsQuestion)!);
    await user.type(field(hoggetsQuestion)!, "2026-06-20");
    expect(main.queryByText(calendarBuilderMessages.youngestBornAfterToday)).toBeNull();

    await user.click(main.getByRole("button", { name: "Next step" }));
    await screen.findByRole("heading", { level: 1, name: "Review your calendar" });
    await vi.waitFor(() => expect(calls).not.toHaveLength(0));
    expect(new URL(calls.at(-1) ?? "").searchParams.get("youngestBirthDate")).toBe("2026-06-20");
  }, 15_000);

  it("forgets the answer when the animal changes", async () => {
    const { user, group, field } = await renderSetup();
    await user.click(group("Enterprise").getByRole("radio", { name: "Sheep" }));
    await user.click(group("Animal").getByRole("radio", { name: "Hoggets" }));
    await user.click(group("Season").getByRole("radio", { name: "Mid-season lambing" }));
    await user.click(group("Diseases").getByRole("checkbox", { name: /^Enzootic abortion/ }));
    await user.type(field(hoggetsQuestion)!, "2026-06-20");
    await user.click(group("Animal").getByRole("radio", { name: "Ewes" }));
    expect(field("youngest")).toBeNull();
    expect(readCalendarForm().youngestBirthDate).toBeNull();
  });
});
