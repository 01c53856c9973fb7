import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures.ts";

/*
 * Issue 25 item 5, decision 428: step 2 on a 375 × 667 phone. The first screen shows the next
 * shots, the setup summary is folded, and the calendar is a month-by-month list in which no shot
 * lies off-screen and nothing scrolls sideways, with every action of the grid in reach.
 */

const port = Number(process.env.E2E_PORT ?? 3199);
test.use({ baseURL: `http://localhost:${port}`, viewport: { width: 375, height: 667 } });

/** Step 1 for dairy cows with four diseases, then step 2. */
async function openDairyStepTwo(page: Page): Promise<void> {
  await page.goto("/beta");
  const main = page.getByRole("main");
  await main.getByRole("radio", { name: "Dairy" }).check();
  await main.getByRole("radio", { name: "Cows", exact: true }).check();
  await main.getByRole("radio", { name: "Spring calving" }).check();
  for (const disease of [/^BVD/, /^Leptospirosis/, /^Calf scour/, /^Clostridial diseases/]) {
    await main.getByRole("checkbox", { name: disease }).check();
  }
  await page.getByRole("button", { name: "Next step" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Review your calendar" })).toBeVisible();
  const pastShots = page.getByRole("dialog", { name: "Shots in the past" });
  if (await pastShots.isVisible())
    await pastShots.getByRole("button", { name: "Keep them" }).click();
}

test.describe("step 2 on a phone", () => {
  test.describe.configure({ timeout: 90_000 });

  test("at 375 px: the next shots come first, and the month-by-month calendar hides no shot", async ({
    page,
  }, testInfo) => {
    test.skip(testInfo.project.name !== "phone-375", "the phone layout of decision 428");
    await openDairyStepTwo(page);

    // The first screen: the next shots, with the choices folded into one line.
    const summary = page.getByRole("button", { name: /^Your choices/ });
    await expect(summary).toHaveAttribute("aria-expanded", "false");
    const firstCard = page
      .getByRole("tabpanel", { name: "Due next" })
      .getByRole("listitem")
      .first();
    await expect(firstCard).toBeVisible();
    const cardBox = await firstCard.boundingBox();
    expect(cardBox?.y ?? Infinity).toBeLessThan(667 - 48);

    // The calendar, month by month: no table, no box to scroll sideways.
    await page.getByRole("tab", { name: "By month" }).click();
    const calendar = page.getByRole("region", { name: "Vaccination calendar" });
    await expect(calendar.getByRole("heading", { level: 2 }).first()).toBeVisible();
    await expect(page.getByRole("table")).toHaveCount(0);
    for (const disease of ["BVD", "Leptospirosis", "Calf scour", "Clostridial diseases"]) {
      await expect(calendar.getByRole("heading", { level: 3, name: disease })).toBeVisible();
    }

    const shots = calendar.locator(".shot__label");
    expect(await shots.count()).toBeGreaterThan(8);
    const offScreen = await shots.evaluateAll((buttons) =>
      buttons
        .map((button) => ({
          name: button.getAttribute("aria-label"),
          box: button.getBoundingClientRect(),
        }))
        .filter(({ box }) => box.width === 0 || box.left < 0 || box.right > window.innerWidth)
        .map(({ name, box }) => `${name}: ${Math.round(box.left)}–${Math.round(box.right)}`),
    );
    expect(offScreen).toEqual([]);
    const scrollingSideways = await page.evaluate(() =>
      [...document.querySelectorAll("body *")]
        .filter((element) => element.scrollWidth > element.clientWidth + 1)
        .filter((element) => /auto|scroll/.test(getComputedStyle(element).overflowX))
        .map((element) => element.className || element.tagName),
    );
    expect(scrollingSideways).toEqual([]);
    const pageOverflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(pageOverflow).toBeLessThanOrEqual(0);

    const { violations } = await new AxeBuilder({ page }).include("main").analyze();
    expect(violations.map((violation) => violation.id)).toEqual([]);

    // Every action of the grid, by touch and by keyboard.
    await shots.first().click();
    const shotPanel = page.getByRole("dialog");
    await expect(shotPanel.getByLabel("Date of this shot")).toBeVisible();
    await shotPanel.getByRole("button", { name: "Cancel" }).click();

    const addBvd = calendar.getByRole("button", { name: /^Add shot for BVD in \d{4}/ }).first();
    await addBvd.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("dialog", { name: "Add a Bovilis BVD shot" })).toBeVisible();
    await page.keyboard.press("Escape");

    await calendar.getByRole("button", { name: "Remove Calf scour" }).focus();
    await page.keyboard.press("Enter");
    const remove = page.getByRole("dialog", { name: "Remove disease" });
    await remove.getByRole("button", { name: "Remove" }).click();
    await expect(calendar.getByRole("heading", { level: 3, name: "Calf scour" })).toHaveCount(0);

    // 'Add diseases' asks step 1's first-course question for a disease that has one.
    await calendar.getByRole("button", { name: "Add diseases" }).click();
    const add = page.getByRole("dialog", { name: "Add diseases" });
    await add.getByRole("checkbox", { name: /^IBR/ }).check();
    const question = add.getByRole("group", { name: /^Have these cows had IBR vaccine before/ });
    await expect(question.getByRole("radio", { name: "Yes" })).toBeChecked();
    await question.getByRole("radio", { name: "No, not yet" }).check();
    await add.getByRole("button", { name: "Add selected" }).click();
    await expect(add).toBeHidden();
    await page.getByRole("tab", { name: "By month" }).click();
    await expect(
      page
        .getByRole("region", { name: "Vaccination calendar" })
        .getByRole("heading", { level: 3, name: "IBR" }),
    ).toBeVisible();
  });
});
