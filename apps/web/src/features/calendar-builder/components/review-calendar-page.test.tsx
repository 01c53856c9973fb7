import { act, screen, within } from "@testing-library/react";
import { referenceLists } from "@vaxcal/contracts";
import { referenceData } from "@vaxcal/reference-data";
import { http, HttpResponse } from "msw";
import { addDays, formatLongDate } from "@vaxcal/schedule";
import { beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { allowConsoleErrors } from "../../../testing/console-guard.ts";
import { server } from "../../../testing/mocks/server.ts";
import { renderApp } from "../../../testing/render-app.tsx";
import { ModalName, openModal } from "../../../stores/modals.ts";
import { formatDayDate, readToday } from "../lib/calendar-dates.ts";
import { buildCalendarSetup, describeSetupKey } from "../lib/calendar-setup.ts";
import {
  hasKeptSavedDraft,
  resetCalendarDraft,
  restoreSavedCalendarDraft,
  useCalendarDraftStore,
} from "../stores/calendar-draft-store.ts";
import {
  applyCalendarFormFields,
  readCalendarForm,
  resetCalendarForm,
} from "../stores/calendar-form-store.ts";
import {
  computeScopedDiseases,
  createFailingScopedDiseasesHandler,
  createFullReferenceHandlers,
  createScopedDiseasesHandler,
} from "../testing/calendar-builder-fixtures.ts";

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

/** Dairy cows, spring calving, far enough ahead that no shot is in the past. */
function chooseDairyCows(
  diseases: number[],
  birthDate = "2031-02-01",
  breedingDate = "2031-04-25",
) {
  applyCalendarFormFields(
    { enterpriseID: 1, animalID: 1, seasonID: 1, birthDate, breedingDate, diseases },
    referenceData.combinations,
  );
}

/** Dairy replacement heifers, spring calving: first calving 283 days after breeding. */
function chooseHeifers(diseases: number[], breedingDate: string) {
  applyCalendarFormFields(
    {
      enterpriseID: 1,
      animalID: 2,
      seasonID: 1,
      birthDate: addDays(breedingDate, 283),
      breedingDate,
      diseases,
    },
    referenceData.combinations,
  );
}

async function renderReview() {
  const view = renderApp("/calendar");
  await screen.findByRole("heading", { level: 1, name: "Review your calendar" });
  const grid = await screen.findByRole("region", { name: "Vaccination calendar" });
  return { ...view, grid: within(grid), main: within(screen.getByRole("main")) };
}

describe("step 2's draft, new or saved (ADR 405's follow-up)", () => {
  it("starts a new calendar afresh when a saved one with the same setup was opened before", async () => {
    chooseDairyCows([1]);
    const form = readCalendarForm();
    const combinationId = form.animalEnterpriseSeasonCombination?.id ?? 0;
    const setup = buildCalendarSetup(
      form,
      referenceData.animals.find((animal) => animal.id === 1),
    );
    if (setup === null) throw new Error("no setup");
    const setupKey = describeSetupKey(combinationId, setup);
    const available = computeScopedDiseases(combinationId, "2031-02-01", "2031-04-25", readToday());
    const shots = available.find((disease) => disease.id === 1)?.vaccine?.shots ?? [];
    // The saved calendar, opened and edited: its BVD shot moved to 4 April, not saved yet.
    const savedCalendar = { id: 7, updatedAt: "2026-01-10T09:00:00.000Z" };
    restoreSavedCalendarDraft({
      setupKey,
      available,
      columns: [
        {
          id: 1,
          shots: shots.map((shot) =>
            shot.isMirroredCopy ? shot : { ...shot, date: "2031-04-04", userInitiated: true },
          ),
        },
      ],
      savedCalendar,
    });

    const { grid } = await renderReview();

    expect(grid.getByRole("button", { name: "Bovilis BVD, 28 March 2031" })).toBeInTheDocument();
    expect(grid.queryByRole("button", { name: /^Bovilis BVD, 4 April 2031/ })).toBeNull();
    expect(screen.getByText("Step 2 of 2")).toBeInTheDocument();
    expect(scopedCalls).toHaveLength(1);
    // The saved calendar keeps its own draft, unsaved edit included.
    expect(hasKeptSavedDraft(setupKey, savedCalendar)).toBe(true);
    const savedShots = useCalendarDraftStore.getState().saved.draft?.diseases[0]?.vaccine?.shots;
    expect(savedShots?.map((shot) => shot.date)).toContain("2031-04-04");
    expect(JSON.parse(window.localStorage.getItem("scopedDiseasesAll") ?? "null")).toMatchObject({
      setupKey,
    });
    expect(JSON.parse(window.localStorage.getItem("scopedDiseasesAll") ?? "{}")).not.toHaveProperty(
      "savedCalendar",
    );
  });
});

describe("step 2 'Review your calendar' (docs/product.md §2, §4)", () => {
  it("sends a visitor without a finished step 1 to PublicHome, from /calendar and /calendar/{id}", async () => {
    for (const path of ["/calendar", "/calendar/12"]) {
      const { router, unmount } = renderApp(path);
      await screen.findByRole("heading", { level: 1, name: /planned/ });
      expect(router.state.location.pathname).toBe("/");
      unmount();
    }
  });

  it("sends a visitor to PublicHome when an adult has no breeding date", async () => {
    chooseDairyCows([1]);
    applyCalendarFormFields({ breedingDate: null }, referenceData.combinations);
    const { router } = renderApp("/calendar");

    await screen.findByRole("heading", { level: 1, name: /planned/ });
    expect(router.state.location.pathname).toBe("/");
  });

  it("shows one column per chosen disease with the computed shots", async () => {
    chooseDairyCows([1, 3]);
    const { grid, main } = await renderReview();

    expect(grid.getAllByRole("columnheader").map((header) => header.textContent)).toEqual([
      "Month",
      expect.stringMatching(/^BVD/),
      expect.stringMatching(/^Leptospirosis/),
    ]);
    expect(grid.getByRole("button", { name: "Bovilis BVD, 28 March 2031" })).toBeInTheDocument();
    expect(
      grid.getByRole("button", { name: "Bovilis BVD, 28 March 2032, repeats every year" }),
    ).toBeInTheDocument();
    expect(main.getByText(/consult your vet/)).toBeInTheDocument();
    expect(scopedCalls).toHaveLength(1);
    expect(new URL(scopedCalls[0] ?? "").searchParams.get("include")).toBe(
      "vaccine,vaccine.shots,vaccine.rules",
    );
  });

  it("lays out the BVD course first for a herd that has not had it, and asks the server so", async () => {
    chooseDairyCows([1]);
    applyCalendarFormFields({ herdStatus: { "1": "unprimed" } }, referenceData.combinations);
    const { grid } = await renderReview();

    expect(
      grid.getByRole("button", { name: "Bovilis BVD (1st dose), 28 February 2031" }),
    ).toBeInTheDocument();
    expect(grid.getByRole("button", { name: "Bovilis BVD, 28 March 2031" })).toBeInTheDocument();
    expect(new URL(scopedCalls[0] ?? "").searchParams.get("unprimed")).toBe("1");
  });

  it("says plainly why a column has no date, and still offers Add shot", async () => {
    chooseDairyCows([10]);
    const { grid } = await renderReview();

    const header = grid.getAllByRole("columnheader")[1];
    expect(header?.textContent).toMatch(/^Bluetongue/);
    expect(header).toHaveTextContent("No fixed schedule: agree the date with your vet");
    expect(
      grid.getAllByRole("button", { name: /^Add shot for Bluetongue/ }).length,
    ).toBeGreaterThan(0);
  });

  it("moves a shot at once, in the browser, and keeps the edit across a reload", async () => {
    chooseDairyCows([1]);
    const first = await renderReview();

    await first.user.click(first.grid.getByRole("button", { name: "Bovilis BVD, 28 March 2031" }));
    const panel = within(screen.getByRole("dialog", { name: "Bovilis BVD" }));
    const date = panel.getByLabelText("Date of this shot");
    await first.user.clear(date);
    await first.user.type(date, "2031-02-20");
    await first.user.click(panel.getByRole("button", { name: "Confirm" }));

    expect(first.grid.getByRole("button", { name: "Bovilis BVD, 20 February 2031" })).toBeVisible();
    expect(
      first.grid.getByRole("button", { name: "Bovilis BVD, 20 February 2032, repeats every year" }),
    ).toBeVisible();
    expect(first.grid.queryByRole("button", { name: "Bovilis BVD, 28 March 2031" })).toBeNull();
    first.unmount();

    const again = await renderReview();
    expect(again.grid.getByRole("button", { name: "Bovilis BVD, 20 February 2031" })).toBeVisible();
    // The kept draft answered: no second call for the same setup.
    expect(scopedCalls).toHaveLength(1);
  });

  it("adds the diseases ticked in step 1 since, keeping the edits of the others", async () => {
    chooseDairyCows([1]);
    const first = await renderReview();
    await first.user.click(first.grid.getByRole("button", { name: "Bovilis BVD, 28 March 2031" }));
    const date = within(screen.getByRole("dialog")).getByLabelText("Date of this shot");
    await first.user.clear(date);
    await first.user.type(date, "2031-02-20");
    await first.user.click(
      within(screen.getByRole("dialog")).getByRole("button", { name: "Confirm" }),
    );
    first.unmount();

    applyCalendarFormFields({ diseases: [1, 3] }, referenceData.combinations);
    const again = await renderReview();

    expect(again.grid.getAllByRole("columnheader")).toHaveLength(3);
    expect(again.grid.getByRole("button", { name: "Bovilis BVD, 20 February 2031" })).toBeVisible();
    expect(
      again.grid.getByRole("button", { name: "Bovilis Leptavoid-H, 14 March 2031" }),
    ).toBeVisible();
    expect(scopedCalls).toHaveLength(1);
  });

  it("shows 'Failed to load calendar data' when the scoped call fails", async () => {
    allowConsoleErrors();
    server.use(createFailingScopedDiseasesHandler());
    chooseDairyCows([1]);
    renderApp("/calendar");

    expect(
      await screen.findByRole("heading", { level: 1, name: "Failed to load calendar data" }),
    ).toBeInTheDocument();
  });

  it("shows the empty state once every disease is removed, and adds one back", async () => {
    chooseDairyCows([1]);
    const { user, grid, main } = await renderReview();

    await user.click(grid.getByRole("button", { name: "Remove BVD" }));
    const confirm = within(screen.getByRole("dialog", { name: "Remove disease" }));
    expect(confirm.getByText(/remove BVD and all its shots/)).toBeInTheDocument();
    await user.click(confirm.getByRole("button", { name: "Remove" }));

    expect(main.getByText("No diseases selected yet.")).toBeInTheDocument();
    expect(readCalendarForm().diseases).toEqual([]);
    const addButtons = main.getAllByRole("button", { name: "Add diseases" });
    await user.click(addButtons[addButtons.length - 1] as HTMLElement);
    const dialog = within(screen.getByRole("dialog", { name: "Add diseases" }));
    await user.click(dialog.getByRole("checkbox", { name: "Calf scour" }));
    await user.click(dialog.getByRole("button", { name: "Add selected" }));

    expect(
      await screen.findByRole("button", { name: "Bovilis Rotavec Corona, 14 December 2030" }),
    ).toBeInTheDocument();
    expect(readCalendarForm().diseases).toEqual([5]);
  });

  it("asks about shots in the past on load, listing them by date and vaccine, and 'Remove them' drops them", async () => {
    // Heifers bred in 40 days: the first BVD dose (breeding − 56) was 16 days ago, the second
    // (breeding − 28) is in 12 days.
    const today = readToday();
    const breedingDate = shiftDate(today, 40);
    const firstDose = shiftDate(breedingDate, -56);
    const secondDose = shiftDate(breedingDate, -28);
    // A server without template windows (before decision 414) keeps a past dose's date; with
    // windows it is missed, undated (decision 418).
    server.use(createScopedDiseasesHandler(readToday(), [], referenceData.shotTemplates));
    chooseHeifers([1], breedingDate);
    const { user } = renderApp("/calendar");

    const dialog = await screen.findByRole("dialog", { name: "Shots in the past" });
    const popup = within(dialog);
    expect(popup.getByText(/dated before today/)).toBeInTheDocument();
    expect(
      within(popup.getByRole("list", { name: "Shots dated before today" }))
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual([`${formatDayDate(firstDose)} · Bovilis BVD (1st dose) · Replacement Heifers`]);
    // The safe choice, which loses nothing, is the main button.
    expect(popup.getByRole("button", { name: "Keep them" })).toHaveClass("button--primary");
    // Shown as past, in its month's row or, from an earlier month, in the past shots list.
    expect(
      screen.getByRole("button", {
        name: new RegExp(
          `^Bovilis BVD \\(1st dose\\), ${formatLongDate(firstDose)}, (BVD, )?past$`,
        ),
        hidden: true,
      }),
    ).toBeInTheDocument();
    await user.click(popup.getByRole("button", { name: "Remove them" }));

    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.queryByRole("button", { name: /^Bovilis BVD \(1st dose\)/ })).toBeNull();
    expect(
      screen.getByRole("button", {
        name: `Bovilis BVD (2nd dose), ${formatLongDate(secondDose)}`,
      }),
    ).toBeInTheDocument();
  });

  it("does not ask when the only past-looking shots are yearly ones: they start next year", async () => {
    // Calving two months ago: the pre-calving Covexin 10 (calving − 35) would be past, so the
    // yearly series starts on the same day next year.
    const today = readToday();
    const birthDate = shiftDate(today, -60);
    const covexin = shiftDate(birthDate, -35);
    chooseDairyCows([1, 4], birthDate, shiftDate(today, 60));
    await renderReview();

    expect(screen.queryByRole("dialog", { name: "Shots in the past" })).toBeNull();
    const nextYear = `${Number(covexin.slice(0, 4)) + 1}${covexin.slice(4)}`;
    expect(
      screen.getByRole("button", { name: `Covexin 10, ${formatLongDate(nextYear)}` }),
    ).toBeInTheDocument();
  });
});

describe("the grid faces forward (docs/product.md §9)", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(2026, 10, 24, 9, 30));
    onTestFinished(() => {
      vi.useRealTimers();
    });
  });

  it("opens at the current month and shows at least the next 24 months", async () => {
    server.use(createScopedDiseasesHandler(readToday(), scopedCalls));
    chooseDairyCows([1, 3], "2027-02-01", "2027-04-25");
    const { grid } = await renderReview();

    const months = grid
      .getAllByRole("rowheader")
      .map((header) => header.textContent?.replace(/^[A-Z][a-z]{2}/, "") ?? "")
      .filter((name) => /^[A-Z][a-z]+ \d{4}$/.test(name));
    expect(months[0]).toBe("November 2026");
    expect(months.slice(0, 3)).toEqual(["November 2026", "December 2026", "January 2027"]);
    expect(months.length).toBeGreaterThanOrEqual(24);
    expect(months).not.toContain("October 2026");
    // The disease names head the columns, in a header row that stays in view as the grid scrolls.
    const header = grid.getAllByRole("row")[0] as HTMLElement;
    expect(header.closest("thead")).not.toBeNull();
    expect(within(header).getAllByRole("columnheader")).toHaveLength(3);
  });
});

