import type { Locator, Page } from "@playwright/test";
import {
  fillStepOne,
  formatDisplayDate,
  goToStepTwo,
  keepPastShotsIfAsked,
  monthNames,
  shotButton,
} from "../support/calendar-steps.ts";
import {
  diseaseNames,
  expect,
  showCalendarGrid,
  test as base,
  waitForScreen,
} from "../support/fixtures.ts";

/*
 * The calendar builder's journeys (decision 301): step 1 'Setup your
 * calendar' at /beta, step 2 'Review your calendar' at /calendar, their popups and the draft kept
 * in localStorage. Expected dates are worked out here from the season offsets
 * of packages/reference-data, never by calling the engine.
 */

// docs/product.md §2: /beta opens only on hosts named beta, test or local. The server listens on
// 127.0.0.1; the same server reached as "localhost" is a local host.
const test = base.extend({
  baseURL: async ({ baseURL }, use) => {
    await use(baseURL?.replace("127.0.0.1", "localhost"));
  },
});

const readOnlyMessage =
  "This is a yearly recurrent vaccination. To edit this shot, please edit the first occurrence.";

/** Today on the machine running the browser, as YYYY-MM-DD. */
function readToday(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;
}

function shiftDate(date: string, days: number): string {
  const [year = 0, month = 1, day = 1] = date.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

function moveToYear(date: string, year: number): string {
  return `${year}${date.slice(4)}`;
}

/** A template of the season, by hand from packages/reference-data: days from birth or breeding. */
type SeasonShot = { from: "birth" | "breeding"; days: number; once?: boolean };

// Cows: Leptavoid-H, Bovilis BVD and IBR Marker Live at breeding −42, −28, −14; Rotavec Corona,
// Covexin 10 and Bovivac S at calving −49, −35, −21 (inside their SPC windows, decision 411); all
// yearly.
const cowShots: SeasonShot[] = [
  { from: "breeding", days: -42 },
  { from: "breeding", days: -28 },
  { from: "breeding", days: -14 },
  { from: "birth", days: -49 },
  { from: "birth", days: -35 },
  { from: "birth", days: -21 },
];
// Ewes: Footvax at tupping −42 and lambing +70 (past the SPC's 4 weeks after lambing for a 6-week
// block, decision 411), Scabivax Forte at lambing −56, Heptavac P Plus at
// lambing −35, all yearly; Enzovax at tupping −56, every 3 years.
const eweShots: SeasonShot[] = [
  { from: "breeding", days: -42 },
  { from: "breeding", days: -56 },
  { from: "birth", days: -56 },
  { from: "birth", days: -35 },
  { from: "birth", days: 70 },
];

/**
 * docs/product.md §9 season defaults, by hand: the pair of `yearOffset.MM.DD` dates lands in this
 * year plus its offset plus a shift of −1, 0, 1 or 2 years, the first where no shot given once is
 * before today and some shot is on or after today.
 */
function resolveDefaults(
  birth: string,
  breeding: string,
  shots: readonly SeasonShot[],
): { birth: string; breeding: string } {
  const today = readToday();
  const place = (offsetDate: string, shift: number) => {
    const [offset = "0", month = "01", day = "01"] = offsetDate.split(".");
    return `${Number(today.slice(0, 4)) + Number(offset) + shift}-${month}-${day}`;
  };
  for (const shift of [-1, 0, 1, 2]) {
    const pair = { birth: place(birth, shift), breeding: place(breeding, shift) };
    const dates = shots.map((shot) => ({
      date: shiftDate(pair[shot.from], shot.days),
      once: shot.once ?? false,
    }));
    const hasPastOnce = dates.some(({ date, once }) => once && date < today);
    if (!hasPastOnce && dates.some(({ date }) => date >= today)) return pair;
  }
  throw new Error("No season with a shot ahead");
}

/** A yearly template date before today starts on the same day of the next year that is not. */
function startFromToday(date: string): string {
  const today = readToday();
  let next = date;
  while (next < today) next = moveToYear(next, Number(next.slice(0, 4)) + 1);
  return next;
}

/** Presses Tab until the locator has focus, as a keyboard user would. */
async function tabTo(page: Page, target: Locator, maxPresses = 40): Promise<void> {
  for (let press = 0; press < maxPresses; press += 1) {
    await page.keyboard.press("Tab");
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`Tab did not reach ${target} within ${maxPresses} presses.`);
}

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, "the page scrolls sideways").toBe(0);
}

