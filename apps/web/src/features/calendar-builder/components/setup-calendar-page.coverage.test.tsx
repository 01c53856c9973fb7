import { screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { createReferenceHandlers } from "../../../testing/mocks/handlers.ts";
import { server } from "../../../testing/mocks/server.ts";
import { renderApp } from "../../../testing/render-app.tsx";
import { resetCalendarDraft } from "../stores/calendar-draft-store.ts";
import { readCalendarForm, resetCalendarForm } from "../stores/calendar-form-store.ts";
import {
  createFullReferenceHandlers,
  fullReferenceLists,
} from "../testing/calendar-builder-fixtures.ts";

/*
 * Spec §2 'Setup your calendar': the banner picture by enterprise, the Login button for a
 * visitor, and the Season row only for an animal with more than one season.
 */

beforeEach(() => {
  resetCalendarForm();
  resetCalendarDraft();
  server.use(...createFullReferenceHandlers());
});

async function renderSetup(options: { isAuthenticated?: boolean } = {}) {
  const view = renderApp("/beta", options);
  await screen.findByRole("heading", { level: 1, name: "Setup your calendar" });
  const main = within(screen.getByRole("main"));
  const group = (name: string) => within(main.getByRole("group", { name }));
  return { ...view, main, group };
}

function readBannerPicture(): Element {
  const picture = document.querySelector(".setup-banner__image");
  if (picture === null) throw new Error("step 1 shows no banner picture");
  return picture;
}

describe("step 1 banner and Login (spec §2)", () => {
  it("changes the banner picture with the enterprise chosen", async () => {
    const { user, group } = await renderSetup();
    const drawn = new Map<string, string>();

    expect(readBannerPicture()).toHaveAttribute("data-scene", "farm");
    drawn.set("none", readBannerPicture().innerHTML);
    for (const [enterprise, scene] of [
      ["Dairy", "dairy"],
      ["Beef", "beef"],
      ["Sheep", "sheep"],
    ] as const) {
      await user.click(group("Enterprise").getByRole("radio", { name: enterprise }));
      expect(readBannerPicture()).toHaveAttribute("data-scene", scene);
      drawn.set(enterprise, readBannerPicture().innerHTML);
    }

    // Four different pictures, not one picture with four labels.
    expect(new Set(drawn.values()).size).toBe(4);
  });

  it("offers a visitor a Login button that opens the login modal", async () => {
    const { user, main } = await renderSetup();

    await user.click(main.getByRole("button", { name: "Login" }));

    expect(screen.getByRole("dialog", { name: "Login" })).toBeInTheDocument();
  });

  it("shows no Login button to a signed-in farmer", async () => {
    const { main } = await renderSetup({ isAuthenticated: true });
    await screen.findByRole("button", { name: "Logout" });

    expect(main.queryByRole("button", { name: "Login" })).not.toBeInTheDocument();
  });
});

describe("step 1 Season row (spec §2: shown only when the animal has more than one season)", () => {
  it("shows the Season radios for an animal with several seasons", async () => {
    const { user, group } = await renderSetup();

    await user.click(group("Enterprise").getByRole("radio", { name: "Sheep" }));
    await user.click(group("Animal").getByRole("radio", { name: "Ewes" }));

    expect(
      group("Season")
        .getAllByRole("radio")
        .map((radio) => (radio as HTMLInputElement).labels?.[0]?.textContent),
    ).toEqual(["Early lambing", "Mid-season lambing", "Hill lambing"]);
  });

  it("hides the Season row for an animal with one season and chooses that season itself", async () => {
    // The seeded data gives every animal several seasons; here the ram is kept to one.
    const ramId = 8;
    const midSeasonLambingId = 4;
    server.use(
      ...createReferenceHandlers({
        ...fullReferenceLists,
        animalEnterpriseSeasonCombinations:
          fullReferenceLists.animalEnterpriseSeasonCombinations.filter(
            (combination) =>
              combination.animal_id !== ramId || combination.season_id === midSeasonLambingId,
          ),
      }),
    );
    const { user, main, group } = await renderSetup();

    await user.click(group("Enterprise").getByRole("radio", { name: "Sheep" }));
    await user.click(group("Animal").getByRole("radio", { name: "Ram" }));

    expect(main.queryByRole("group", { name: "Season" })).not.toBeInTheDocument();
    expect(readCalendarForm().seasonID).toBe(midSeasonLambingId);
    expect(main.getByLabelText("Breeding season start date")).not.toHaveValue("");

    // Back to an animal with several seasons: the row comes back.
    await user.click(group("Animal").getByRole("radio", { name: "Ewes" }));
    expect(main.getByRole("group", { name: "Season" })).toBeInTheDocument();
  });
});