function shiftDate(date: string, days: number): string {
  const [year = 0, month = 1, day = 1] = date.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

describe("the generateCalendar modal, a quick start (docs/product.md D15)", () => {
  it("holds step 1's choices and goes to step 2 on Generate", async () => {
    const { user, router } = renderApp("/logged-out");
    await screen.findByRole("heading", { level: 1 });
    act(() => openModal(ModalName.generateCalendar));

    const dialog = within(await screen.findByRole("dialog", { name: "Create your calendar" }));
    const generate = await dialog.findByRole("button", { name: "Generate" });
    expect(generate).toBeDisabled();
    expect(
      dialog.getByText("You have to fill in all dates and pick at least one disease to proceed."),
    ).toBeInTheDocument();
    await user.click(dialog.getByRole("radio", { name: "Sheep" }));
    await user.click(dialog.getByRole("radio", { name: "Ewes" }));
    await user.click(dialog.getByRole("checkbox", { name: /^Orf/ }));
    // The kept draft changes only on Generate.
    expect(readCalendarForm().enterpriseID).toBeNull();
    await user.click(generate);

    expect(router.state.location.pathname).toBe("/calendar");
    expect(readCalendarForm()).toMatchObject({
      enterpriseID: 3,
      animalID: 5,
      seasonID: 4,
      diseases: [15],
    });
    expect(
      await screen.findByRole("heading", { level: 1, name: "Review your calendar" }),
    ).toBeInTheDocument();
  });

  it("leaves the draft as it was on Cancel", async () => {
    chooseDairyCows([1]);
    const before = readCalendarForm();
    const { user } = renderApp("/logged-out");
    await screen.findByRole("heading", { level: 1 });
    act(() => openModal(ModalName.generateCalendar));
    const dialog = within(await screen.findByRole("dialog", { name: "Create your calendar" }));

    await user.click(await dialog.findByRole("radio", { name: "Beef" }));
    await user.click(dialog.getByRole("button", { name: "Cancel" }));

    expect(readCalendarForm()).toEqual(before);
  });
});

function findReferenceDisease(name: string) {
  const disease = referenceData.diseases.find((candidate) => candidate.name === name);
  if (!disease) throw new Error(`no seeded disease ${name}`);
  return disease;
}

function findReferenceVaccine(name: string) {
  const vaccine = referenceData.vaccines.find((candidate) => candidate.name === name);
  if (!vaccine) throw new Error(`no seeded vaccine ${name}`);
  return vaccine;
}

describe("footnotes (docs/product.md D20: a note shows its text, not asterisks)", () => {
  it("shows each column's note under its name and lists each note with its diseases", async () => {
    const salmonellosis = findReferenceDisease("Salmonellosis");
    const bluetongue = findReferenceDisease("Bluetongue");
    chooseDairyCows([1, salmonellosis.id, bluetongue.id]);
    const { grid, main } = await renderReview();

    const headers = grid.getAllByRole("columnheader");
    const headerOf = (name: string) =>
      headers.find((header) => header.textContent?.startsWith(name)) as HTMLElement;
    expect(headerOf("BVD").textContent).not.toContain("*");
    for (const disease of [salmonellosis, bluetongue]) {
      expect(headerOf(disease.name)).toHaveTextContent(disease.footnote ?? "no footnote");
      expect(headerOf(disease.name).textContent).not.toContain("*");
    }

    const notes = within(main.getByRole("list", { name: "Notes" })).getAllByRole("listitem");
    expect(notes.map((note) => note.textContent)).toEqual([
      `Salmonellosis: ${salmonellosis.footnote}`,
      `Bluetongue: ${bluetongue.footnote}`,
    ]);
  });

  it("lists no notes when no column has a footnote", async () => {
    chooseDairyCows([1]);
    const { main } = await renderReview();

    expect(main.queryByRole("list", { name: "Notes" })).not.toBeInTheDocument();
  });
});

describe("explanatory text and disclaimer (docs/product.md §1, §2)", () => {
  it("explains the grid and says the calendar is automatic and a vet should be consulted", async () => {
    chooseDairyCows([1]);
    const { main } = await renderReview();

    // The grid's explainer sits with the grid, so on a phone 'Due next' has nothing above it.
    expect(
      within(main.getByRole("tabpanel", { name: "Calendar grid" })).getByText(
        /^Each column is one disease and the vaccine/,
      ),
    ).toBeVisible();
    const disclaimer = main.getByText(/generated automatically/).closest("p") as HTMLElement;
    expect(disclaimer).toHaveTextContent("Your calendar is generated automatically");
    expect(disclaimer).toHaveTextContent("always consult your vet before you vaccinate");
  });
});

describe("shot label popup (docs/product.md §2)", () => {
  it.each([
    { disease: "BVD", vaccine: "Bovilis BVD", given: "Intramuscular" },
    { disease: "IBR", vaccine: "Bovilis IBR Marker Live", given: "Intranasal, Intramuscular" },
  ])(
    "shows $vaccine's name, pack sizes, '$given', logo and the read-more link",
    async ({ disease, vaccine: vaccineName, given }) => {
      const vaccine = findReferenceVaccine(vaccineName);
      chooseDairyCows([findReferenceDisease(disease).id]);
      const { user, grid } = await renderReview();

      const [firstShot] = grid.getAllByRole("button", { name: new RegExp(`^${vaccineName}, `) });
      await user.click(firstShot as HTMLElement);

      const popup = within(screen.getByRole("dialog", { name: vaccineName }));
      expect(popup.getByRole("heading", { name: vaccineName })).toBeInTheDocument();
      expect(popup.getByText(vaccine.size_info)).toBeVisible();
      expect(popup.getByText(given, { exact: true })).toBeVisible();
      expect(popup.getByRole("img", { name: `${vaccineName} logo` })).toHaveAttribute(
        "src",
        vaccine.logo_url,
      );
      const readMore = popup.getByRole("link", { name: /^Click here to read more/ });
      expect(readMore).toHaveAttribute("href", vaccine.product_spc_url);
      expect(readMore).toHaveAttribute("target", "_blank");
      expect(popup.getByLabelText("Date of this shot")).toBeInTheDocument();
      for (const button of ["Confirm", "Cancel", "Delete"]) {
        expect(popup.getByRole("button", { name: button })).toBeInTheDocument();
      }
    },
  );

  it("only logs a warning when the shot it shows is not found, and the page carries on", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    onTestFinished(() => warn.mockRestore());
    chooseDairyCows([1, 3]);
    const { user, grid } = await renderReview();
    await user.click(grid.getByRole("button", { name: "Bovilis BVD, 28 March 2031" }));
    expect(screen.getByRole("dialog", { name: "Bovilis BVD" })).toBeInTheDocument();

    // The open shot leaves the kept draft (as another tab's edit would leave it).
    act(() => {
      const { draft, available } = useCalendarDraftStore.getState().new;
      if (draft === null) throw new Error("no draft");
      useCalendarDraftStore.setState({
        new: {
          available,
          draft: {
            ...draft,
            diseases: draft.diseases.map((disease) =>
              disease.id === 1 && disease.vaccine
                ? { ...disease, vaccine: { ...disease.vaccine, shots: [] } }
                : disease,
            ),
          },
        },
      });
    });

    expect(warn).toHaveBeenCalledWith(
      expect.stringMatching(/^Shot ".+" is not on this calendar\.$/),
    );
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(grid.queryByRole("button", { name: /^Bovilis BVD, / })).not.toBeInTheDocument();
    // Nothing broke: the other column still opens its shots.
    await user.click(grid.getByRole("button", { name: "Bovilis Leptavoid-H, 14 March 2031" }));
    expect(screen.getByRole("dialog", { name: "Bovilis Leptavoid-H" })).toBeInTheDocument();
  });
});