async function changeShotDate(page: Page, shot: Locator, date: string): Promise<void> {
  await shot.click();
  const panel = page.getByRole("dialog");
  await panel.getByLabel("Date of this shot").fill(date);
  await panel.getByRole("button", { name: "Confirm" }).click();
}

async function addShot(page: Page, disease: string, year: number, date: string): Promise<void> {
  await page.getByRole("button", { name: `Add shot for ${disease} in ${year}` }).click();
  const panel = page.getByRole("dialog", { name: /^Add a / });
  await panel.getByLabel("Date of this shot").fill(date);
  await panel.getByRole("button", { name: "Confirm" }).click();
}

test.describe("calendar builder: dairy cows, spring calving", () => {
  test("a visitor builds, edits and keeps a calendar", async ({ page }) => {
    test.setTimeout(90_000);
    const apiCalls: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.startsWith("/api/")) apiCalls.push(request.url());
    });

    await fillStepOne(page, {
      enterprise: "Dairy",
      animal: "Cows",
      season: "Spring calving",
      diseases: [/^BVD/, /^Leptospirosis/, /^Clostridial diseases/],
    });
    // Reference document: dairy spring calving cows calve from 0.02.01 and are bred from 0.04.25.
    const { birth, breeding } = resolveDefaults("0.02.01", "0.04.25", cowShots);
    const main = page.getByRole("main");
    await expect(main.getByLabel("Calving season start date")).toHaveValue(birth);
    await expect(main.getByLabel("Breeding season start date")).toHaveValue(breeding);
    // A one-day calving block, so each dose is on its template's own day: this journey is about
    // building and editing; blocks and their groups have tests of their own (decision 416).
    await main.getByLabel("Calving season end date").fill(birth);
    await expectNoSidewaysScroll(page);

    await goToStepTwo(page);
    await expectNoSidewaysScroll(page);
    const overview = page.getByRole("region", { name: "Your choices" });
    for (const text of ["Dairy", "Cows", "Spring calving", formatDisplayDate(birth)]) {
      await expect(overview).toContainText(text);
    }
    const grid = page.getByRole("region", { name: "Vaccination calendar" });
    await expect(diseaseNames(grid)).toHaveText([
      /^BVD/,
      /^Leptospirosis/,
      /^Clostridial diseases/,
    ]);

    // The cows' templates: Leptavoid-H breeding −42, Bovilis BVD breeding −28, Covexin 10
    // birth −35, each every year, starting today or later; the copy of next year is on the same day.
    const bvd = startFromToday(shiftDate(breeding, -28));
    const lepto = startFromToday(shiftDate(breeding, -42));
    const covexin = startFromToday(shiftDate(birth, -35));
    const calendarYear = Number(breeding.slice(0, 4));
    await expect(shotButton(page, "Bovilis BVD", bvd)).toBeVisible();
    await expect(shotButton(page, "Bovilis Leptavoid-H", lepto)).toBeVisible();
    await expect(shotButton(page, "Covexin 10", covexin)).toBeVisible();
    for (const [vaccine, date] of [
      ["Bovilis BVD", bvd],
      ["Bovilis Leptavoid-H", lepto],
      ["Covexin 10", covexin],
    ] as const) {
      const copy = moveToYear(date, Number(date.slice(0, 4)) + 1);
      await expect(shotButton(page, vaccine, copy, true)).toBeVisible();
    }
    await expect(page.locator(".shot__warning")).toHaveCount(0);
    const callsBeforeEditing = apiCalls.length;

    // A yearly copy refuses edits, with the spec's words.
    await shotButton(
      page,
      "Covexin 10",
      moveToYear(covexin, Number(covexin.slice(0, 4)) + 1),
      true,
    ).click();
    const mirrorPanel = page.getByRole("dialog", { name: "Covexin 10" });
    await expect(mirrorPanel).toContainText(readOnlyMessage);
    await expect(mirrorPanel.getByLabel("Date of this shot")).toHaveCount(0);
    await mirrorPanel.getByRole("button", { name: "Cancel" }).click();
    await expect(mirrorPanel).toBeHidden();

    // Change a date: BVD eight and a half weeks before breeding, clear of every other shot.
    const movedBvd = shiftDate(breeding, -60);
    await changeShotDate(page, shotButton(page, "Bovilis BVD", bvd), movedBvd);
    await expect(page.getByRole("dialog")).toBeHidden();
    await expect(shotButton(page, "Bovilis BVD", movedBvd)).toBeVisible();
    await expect(shotButton(page, "Bovilis BVD", bvd)).toHaveCount(0);
    // Its copy follows the first occurrence.
    await expect(
      shotButton(page, "Bovilis BVD", moveToYear(movedBvd, calendarYear + 1), true),
    ).toBeVisible();

    // Add a shot: a second BVD dose four weeks before breeding, a course interval after the moved
    // one and before the cows are in calf (an inactivated BVD shot in pregnancy protects nothing).
    const extraBvd = shiftDate(breeding, -28);
    await addShot(page, "BVD", calendarYear, extraBvd);
    await expect(page.getByRole("dialog")).toBeHidden();
    await expect(shotButton(page, "Bovilis BVD", extraBvd)).toBeVisible();

    // BVD allows 2 shots a year: the add button shows a warning mark and asks before a third.
    const addBvd = page.getByRole("button", {
      name: `Add shot for BVD in ${calendarYear} (most shots reached)`,
    });
    // A phone lists the years under each disease (decision 428): "⚠ 2027".
    await expect(addBvd).toHaveText(/^⚠ (Add shot|\d{4})$/);
    await expect(
      page.getByRole("button", { name: `Add shot for BVD in ${calendarYear + 1}`, exact: true }),
    ).toHaveText(/^\+ (Add shot|\d{4})$/);
    await addBvd.click();
    const maxShots = page.getByRole("dialog", { name: "Maximum shots reached" });
    await expect(maxShots).toContainText(
      "Bovilis BVD already has the most shots its protocol allows this year (2)",
    );
    await maxShots.getByRole("button", { name: "Add shot" }).click();
    const addPanel = page.getByRole("dialog", { name: "Add a Bovilis BVD shot" });
    await expect(addPanel).toBeVisible();
    await addPanel.getByRole("button", { name: "Cancel" }).click();
    await expect(addPanel).toBeHidden();

    // Delete a shot: it asks first, then the shot and its copies go.
    await shotButton(page, "Covexin 10", covexin).click();
    await page
      .getByRole("dialog", { name: "Covexin 10" })
      .getByRole("button", { name: "Delete" })
      .click();
    const deleteShot = page.getByRole("dialog", { name: "Delete shot" });
    await expect(deleteShot).toContainText(`Covexin 10 shot on ${formatDisplayDate(covexin)}`);
    await deleteShot.getByRole("button", { name: "Delete" }).click();
    await expect(shotButton(page, "Covexin 10", covexin)).toHaveCount(0);
    await expect(page.getByRole("button", { name: /^Covexin 10, / })).toHaveCount(0);

    // Remove a disease, after confirming.
    await page.getByRole("button", { name: "Remove Leptospirosis" }).click();
    const removeDisease = page.getByRole("dialog", { name: "Remove disease" });
    await expect(removeDisease).toContainText("Leptospirosis");
    await removeDisease.getByRole("button", { name: "Remove" }).click();
    await expect(diseaseNames(grid)).toHaveText([/^BVD/, /^Clostridial diseases/]);

    // Every edit ran in the browser: no call left for the server.
    expect(apiCalls.slice(callsBeforeEditing)).toEqual([]);

    // The draft survives a reload.
    await page.reload();
    await waitForScreen(page);
    await expect(
      page.getByRole("heading", { level: 1, name: "Review your calendar" }),
    ).toBeVisible();
    await keepPastShotsIfAsked(page);
    await showCalendarGrid(page);
    await expect(diseaseNames(grid)).toHaveText([/^BVD/, /^Clostridial diseases/]);
    await expect(shotButton(page, "Bovilis BVD", movedBvd)).toBeVisible();
    await expect(shotButton(page, "Bovilis BVD", extraBvd)).toBeVisible();
    await expect(page.getByRole("button", { name: /^Covexin 10, / })).toHaveCount(0);
    const storedForm = await page.evaluate(() =>
      JSON.parse(window.localStorage.getItem("calendarForm") ?? "null"),
    );
    expect(storedForm).toMatchObject({
      enterpriseID: 1,
      animalID: 1,
      seasonID: 1,
      diseases: [1, 4],
    });

    // Finish calendar asks a visitor to register, or to log in (decision 202: Register first).
    await page.getByRole("button", { name: "Finish calendar" }).click();
    const choice = page.getByRole("dialog", { name: "Save your calendar" });
    await choice.getByRole("button", { name: "Login" }).click();
    await expect(page.getByRole("dialog", { name: "Login" })).toBeVisible();
  });

  test("Add diseases marks those on the calendar as Added and adds the chosen ones", async ({
    page,
  }) => {
    await fillStepOne(page, {
      enterprise: "Dairy",
      animal: "Cows",
      season: "Spring calving",
      diseases: [/^BVD/],
    });
    await goToStepTwo(page);

    await page.getByRole("button", { name: "Add diseases" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Add diseases" });
    await expect(dialog.getByRole("checkbox", { name: /^BVD/ })).toBeDisabled();
    await expect(dialog.getByText("Added")).toHaveCount(1);
    await dialog.getByRole("checkbox", { name: "IBR" }).check();
    await dialog.getByRole("button", { name: "Add selected" }).click();
    // IBR asks the first-course question, so step 2 opens again with the answer (decision 428).
    await expect(dialog).toBeHidden();
    await showCalendarGrid(page);

    const grid = page.getByRole("region", { name: "Vaccination calendar" });
    await expect(diseaseNames(grid)).toHaveText([/^BVD/, /^IBR/]);
    // Cows' IBR Marker Live: breeding −14, every year.
    const { breeding } = resolveDefaults("0.02.01", "0.04.25", cowShots);
    await expect(
      shotButton(page, "Bovilis IBR Marker Live", startFromToday(shiftDate(breeding, -14))),
    ).toBeVisible();
  });

  test("without a finished step 1, /calendar goes to PublicHome", async ({ page }) => {
    await page.goto("/calendar");
    await waitForScreen(page);
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe("calendar builder: sheep, ewes, default season", () => {
  test("the Enzovax and Toxovax rules and the 14-day spacing behave as the reference says", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await fillStepOne(page, {
      enterprise: "Sheep",
      animal: "Ewes",
      diseases: [/^Enzootic abortion/, /^Toxoplasmosis/, /^Footrot/],
    });
    // docs/product.md §9: Sheep defaults to mid-season lambing: lambing 0.03.01, tupping −1.10.05.
    await expect(page.getByRole("radio", { name: "Mid-season lambing" })).toBeChecked();
    const { birth, breeding } = resolveDefaults("0.03.01", "-1.10.05", eweShots);
    await expect(page.getByLabel("Lambing season start date")).toHaveValue(birth);
    await expect(page.getByLabel("Breeding season start date")).toHaveValue(breeding);
    // A one-day lambing block, so each dose is on its template's own day (decision 416).
    await page.getByLabel("Lambing season end date").fill(birth);
    // Tupping before lambing is the sheep season's order: no warning (decision 005).
    await expect(page.getByText(/breeding season start date is before/)).toHaveCount(0);
    await goToStepTwo(page);

    // Ewes: Enzovax breeding −56 (every 3 years), Footvax breeding −42 and birth +70 (yearly).
    // Both start today or later: the same day of next year when this season's date is past.
    const enzovax = startFromToday(shiftDate(breeding, -56));
    const footvax = startFromToday(shiftDate(breeding, -42));
    await expect(shotButton(page, "Enzovax", enzovax)).toBeVisible();
    await expect(shotButton(page, "Footvax (before tupping)", footvax)).toBeVisible();
    await expect(page.locator(".shot__warning")).toHaveCount(0);

    // The replacement ewes' Toxovax comes on the same day as Enzovax (breeding −56, every year):
    // the SPC allows the pair, so nothing warns.
    const toxovax = "Toxovax (replacement ewes)";
    await expect(shotButton(page, toxovax, enzovax)).toBeVisible();
    await expect(page.locator(".shot__warning")).toHaveCount(0);

    // Footvax 10 days after them: under 14 days, so both pairs warn, citing AHI's rule (S25).
    const closeFootvax = shiftDate(enzovax, 10);
    await changeShotDate(page, shotButton(page, "Footvax (before tupping)", footvax), closeFootvax);
    const spacingPopup = page.getByRole("dialog", { name: "Vaccines close together" });
    await expect(spacingPopup).toContainText("is 10 days from");
    await expect(spacingPopup).toContainText("Animal Health Ireland");
    await spacingPopup.getByRole("button", { name: "Keep this date" }).click();
    await expect(spacingPopup).toBeHidden();
    // Each warning says what to do, then names the shot it is beside; no rule code shows.
    const spacingAction = "Too close to another vaccine: leave 14 days between them";
    const footvaxWarnings = page.getByRole("button", {
      name: `(Footvax (before tupping) on ${formatDisplayDate(closeFootvax)})`,
    });
    await expect(footvaxWarnings).toHaveCount(2);
    await expect(footvaxWarnings.first()).toContainText(spacingAction);
    await expect(
      page.getByRole("button", {
        name: `${spacingAction} with Footvax (before tupping) (Enzovax on ${formatDisplayDate(enzovax)})`,
      }),
    ).toHaveCount(1);
    await expect(
      page.getByRole("button", {
        name: `${spacingAction} with Footvax (before tupping) (${toxovax} on ${formatDisplayDate(enzovax)})`,
      }),
    ).toHaveCount(1);

    // The warning beside a shot opens its rule popup, with the SPC link and the advice.
    await footvaxWarnings.first().click();
    const rulePopup = page.getByRole("dialog", { name: "Vaccines close together" });
    await expect(rulePopup.getByRole("link", { name: /Click here to read more/ })).toBeVisible();
    await rulePopup.locator("summary", { hasText: "About Footvax" }).click();
    await expect(rulePopup).toContainText("footrot", { ignoreCase: true });
    await page.keyboard.press("Escape");
    await expect(rulePopup).toBeHidden();

    // Toxovax 10 days before the next tupping: under its 3 weeks (S18). The season comes round
    // every year, so the next tupping is the season's date this year or the next.
    const nextTupping = startFromToday(breeding);
    const lateToxovax = shiftDate(nextTupping, -10);
    await changeShotDate(page, shotButton(page, toxovax, enzovax), lateToxovax);
    const tooClose = page.getByRole("dialog", { name: "Too close to breeding" });
    await expect(tooClose).toContainText("at least 21 days before breeding");
    await tooClose.getByRole("button", { name: "Keep this date" }).click();
    await expect(
      page.getByRole("button", {
        name: `Too close to breeding: give it at least 3 weeks before (${toxovax} on ${formatDisplayDate(lateToxovax)})`,
      }),
    ).toBeVisible();

    // Enzovax a month after tupping: ewes are in lamb, and it is a live vaccine (S16).
    const pregnantEnzovax = shiftDate(nextTupping, 30);
    await changeShotDate(page, shotButton(page, "Enzovax", enzovax), pregnantEnzovax);
    const pregnancy = page.getByRole("dialog", { name: "Not in pregnancy" });
    await expect(pregnancy).toBeVisible();
    // The safe choice is the main button, and the source sits in a details line under the text.
    await expect(pregnancy.locator(".button--primary")).toHaveText("Change the date");
    await expect(pregnancy.locator(".warning-details")).toContainText("Source:");
    await pregnancy.getByRole("button", { name: "Change the date" }).click();
    // 'Change the date' goes back to the shot.
    await expect(page.getByRole("dialog", { name: "Enzovax" })).toBeVisible();
    await page
      .getByRole("dialog", { name: "Enzovax" })
      .getByRole("button", { name: "Cancel" })
      .click();
    await expect(
      page.getByRole("button", {
        name: `Not in pregnancy: give it before breeding or after lambing (Enzovax on ${formatDisplayDate(pregnantEnzovax)})`,
      }),
    ).toBeVisible();
  });
});

test.describe("calendar builder: keyboard and screen sizes", () => {
  test("step 1 and a shot work with the keyboard alone; dialogs keep focus and close on Escape", async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await page.goto("/beta");
    await waitForScreen(page);
    const main = page.getByRole("main");

    const dairy = main.getByRole("radio", { name: "Dairy" });
    await tabTo(page, dairy);
    await page.keyboard.press("Space");
    await expect(dairy).toBeChecked();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Space");
    await expect(main.getByRole("radio", { name: "Cows" })).toBeChecked();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Space");
    await expect(main.getByRole("radio", { name: "Spring calving" })).toBeChecked();
    const bvd = main.getByRole("checkbox", { name: /^BVD/ });
    await tabTo(page, bvd, 20);
    await page.keyboard.press("Space");
    await expect(bvd).toBeChecked();
    await tabTo(page, main.getByRole("button", { name: "Next step" }), 20);
    await page.keyboard.press("Enter");
    await expect(
      page.getByRole("heading", { level: 1, name: "Review your calendar" }),
    ).toBeVisible();
    await keepPastShotsIfAsked(page);
    await showCalendarGrid(page);

    const { breeding } = resolveDefaults("0.02.01", "0.04.25", cowShots);
    const shot = shotButton(page, "Bovilis BVD", startFromToday(shiftDate(breeding, -28)));
    await tabTo(page, shot, 60);
    await page.keyboard.press("Enter");
    const panel = page.getByRole("dialog", { name: "Bovilis BVD" });
    await expect(panel).toBeVisible();
    for (let press = 0; press < 12; press += 1) {
      await page.keyboard.press("Tab");
      expect(await panel.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
    await expect(shot).toBeFocused();

    // The add buttons are reachable and read "Add shot".
    const add = page.getByRole("button", { name: /^Add shot for BVD in / }).first();
    await tabTo(page, add, 60);
    // A phone lists the years under each disease (decision 428): "+ 2027".
    await expect(add).toHaveText(/^\+ (Add shot|\d{4})$/);
  });

  test("the grid opens at the current month and keeps its labels in view when it scrolls", async ({
    page,
    layout,
  }) => {
    test.skip(layout === "phone", "a phone lists the months instead (decision 428)");
    await fillStepOne(page, {
      enterprise: "Beef",
      animal: "Cows",
      season: "Autumn calving",
      diseases: [/^BVD/, /^IBR/, /^Leptospirosis/, /^Clostridial/, /^Calf scour/],
    });
    await goToStepTwo(page);
    await expectNoSidewaysScroll(page);
    const grid = page.getByRole("region", { name: "Vaccination calendar" });

    // docs/product.md §9: the grid opens at the current month.
    const today = readToday();
    const monthRows = grid.getByRole("rowheader", { name: /^[A-Z][a-z]+ \d{4}$/ });
    await expect(monthRows.first()).toHaveAccessibleName(
      `${monthNames[Number(today.slice(5, 7)) - 1]} ${today.slice(0, 4)}`,
    );
    expect(await monthRows.count()).toBeGreaterThanOrEqual(24);
    // The disease names stay in view as the grid scrolls down.
    const disease = grid.getByRole("columnheader", { name: /^BVD/ });
    const headerTop = (await disease.boundingBox())?.y;
    await grid.evaluate((element) => element.scrollBy({ top: 600 }));
    expect((await disease.boundingBox())?.y).toBe(headerTop);
    await grid.evaluate((element) => element.scrollTo({ top: 0 }));

    const canScroll = await grid.evaluate((element) => element.scrollWidth > element.clientWidth);
    expect(canScroll).toBe(layout === "phone");
    if (!canScroll) return;
    const month = grid.getByRole("rowheader").first();
    const before = await month.boundingBox();
    await grid.evaluate((element) => element.scrollBy({ left: 400 }));
    const after = await month.boundingBox();
    expect(after?.x).toBe(before?.x);
  });
});

test.describe("calendar builder: accessibility (axe)", () => {
  test("step 1, filled in, has no violations", async ({ expectNoAccessibilityViolations }) => {
    await expectNoAccessibilityViolations("/beta", async (page) => {
      await fillStepOne(page, {
        enterprise: "Dairy",
        animal: "Cows",
        season: "Spring calving",
        diseases: [/^BVD/],
      });
      await page.getByLabel("Calving season start date").fill("2027-06-01");
      await expect(page.getByText(/before the calving season/)).toBeVisible();
    });
  });

  test("step 1's lungworm question has no violations, fits the screen and is answered by keyboard (decision 419)", async ({
    page,
    expectNoAccessibilityViolations,
  }) => {
    test.setTimeout(60_000);
    await expectNoAccessibilityViolations("/beta", async (page) => {
      await fillStepOne(page, {
        enterprise: "Beef",
        animal: "Calves",
        season: "Spring calving",
        diseases: [/^Lungworm/],
      });
      const question = page.getByRole("group", {
        name: "Do these calves graze where lungworm (husk) is a risk?",
      });
      await expect(question.getByRole("radio", { name: "No" })).toBeChecked();
      await expectNoSidewaysScroll(page);
    });
    await fillStepOne(page, {
      enterprise: "Beef",
      animal: "Calves",
      season: "Spring calving",
      diseases: [/^Lungworm/],
    });
    const question = page.getByRole("group", {
      name: "Do these calves graze where lungworm (husk) is a risk?",
    });
    const no = question.getByRole("radio", { name: "No" });
    await tabTo(page, no, 30);
    await page.keyboard.press("ArrowUp");
    await expect(question.getByRole("radio", { name: "Yes" })).toBeChecked();
  });

  test("step 2 and its shot panel have no violations", async ({
    expectNoAccessibilityViolations,
  }) => {
    await expectNoAccessibilityViolations("/beta", async (page) => {
      await fillStepOne(page, {
        enterprise: "Sheep",
        animal: "Ewes",
        diseases: [/^Enzootic abortion/, /^Footrot/],
      });
      await goToStepTwo(page);
      await page
        .getByRole("button", { name: /^Enzovax, / })
        .first()
        .click();
      await expect(page.getByRole("dialog", { name: "Enzovax" })).toBeVisible();
    });
  });

  test("step 2 has no violations", async ({ expectNoAccessibilityViolations }) => {
    await expectNoAccessibilityViolations("/beta", async (page) => {
      await fillStepOne(page, {
        enterprise: "Dairy",
        animal: "Calves",
        season: "Spring calving",
        diseases: [/^Pneumonia/, /^Clostridial/, /^Lungworm/],
      });
      await goToStepTwo(page);
    });
  });
});

test.describe("calendar builder: the youngest's birth (decision 422)", () => {
  const hoggets = {
    enterprise: "Sheep",
    animal: "Hoggets",
    season: "Mid-season lambing",
    diseases: [/^Enzootic abortion/, /^Toxoplasmosis/],
  };
  const label = "When was the youngest of these hoggets born?";

  test("has no violations, fits the screen and is answered by keyboard", async ({
    page,
    expectNoAccessibilityViolations,
  }) => {
    test.setTimeout(90_000);
    await expectNoAccessibilityViolations("/beta", async (page) => {
      await fillStepOne(page, hoggets);
      await expect(page.getByLabel(label)).toBeVisible();
      await expect(
        page.getByText(/Enzovax and Toxovax are given from 5 months of age/),
      ).toBeVisible();
      await expectNoSidewaysScroll(page);
    });
    await fillStepOne(page, hoggets);
    const field = page.getByLabel(label);
    await tabTo(page, field, 40);
    await page.keyboard.type("06202026");
    await expect(field).toHaveValue("2026-06-20");
    await expectNoSidewaysScroll(page);
  });
});
