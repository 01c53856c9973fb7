import { screen, within } from "@testing-library/react";
import { referenceData } from "@vaxcal/reference-data";
import { beforeEach, describe, expect, it } from "vitest";
import { resetCalendarDraft } from "../../features/calendar-builder/stores/calendar-draft-store.ts";
import {
  applyCalendarFormFields,
  resetCalendarForm,
} from "../../features/calendar-builder/stores/calendar-form-store.ts";
import { createFailingReferenceHandler } from "../../testing/mocks/handlers.ts";
import { server } from "../../testing/mocks/server.ts";
import { renderApp } from "../../testing/render-app.tsx";

beforeEach(() => {
  resetCalendarForm();
  resetCalendarDraft();
});

describe("/calendar when the initial data fails (docs/product.md §2, §8)", () => {
  it("goes to the error route with 'Failed to load initial data'", async () => {
    // A finished step 1, so only the failed load keeps the visitor from step 2.
    applyCalendarFormFields(
      {
        enterpriseID: 1,
        animalID: 1,
        seasonID: 1,
        birthDate: "2031-02-01",
        breedingDate: "2031-04-25",
        diseases: [1],
      },
      referenceData.combinations,
    );
    server.use(createFailingReferenceHandler("warnings"));
    const { router } = renderApp("/calendar");
    const main = within(await screen.findByRole("main"));

    expect(
      await main.findByRole("heading", { level: 1, name: "Failed to load initial data" }),
    ).toBeInTheDocument();
    expect(main.getByRole("button", { name: "Try again" })).toBeInTheDocument();
    expect(main.queryByRole("heading", { name: "Review your calendar" })).not.toBeInTheDocument();
    // The error route shows no path of its own.
    expect(router.state.location.pathname).toBe("/calendar");
  });
});