describe("generic popup severity (docs/product.md §2, §4: alert or attention)", () => {
  it("marks an alert preset as a warning", async () => {
    chooseDairyCows([1]);
    const { user, grid } = await renderReview();

    await user.click(grid.getByRole("button", { name: "Remove BVD" }));

    const dialog = screen.getByRole("dialog", { name: "Remove disease" });
    const severity = within(dialog).getByText("Warning");
    expect(severity).toBeVisible();
    expect(severity.closest(".popup")).toHaveClass("popup--alert");
    expect(within(dialog).queryByText("Please note")).not.toBeInTheDocument();
  });

  it("marks an attention preset as a note", async () => {
    // Heifers bred in 40 days: the first BVD dose, 16 days ago, is in the past (a server without
    // template windows keeps its date, decision 418).
    server.use(createScopedDiseasesHandler(readToday(), [], referenceData.shotTemplates));
    chooseHeifers([1], addDays(readToday(), 40));
    renderApp("/calendar");

    const dialog = await screen.findByRole("dialog", { name: "Shots in the past" });
    const severity = within(dialog).getByText("Please note");
    expect(severity).toBeVisible();
    expect(severity.closest(".popup")).toHaveClass("popup--attention");
    expect(within(dialog).queryByText("Warning")).not.toBeInTheDocument();
  });
});

