import type { Page } from "@playwright/test";
import {
  expect,
  expectNoAxeViolations,
  showCalendarGrid,
  test,
  waitForScreen,
} from "../support/fixtures.ts";
import { finishCalendar } from "../support/calendar-steps.ts";
import { signInNewFarmer } from "../support/farmer-account.ts";
import { moveShotTemplateAsAdmin, setDefaultVaccineAsAdmin } from "../support/admin-session.ts";

/*
 * "A protocol changed since your calendar was saved" (decisions 405 and 408), against the real
 * server: a farmer saves a calendar; an admin moves a shot template by a week through the admin
 * protocol API (the call the protocols page's Save makes); the saved
 * calendar keeps its date but says the schedule changed, on its page and on My Calendars; a new
 * calendar has the new date; the farmer looks at the difference, accepts it, and the saved
 * calendar has the new date. At 375 px and 1280 px, with axe.
 *
 * The template change is seen by every calendar on this server, so the journey runs once, after
 * every other journey (its own project in playwright.config.ts), checks the phone width by
 * resizing, and puts the template back.
 */

const port = Number(process.env.E2E_PORT ?? 3199);
test.use({ baseURL: `http://localhost:${port}` });

const monthNames = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** `2027-03-07` → `7 March 2027`, as the grid and the difference write a date. */
function formatDisplayDate(date: string): string {
  const [year = 0, month = 1, day = 1] = date.split("-").map(Number);
  return `${day} ${monthNames[month - 1]} ${year}`;
}

