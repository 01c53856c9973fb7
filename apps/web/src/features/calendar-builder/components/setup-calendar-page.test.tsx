import { screen, within } from "@testing-library/react";
import { referenceData } from "@vaxcal/reference-data";
import { resolveSeasonDefaults } from "@vaxcal/schedule";
import { beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { createReferenceHandlers } from "../../../testing/mocks/handlers.ts";
import { server } from "../../../testing/mocks/server.ts";
import { renderApp } from "../../../testing/render-app.tsx";
import { readToday } from "../lib/calendar-dates.ts";
import { resetCalendarDraft } from "../stores/calendar-draft-store.ts";
import { readCalendarForm, resetCalendarForm } from "../stores/calendar-form-store.ts";
import {
  createFullReferenceHandlers,
  createScopedDiseasesHandler,
  fullReferenceLists,
} from "../testing/calendar-builder-fixtures.ts";

const hint = "You have to fill in all dates and pick at least one disease to proceed.";
const lungwormQuestion = "Do these calves graze where lungworm (husk) is a risk?";

beforeEach(() => {
  resetCalendarForm();
  resetCalendarDraft();
  server.use(...createFullReferenceHandlers());
});

async function renderSetup(options: { isAuthenticated?: boolean } = {}) {
  const view = renderApp("/beta", options);
  await screen.findByRole("heading", { level: 1, name: "Setup your calendar" });
  const main = within(screen.getByRole("main"));
  const nextStep = () => main.getByRole("button", { name: "Next step" });
  const group = (name: string) => within(main.getByRole("group", { name }));
  return { ...view, main, nextStep, group };
}

/** Chooses the enterprise, animal and season, then ticks a disease (names as step 1 shows them). */
async function chooseSetup(
  { user, group }: Awaited<ReturnType<typeof renderSetup>>,
  choice: { enterprise: string; animal: string; season: RegExp | string; disease: RegExp },
) {
  await user.click(group("Enterprise").getByRole("radio", { name: choice.enterprise }));
  await user.click(group("Animal").getByRole("radio", { name: choice.animal }));
  await user.click(group("Season").getByRole("radio", { name: choice.season }));
  await user.click(group("Diseases").getByRole("checkbox", { name: choice.disease }));
}

function listRadioLabels(radios: HTMLElement[]): string[] {
  return radios.map((radio) => (radio as HTMLInputElement).labels?.[0]?.textContent ?? "");
}

function defaultsOf(combinationId: number) {
  const combination = referenceData.combinations.find(
    (candidate) => candidate.id === combinationId,
  );
  if (!combination) throw new Error("seeded combination");
  const animal = referenceData.animals.find(({ id }) => id === combination.animal_id);
  return resolveSeasonDefaults(combination, readToday(), animal, referenceData);
}

describe("step 1 'Setup your calendar' (docs/product.md §2, §5)", () => {
  it("keeps 'Next step' disabled with the hint until every choice, date and a disease are set", async () => {
    const { user, main, nextStep, group } = await renderSetup();

    expect(nextStep()).toBeDisabled();
    expect(main.getByText(hint)).toBeInTheDocument();
    expect(nextStep()).toHaveAccessibleDescription(hint);

    await user.click(group("Enterprise").getByRole("radio", { name: "Dairy" }));
    await user.click(group("Animal").getByRole("radio", { name: "Cows" }));
    expect(nextStep()).toBeDisabled();
    await user.click(group("Season").getByRole("radio", { name: "Spring calving" }));
    // Dates are prefilled, but no disease is chosen yet.
    expect(nextStep()).toBeDisabled();
    expect(main.getByText(hint)).toBeInTheDocument();

    await user.click(group("Diseases").getByRole("checkbox", { name: /^BVD/ }));
    expect(nextStep()).toBeEnabled();
    expect(main.queryByText(hint)).not.toBeInTheDocument();

    await user.clear(main.getByLabelText("Breeding season start date"));
    expect(nextStep()).toBeDisabled();
    expect(main.getByText(hint)).toBeInTheDocument();

    await user.type(main.getByLabelText("Breeding season start date"), "2027-05-01");
    expect(nextStep()).toBeEnabled();
    await user.clear(main.getByLabelText("Calving season start date"));
    expect(nextStep()).toBeDisabled();
  });

  it("orders the animals Cows, Replacement Heifers, Weanlings, Calves, limited to the enterprise", async () => {
    const { user, group } = await renderSetup();

    await user.click(group("Enterprise").getByRole("radio", { name: "Beef" }));
    expect(listRadioLabels(group("Animal").getAllByRole("radio"))).toEqual([
      "Cows",
      "Replacement Heifers",
      "Weanlings",
      "Calves",
    ]);

    await user.click(group("Enterprise").getByRole("radio", { name: "Sheep" }));
    expect(listRadioLabels(group("Animal").getAllByRole("radio"))).toEqual([
      "Ewes",
      "Hoggets",
      "Ram",
      "Lamb",
    ]);
  });

  it("prefills the season start dates with the engine's defaults, labelled for the animal", async () => {
    const { user, main, group } = await renderSetup();

    await user.click(group("Enterprise").getByRole("radio", { name: "Sheep" }));
    await user.click(group("Animal").getByRole("radio", { name: "Ewes" }));
    // docs/product.md §9: Sheep defaults to season 4, mid-season lambing.
    expect(group("Season").getByRole("radio", { name: "Mid-season lambing" })).toBeChecked();
    const ewes = defaultsOf(21);
    expect(main.getByLabelText("Lambing season start date")).toHaveValue(ewes.birthDate);
    expect(main.getByLabelText("Breeding season start date")).toHaveValue(ewes.breedingDate);

    await user.click(group("Season").getByRole("radio", { name: "Hill lambing" }));
    expect(main.getByLabelText("Lambing season start date")).toHaveValue(defaultsOf(25).birthDate);

    await user.click(group("Animal").getByRole("radio", { name: "Lamb" }));
    expect(main.getByLabelText("Birth date")).toHaveValue(defaultsOf(28).birthDate);
    expect(main.queryByLabelText("Breeding season start date")).not.toBeInTheDocument();

    // The ram has no birth date (docs/product.md §9): breeding alone, and that is enough to
    // proceed.
    await user.click(group("Animal").getByRole("radio", { name: "Ram" }));
    expect(main.queryByLabelText(/Lambing season start date|Birth date/)).not.toBeInTheDocument();
    await user.click(group("Diseases").getByRole("checkbox", { name: /^Footrot/ }));
    expect(main.getByRole("button", { name: "Next step" })).toBeEnabled();
  });

  it("prefills the next season whose first shots are still ahead (docs/product.md §9)", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(2026, 10, 24, 9, 30));
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const { user, main, group } = await renderSetup();

    await user.click(group("Enterprise").getByRole("radio", { name: "Dairy" }));
    await user.click(group("Animal").getByRole("radio", { name: "Replacement Heifers" }));
    await user.click(group("Season").getByRole("radio", { name: "Spring calving" }));
    // This year's breeding (25 April 2026) and its primary courses are past: next year's.
    expect(main.getByLabelText("Breeding season start date")).toHaveValue("2027-04-25");
    expect(main.getByLabelText("Calving season start date")).toHaveValue("2028-02-01");

    // Weanlings born in February 2026 had their shots from August to November: next year's calves.
    await user.click(group("Animal").getByRole("radio", { name: "Weanlings" }));
    expect(main.getByLabelText("Birth date")).toHaveValue("2027-02-01");

    // Mid-season ewes keep the October tupping that got them in lamb.
    await user.click(group("Enterprise").getByRole("radio", { name: "Sheep" }));
    await user.click(group("Animal").getByRole("radio", { name: "Ewes" }));
    expect(main.getByLabelText("Breeding season start date")).toHaveValue("2026-10-05");
    expect(main.getByLabelText("Lambing season start date")).toHaveValue("2027-03-01");
  });

  it("warns when cows are bred before calving, in the spec's words, and not on sheep defaults", async () => {
    const { user, main, group } = await renderSetup();
    const warning =
      "The breeding season start date is before the calving season. Please double check to make sure this is not an error.";

    await user.click(group("Enterprise").getByRole("radio", { name: "Dairy" }));
    await user.click(group("Animal").getByRole("radio", { name: "Cows" }));
    await user.click(group("Season").getByRole("radio", { name: "Spring calving" }));
    expect(main.queryByRole("alert")).not.toBeInTheDocument();

    const calving = main.getByLabelText("Calving season start date");
    await user.clear(calving);
    await user.type(calving, "2027-06-01");
    expect(main.getByRole("alert")).toHaveTextContent(warning);

    await user.click(group("Enterprise").getByRole("radio", { name: "Sheep" }));
    await user.click(group("Animal").getByRole("radio", { name: "Ewes" }));
    // Tupping comes before lambing by design (decision 005).
    expect(main.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("keeps the draft under calendarForm and finds it again after a reload", async () => {
    const first = await renderSetup();
    await first.user.click(first.group("Enterprise").getByRole("radio", { name: "Dairy" }));
    await first.user.click(first.group("Animal").getByRole("radio", { name: "Cows" }));
    await first.user.click(first.group("Season").getByRole("radio", { name: "Spring calving" }));
    await first.user.click(first.group("Diseases").getByRole("checkbox", { name: /^IBR/ }));
    const stored = JSON.parse(window.localStorage.getItem("calendarForm") ?? "null");
    expect(stored).toEqual(readCalendarForm());
    expect(stored).toMatchObject({ enterpriseID: 1, animalID: 1, seasonID: 1, diseases: [2] });
    first.unmount();

    const again = await renderSetup();
    expect(again.group("Enterprise").getByRole("radio", { name: "Dairy" })).toBeChecked();
    expect(again.group("Animal").getByRole("radio", { name: "Cows" })).toBeChecked();
    expect(again.group("Diseases").getByRole("checkbox", { name: /^IBR/ })).toBeChecked();
    expect(again.main.getByLabelText("Calving season start date")).toHaveValue(
      defaultsOf(1).birthDate,
    );
  });

  it("asks whether the cows have had their first course, and keeps the answer", async () => {
    const { user, main, group } = await renderSetup();
    await user.click(group("Enterprise").getByRole("radio", { name: "Dairy" }));
    await user.click(group("Animal").getByRole("radio", { name: "Cows" }));
    await user.click(group("Season").getByRole("radio", { name: "Spring calving" }));
    const question = "Have these cows had their first BVD course (2 doses)?";
    expect(main.queryByRole("group", { name: question })).toBeNull();

    await user.click(group("Diseases").getByRole("checkbox", { name: /^BVD/ }));
    expect(group(question).getByRole("radio", { name: "Yes" })).toBeChecked();
    await user.click(group(question).getByRole("radio", { name: "No, not yet" }));

    expect(group(question).getByRole("radio", { name: "No, not yet" })).toBeChecked();
    expect(readCalendarForm().herdStatus).toEqual({ "1": "unprimed" });
    // Calves have no such question.
    await user.click(group("Animal").getByRole("radio", { name: "Calves" }));
    expect(main.queryByText(/had their first/)).toBeNull();
    expect(readCalendarForm().herdStatus).toEqual({});
  });

  it("asks heifers about their first BVD course, 'No, not yet' by default with the bought-in hint, and sends a 'Yes' to step 2 (decision 421)", async () => {
    const calls: string[] = [];
    server.use(createScopedDiseasesHandler(readToday(), calls));
    const view = await renderSetup();
    const { user, main, nextStep } = view;
    await chooseSetup(view, {
      enterprise: "Dairy",
      animal: "Replacement Heifers",
      season: "Spring calving",
      disease: /^BVD/,
    });

    const question = main.getByRole("group", {
      name: "Have these heifers had their first BVD course (2 doses)?",
    });
    expect(within(question).getByRole("radio", { name: "No, not yet" })).toBeChecked();
    expect(question).toHaveAccessibleDescription(
      "Bought-in animals with no vaccination record: answer No.",
    );
    await user.click(within(question).getByRole("radio", { name: "Yes" }));
    expect(readCalendarForm().herdStatus).toEqual({ "1": "primed" });

    await user.click(nextStep());
    await screen.findByRole("heading", { level: 1, name: "Review your calendar" });
    await vi.waitFor(() => expect(calls).not.toHaveLength(0));
    const sent = new URL(calls.at(-1) ?? "").searchParams;
    expect(sent.get("primed")).toBe("1");
    expect(sent.get("unprimed")).toBeNull();
  }, 15_000);

  it("asks rams about their first clostridial course, 'Yes' by default, with the bought-in hint (decision 421)", async () => {
    const view = await renderSetup();
    await chooseSetup(view, {
      enterprise: "Sheep",
      animal: "Ram",
      season: /^Mid-season/,
      disease: /^Clostridial/,
    });
    const { main } = view;

    const question = main.getByRole("group", {
      name: "Have your rams had their first clostridial course (2 doses)?",
    });
    expect(within(question).getByRole("radio", { name: "Yes" })).toBeChecked();
    expect(question).toHaveAccessibleDescription(
      "Bought-in animals with no vaccination record: answer No.",
    );
  });

  it("asks whether suckler calves graze with lungworm risk, no by default, and sends the answer to step 2 (decision 419)", async () => {
    const calls: string[] = [];
    server.use(createScopedDiseasesHandler(readToday(), calls));
    const { user, main, group, nextStep } = await renderSetup();
    await user.click(group("Enterprise").getByRole("radio", { name: "Beef" }));
    await user.click(group("Animal").getByRole("radio", { name: "Calves" }));
    await user.click(group("Season").getByRole("radio", { name: "Spring calving" }));
    expect(main.queryByRole("group", { name: lungwormQuestion })).toBeNull();

    await user.click(group("Diseases").getByRole("checkbox", { name: /^Lungworm/ }));
    const question = main.getByRole("group", { name: lungwormQuestion });
    expect(within(question).getByRole("radio", { name: "No" })).toBeChecked();
    expect(question).toHaveAccessibleDescription(/Usually no for suckler calves/);
    await user.click(within(question).getByRole("radio", { name: "Yes" }));
    expect(readCalendarForm().lungwormRisk).toBe(true);

    await user.click(nextStep());
    await screen.findByRole("heading", { level: 1, name: "Review your calendar" });
    await vi.waitFor(() => expect(calls).not.toHaveLength(0));
    expect(new URL(calls.at(-1) ?? "").searchParams.get("lungwormRisk")).toBe("yes");
    // Step 2 follows the answer: Huskvac's course for these calves.
    expect(await screen.findAllByText(/Huskvac \(1st dose\)/)).not.toHaveLength(0);
  }, 15_000);

  it("shows dairy calves' lungworm answer as yes by default, and asks nothing for weanlings (decision 419)", async () => {
    const { user, main, group } = await renderSetup();
    await user.click(group("Enterprise").getByRole("radio", { name: "Dairy" }));
    await user.click(group("Animal").getByRole("radio", { name: "Calves" }));
    await user.click(group("Season").getByRole("radio", { name: "Spring calving" }));
    await user.click(group("Diseases").getByRole("checkbox", { name: /^Lungworm/ }));
    const question = main.getByRole("group", { name: lungwormQuestion });
    expect(within(question).getByRole("radio", { name: "Yes" })).toBeChecked();
    expect(question).toHaveAccessibleDescription(/Usually yes for dairy calves/);
    await user.click(within(question).getByRole("radio", { name: "No" }));
    expect(readCalendarForm().lungwormRisk).toBe(false);
    // A new animal asks again: the answer was about these calves.
    await user.click(group("Animal").getByRole("radio", { name: "Weanlings" }));
    expect(main.queryByRole("group", { name: lungwormQuestion })).toBeNull();
    expect(readCalendarForm().lungwormRisk).toBeNull();
  });

  it("asks when calving ends, with the season's usual block in words, and sends it to step 2 (decision 416)", async () => {
    const calls: string[] = [];
    server.use(createScopedDiseasesHandler(readToday(), calls));
    const { user, main, group, nextStep } = await renderSetup();
    await user.click(group("Enterprise").getByRole("radio", { name: "Dairy" }));
    await user.click(group("Animal").getByRole("radio", { name: "Cows" }));
    await user.click(group("Season").getByRole("radio", { name: "Spring calving" }));
    await user.click(group("Diseases").getByRole("checkbox", { name: /^BVD/ }));

    const end = main.getByLabelText(/^Calving season end date/);
    expect(end).toHaveValue("");
    expect(end).toHaveAccessibleDescription(
      /Usually spring calving: 1 February to 12 April\. Leave it empty to use that\./,
    );
    // The last calving before the first: said in farm language, and no next step.
    const birthDate = defaultsOf(1).birthDate!;
    const year = Number(birthDate.slice(0, 4));
    await user.type(end, `${year}-01-15`);
    expect(main.getByText("The last calving or lambing can't be before the first.")).toBeVisible();
    expect(nextStep()).toBeDisabled();
    // More than 26 weeks of calving.
    await user.clear(end);
    await user.type(end, `${year}-09-01`);
    expect(
      main.getByText(
        "Calving or lambing can run for 26 weeks at most: please check the last date.",
      ),
    ).toBeVisible();
    expect(nextStep()).toBeDisabled();

    await user.clear(end);
    await user.type(end, `${year}-04-30`);
    expect(nextStep()).toBeEnabled();
    await user.click(nextStep());
    await screen.findByRole("heading", { level: 1, name: "Review your calendar" });
    await vi.waitFor(() => expect(calls).not.toHaveLength(0));
    expect(new URL(calls[0] ?? "").searchParams.get("birthEndDate")).toBe(`${year}-04-30`);
  });

  it("leaves the usual end out of the form but sends it for the season (decision 416)", async () => {
    const calls: string[] = [];
    server.use(createScopedDiseasesHandler(readToday(), calls));
    const { user, group, nextStep } = await renderSetup();
    await user.click(group("Enterprise").getByRole("radio", { name: "Sheep" }));
    await user.click(group("Animal").getByRole("radio", { name: "Ewes" }));
    await user.click(group("Diseases").getByRole("checkbox", { name: /^Clostridial/ }));
    await user.click(nextStep());
    await screen.findByRole("heading", { level: 1, name: "Review your calendar" });
    await vi.waitFor(() => expect(calls).not.toHaveLength(0));
    const query = new URL(calls[0] ?? "").searchParams;
    // Mid-season lambing's usual 5 weeks from its start.
    const start = Date.parse(query.get("birthDate") ?? "");
    expect(Date.parse(query.get("birthEndDate") ?? "") - start).toBe(35 * 86_400_000);
    expect(readCalendarForm().birthEndDate).toBeNull();
  });

  it("goes to step 2 on 'Next step'", async () => {
    const { user, router, group, nextStep } = await renderSetup();
    await user.click(group("Enterprise").getByRole("radio", { name: "Dairy" }));
    await user.click(group("Animal").getByRole("radio", { name: "Calves" }));
    await user.click(group("Season").getByRole("radio", { name: "Autumn calving" }));
    await user.click(group("Diseases").getByRole("checkbox", { name: /^Pneumonia/ }));

    await user.click(nextStep());

    // /calendar's guard downloads the schedule engine first, so step 2 arrives a moment later.
    await screen.findByRole("heading", { level: 1, name: "Review your calendar" });
    expect(router.state.location.pathname).toBe("/calendar");
  });
});

function readBannerPicture(): Element {
  const picture = document.querySelector(".setup-banner__image");
  if (picture === null) throw new Error("step 1 shows no banner picture");
  return picture;
}

describe("step 1 banner and Login (docs/product.md §2)", () => {
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

describe("step 1 Season row (docs/product.md §2: shown only when the animal has more than one season)", () => {
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