describe("the maximum shots popup (docs/product.md D20: the safe choice is the main button)", () => {
  it("makes 'Cancel' the main button and the first, with 'Add shot' second", async () => {
    chooseDairyCows([1]);
    const { user, grid } = await renderReview();

    // Shots are added to 2031 until its most shots are reached and the popup asks.
    for (const day of ["10", "12", "14"]) {
      await user.click(grid.getByRole("button", { name: /^Add shot for BVD in 2031/ }));
      if (screen.queryByRole("dialog", { name: "Maximum shots reached" })) break;
      const panel = within(screen.getByRole("dialog", { name: /^Add a / }));
      await user.clear(panel.getByLabelText("Date of this shot"));
      await user.type(panel.getByLabelText("Date of this shot"), `2031-12-${day}`);
      await user.click(panel.getByRole("button", { name: "Confirm" }));
      const rulePopup = screen.queryByRole("dialog");
      if (rulePopup) await user.keyboard("{Escape}");
    }

    const popup = within(screen.getByRole("dialog", { name: "Maximum shots reached" }));
    const buttons = popup
      .getAllByRole("button")
      .filter((button) => /^(Cancel|Add shot)$/.test(button.textContent ?? ""));
    expect(buttons.map((button) => button.textContent)).toEqual(["Cancel", "Add shot"]);
    expect(buttons[0]).toHaveClass("button--primary");
    expect(buttons[1]).toHaveClass("button--secondary");
    await user.click(popup.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });
});

describe("Add diseases popup Cancel (docs/product.md §4: Cancel closes and clears the selection)", () => {
  it("closes without adding, and shows nothing ticked when opened again", async () => {
    chooseDairyCows([1]);
    const { user, grid, main } = await renderReview();

    await user.click(main.getByRole("button", { name: "Add diseases" }));
    let dialog = within(screen.getByRole("dialog", { name: "Add diseases" }));
    await user.click(dialog.getByRole("checkbox", { name: "Calf scour" }));
    await user.click(dialog.getByRole("checkbox", { name: "Leptospirosis" }));
    expect(dialog.getByRole("button", { name: "Add selected" })).toBeEnabled();
    await user.click(dialog.getByRole("button", { name: "Cancel" }));

    expect(screen.queryByRole("dialog", { name: "Add diseases" })).not.toBeInTheDocument();
    expect(grid.getAllByRole("columnheader")).toHaveLength(2);
    expect(readCalendarForm().diseases).toEqual([1]);

    await user.click(main.getByRole("button", { name: "Add diseases" }));
    dialog = within(screen.getByRole("dialog", { name: "Add diseases" }));
    expect(dialog.getByRole("checkbox", { name: "Calf scour" })).not.toBeChecked();
    expect(dialog.getByRole("checkbox", { name: "Leptospirosis" })).not.toBeChecked();
    const bvd = dialog.getByRole("checkbox", { name: /^BVD/ }) as HTMLInputElement;
    expect(bvd.labels?.[0]).toHaveTextContent("BVD Added");
    expect(bvd).toBeChecked();
    expect(bvd).toBeDisabled();
    expect(dialog.getByRole("button", { name: "Add selected" })).toBeDisabled();
  });
});

describe("step 2's localStorage keys (docs/product.md §9)", () => {
  it("writes scopedDiseasesAvailable and scopedDiseasesAll when step 2 loads", async () => {
    expect(window.localStorage.getItem("scopedDiseasesAvailable")).toBeNull();
    expect(window.localStorage.getItem("scopedDiseasesAll")).toBeNull();
    chooseDairyCows([1, 3]);
    await renderReview();

    const available = JSON.parse(window.localStorage.getItem("scopedDiseasesAvailable") ?? "null");
    const all = JSON.parse(window.localStorage.getItem("scopedDiseasesAll") ?? "null");
    const cowDiseaseIds = referenceData.diseases
      .filter((disease) => disease.animals.some((offer) => offer.animal_id === 1))
      .map((disease) => disease.id);
    expect(available.diseases.map((disease: { id: number }) => disease.id)).toEqual(cowDiseaseIds);
    expect(all.diseases.map((disease: { id: number }) => disease.id)).toEqual([1, 3]);
    expect(all.diseases[0].vaccine.shots.length).toBeGreaterThan(0);
  });
});

describe("a product an admin retired (docs/decisions/405)", () => {
  it("is left out of a new calendar and of 'Add diseases', even if step 1 had it ticked", async () => {
    server.use(
      http.get(referenceLists.diseases.path, ({ request }) => {
        const query = new URL(request.url).searchParams;
        if (!query.has("seasonComboId")) return undefined;
        const scoped = computeScopedDiseases(
          1,
          query.get("birthDate"),
          query.get("breedingDate"),
          readToday(),
        );
        // Leptospirosis' vaccine is retired.
        return HttpResponse.json(
          scoped.map((disease) =>
            disease.id === 3 && disease.vaccine
              ? { ...disease, vaccine: { ...disease.vaccine, retired: true } }
              : disease,
          ),
        );
      }),
    );
    chooseDairyCows([1, 3]);
    const { user, grid, main } = await renderReview();
    // The disease column and its own header: BVD only.
    expect(grid.getAllByRole("columnheader")).toHaveLength(2);
    expect(grid.queryByRole("columnheader", { name: /Leptospirosis/ })).toBeNull();

    await user.click(main.getByRole("button", { name: "Add diseases" }));
    const dialog = within(screen.getByRole("dialog", { name: "Add diseases" }));
    expect(dialog.getByRole("checkbox", { name: "Calf scour" })).toBeVisible();
    expect(dialog.queryByRole("checkbox", { name: /Leptospirosis/ })).toBeNull();
  });
});

describe("a dose due now, or missed this season (decisions 411, 414)", () => {
  it("says 'Due now' and when the window closes in the grid, the shot panel and 'Due next'", async () => {
    // On 24 November 2026, cows calving on 1 January 2027: Rotavec Corona's day (−49) is past,
    // its window (to −21) is still open.
    chooseDairyCows([5], "2027-01-01", "2027-03-25");
    const { grid, user } = await renderReview();

    const timing = grid.getByText(/^Due now: window closes \d{1,2} Dec$/);
    expect(timing).toBeVisible();
    await user.click(
      grid.getByRole("button", { name: /^Bovilis Rotavec Corona, 2\d November 2026$/ }),
    );
    const panel = within(screen.getByRole("dialog", { name: "Bovilis Rotavec Corona" }));
    expect(panel.getByText(/^Due now: window closes \d{1,2} Dec$/)).toBeVisible();
    await user.click(panel.getByRole("button", { name: "Cancel" }));

    await user.click(screen.getByRole("tab", { name: "Due next" }));
    const list = within(screen.getByRole("tabpanel", { name: "Due next" }));
    expect(list.getByText(/^Due now: window closes \d{1,2} Dec$/)).toBeVisible();
  });

  it("lists a calf's dose whose window has closed as missed, with no date, in the grid and 'Due next' (decision 418)", async () => {
    // On 24 November 2026, calves born from 1 November: the intranasal RSP dose (first week of
    // life) can no longer be given; Covexin 10's first dose (5 weeks) is ahead.
    applyCalendarFormFields(
      {
        enterpriseID: 1,
        animalID: 4,
        seasonID: 1,
        birthDate: "2026-11-01",
        breedingDate: null,
        diseases: [7, 4],
      },
      referenceData.combinations,
    );
    const { user } = await renderReview();
    const missed = within(screen.getByRole("region", { name: "Missed this season" }));
    expect(missed.getByText("Missed this season: talk to your vet")).toBeVisible();
    expect(missed.getByText("Bovilis INtranasal RSP Live")).toBeVisible();
    expect(missed.queryByText(/Covexin 10/)).toBeNull();

    await user.click(screen.getByRole("tab", { name: "Due next" }));
    const list = within(screen.getByRole("tabpanel", { name: "Due next" }));
    const inList = within(list.getByRole("region", { name: "Missed this season" }));
    expect(inList.getByText("Bovilis INtranasal RSP Live")).toBeVisible();
  });
});