function shiftDate(date: string, days: number): string {
  const [year = 0, month = 1, day = 1] = date.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

const phone = { width: 375, height: 812 };
const desktop = { width: 1280, height: 800 };

/** Step 1 for dairy cows, spring calving, BVD only, then step 2. */
async function openBvdStepTwo(page: Page): Promise<void> {
  await page.goto("/beta");
  await expect(page.getByRole("heading", { level: 1, name: "Setup your calendar" })).toBeVisible();
  const main = page.getByRole("main");
  await main.getByRole("radio", { name: "Dairy" }).check();
  await main.getByRole("radio", { name: "Cows", exact: true }).check();
  await main.getByRole("radio", { name: "Spring calving" }).check();
  await main.getByRole("checkbox", { name: /^BVD/ }).check();
  await page.getByRole("button", { name: "Next step" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Review your calendar" })).toBeVisible();
  const pastShots = page.getByRole("dialog", { name: "Shots in the past" });
  if (await pastShots.isVisible())
    await pastShots.getByRole("button", { name: "Keep them" }).click();
}

async function saveBvdCalendar(page: Page): Promise<number> {
  await openBvdStepTwo(page);
  return finishCalendar(page);
}

type DetailShot = { id: string; templateId: number | null; date: string | null; cycle: number };

/** The saved calendar's first BVD shot from a template, as the server has it. */
async function readBvdShot(page: Page, calendarId: number, token: string): Promise<DetailShot> {
  const response = await page.request.get(`/api/calendars/${calendarId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  const detail = (await response.json()) as { diseases: { id: number; shots: DetailShot[] }[] };
  const shot = detail.diseases
    .find((column) => column.id === 1)
    ?.shots.find((candidate) => candidate.cycle === 1 && candidate.templateId !== null);
  if (!shot?.date) throw new Error("the saved calendar has no BVD shot from a template");
  return shot;
}

/** The grid's button for a shot on `date` (the first occurrence, or a copy). */
function gridShot(page: Page, date: string) {
  return page
    .getByRole("region", { name: "Vaccination calendar" })
    .getByRole("button", { name: new RegExp(`, ${formatDisplayDate(date)}(,|$)`) });
}

async function expectNoSidewaysScroll(page: Page, state: string): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `sideways scroll: ${state}`).toBeLessThanOrEqual(0);
}

test.describe("a protocol changed since the calendar was saved", () => {
  test.describe.configure({ timeout: 180_000 });

  test("the saved calendar keeps its date, says so, previews the difference and takes it on confirm", async ({
    page,
    browser,
  }, testInfo) => {
    const token = await signInNewFarmer(page, testInfo, "protocol");
    const calendarId = await saveBvdCalendar(page);
    const saved = await readBvdShot(page, calendarId, token);
    const savedDate = saved.date ?? "";
    const newDate = shiftDate(savedDate, 7);

    // Nothing changed yet: no notice.
    await page.goto(`/calendar/${calendarId}`);
    await expect(page.getByText("Editing a saved calendar")).toBeVisible();
    await showCalendarGrid(page);
    await expect(gridShot(page, savedDate).first()).toBeVisible();
    await expect(
      page.getByRole("region", { name: "The vaccine schedule has changed" }),
    ).toHaveCount(0);

    await moveShotTemplateAsAdmin(page.request, saved.templateId ?? 0, 7);
    try {
      // A calendar generated now has the new date (in a fresh browser: no draft kept).
      const visitor = await browser.newContext({ baseURL: `http://localhost:${port}` });
      try {
        const fresh = await visitor.newPage();
        await openBvdStepTwo(fresh);
        await showCalendarGrid(fresh);
        await expect(gridShot(fresh, newDate).first()).toBeVisible();
        await expect(gridShot(fresh, savedDate)).toHaveCount(0);
      } finally {
        await visitor.close();
      }

      // The saved one keeps its date, and says the schedule changed: on My Calendars' card …
      await page.goto("/calendars");
      await waitForScreen(page);
      const card = page.getByRole("article").first();
      await expect(
        card.getByText("The vaccine schedule changed since you saved this calendar."),
      ).toBeVisible();
      await expectNoAxeViolations(page, "My Calendars with a schedule change, 1280 px");
      await page.setViewportSize(phone);
      await expectNoSidewaysScroll(page, "My Calendars card notice at 375 px");
      await expectNoAxeViolations(page, "My Calendars with a schedule change, 375 px");

      // … whose link opens the calendar with the difference showing, before anything changes.
      await card.getByRole("link", { name: /Update my calendar/ }).click();
      const dialog = page.getByRole("dialog", { name: "Update my calendar" });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(
        `From ${formatDisplayDate(savedDate)} to ${formatDisplayDate(newDate)}.`,
      );
      await expect(dialog.getByText("Moves")).toBeVisible();
      await expectNoSidewaysScroll(page, "the difference at 375 px");
      await expectNoAxeViolations(page, "the difference at 375 px");
      await page.screenshot({ path: testInfo.outputPath("protocol-update-375.png") });
      await dialog.getByRole("button", { name: "Keep it as it is" }).click();
      await expect(dialog).toBeHidden();

      // Kept as it is (decision 430): the saved date, and the notice gone on this device, at
      // 1280 px too.
      await page.setViewportSize(desktop);
      await page.goto(`/calendar/${calendarId}`);
      await expect(
        page.getByRole("heading", { level: 1, name: "Review your calendar" }),
      ).toBeVisible();
      const notice = page.getByRole("region", { name: "The vaccine schedule has changed" });
      await expect(notice).toHaveCount(0);
      await showCalendarGrid(page);
      await expect(gridShot(page, savedDate).first()).toBeVisible();
      await expect(gridShot(page, newDate)).toHaveCount(0);
      await expectNoAxeViolations(page, "the saved calendar kept as it is at 1280 px");

      // By keyboard, from My Calendars, which still marks the card: the difference; confirm
      // applies it.
      await page.goto("/calendars");
      await waitForScreen(page);
      await card.getByRole("link", { name: /Update my calendar/ }).focus();
      await page.keyboard.press("Enter");
      await expect(dialog).toBeVisible();
      await expectNoAxeViolations(page, "the difference at 1280 px");
      const [applied] = await Promise.all([
        page.waitForResponse(
          (candidate) =>
            new URL(candidate.url()).pathname === `/api/calendars/${calendarId}/protocol-update` &&
            candidate.request().method() === "POST",
        ),
        dialog.getByRole("button", { name: "Update my calendar" }).click(),
      ]);
      expect(applied.status()).toBe(200);
      await expect(
        page.getByText("Your calendar is updated to the current vaccine schedule."),
      ).toBeVisible();
      await expect(notice).toHaveCount(0);
      await showCalendarGrid(page);
      await expect(gridShot(page, newDate).first()).toBeVisible();
      await expect(gridShot(page, savedDate)).toHaveCount(0);
      expect((await readBvdShot(page, calendarId, token)).date).toBe(newDate);

      // And My Calendars no longer marks it.
      await page.goto("/calendars");
      await waitForScreen(page);
      await expect(
        page.getByText("The vaccine schedule changed since you saved this calendar."),
      ).toHaveCount(0);
    } finally {
      await moveShotTemplateAsAdmin(page.request, saved.templateId ?? 0, -7);
    }
  });

  test("a calendar made before the change and saved after it is told at once; a new one starts afresh", async ({
    page,
  }, testInfo) => {
    const token = await signInNewFarmer(page, testInfo, "protocol-draft");
    // Step 2 is open, made from the schedule of the moment …
    await openBvdStepTwo(page);
    await showCalendarGrid(page);
    const made = page
      .getByRole("region", { name: "Vaccination calendar" })
      .getByRole("button", { name: /^Bovilis BVD, / })
      .first();
    await expect(made).toBeVisible();
    // … when an admin moves the BVD booster by a week; the farmer saves after it.
    const bvdBooster = 2;
    await moveShotTemplateAsAdmin(page.request, bvdBooster, 7);
    try {
      const calendarId = await finishCalendar(page);
      const saved = await readBvdShot(page, calendarId, token);
      expect(saved.templateId).toBe(bvdBooster);
      const savedDate = saved.date ?? "";
      const newDate = shiftDate(savedDate, 7);

      // The dates are the ones the farmer saw, and the calendar says the schedule changed.
      await page.goto(`/calendar/${calendarId}`);
      const notice = page.getByRole("region", { name: "The vaccine schedule has changed" });
      await expect(notice).toBeVisible();
      await notice.getByRole("button", { name: "Update my calendar" }).click();
      const dialog = page.getByRole("dialog", { name: "Update my calendar" });
      await expect(dialog).toContainText(
        `From ${formatDisplayDate(savedDate)} to ${formatDisplayDate(newDate)}.`,
      );
      await expectNoAxeViolations(page, "the difference of a calendar saved after a change");
      await dialog.getByRole("button", { name: "Keep it as it is" }).click();

      // A new calendar with the same setup, after the saved one was opened, starts afresh: the
      // current schedule's date, and not the saved calendar's draft.
      await openBvdStepTwo(page);
      await expect(page.getByText("Step 2 of 2")).toBeVisible();
      await showCalendarGrid(page);
      await expect(gridShot(page, newDate).first()).toBeVisible();
      await expect(gridShot(page, savedDate)).toHaveCount(0);
      await expect(notice).toHaveCount(0);
    } finally {
      await moveShotTemplateAsAdmin(page.request, bvdBooster, -7);
    }
  });

  test("a disease's new default product is offered to the saved calendar, in farm words", async ({
    page,
  }, testInfo) => {
    const token = await signInNewFarmer(page, testInfo, "protocol-product");
    const calendarId = await saveBvdCalendar(page);
    const before = await readBvdShot(page, calendarId, token);
    const bvdForCows = { diseaseId: 1, animalId: 1 };
    const bovilisIbrMarkerLive = 3;
    const previous = await setDefaultVaccineAsAdmin(page.request, bvdForCows, bovilisIbrMarkerLive);
    try {
      await page.goto(`/calendar/${calendarId}`);
      const notice = page.getByRole("region", { name: "The vaccine schedule has changed" });
      await notice.getByRole("button", { name: "Update my calendar" }).click();
      const dialog = page.getByRole("dialog", { name: "Update my calendar" });
      await expect(dialog.getByText("New vaccine")).toBeVisible();
      await expect(dialog).toContainText(
        "The recommended vaccine is now Bovilis IBR Marker Live instead of Bovilis BVD.",
      );
      await expect(dialog.getByText("Taken off")).toBeVisible();
      await expectNoAxeViolations(page, "the product swap at 1280 px");
      await page.setViewportSize(phone);
      await expectNoSidewaysScroll(page, "the product swap at 375 px");
      await page.setViewportSize(desktop);
      const [applied] = await Promise.all([
        page.waitForResponse(
          (candidate) =>
            new URL(candidate.url()).pathname === `/api/calendars/${calendarId}/protocol-update` &&
            candidate.request().method() === "POST",
        ),
        dialog.getByRole("button", { name: "Update my calendar" }).click(),
      ]);
      expect(applied.status()).toBe(200);
      await expect(notice).toHaveCount(0);
      const after = await readBvdShot(page, calendarId, token);
      expect(after.templateId).not.toBe(before.templateId);
    } finally {
      await setDefaultVaccineAsAdmin(page.request, bvdForCows, previous);
    }
  });
});
