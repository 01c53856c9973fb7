import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures.ts";
import { signInNewFarmer } from "../support/farmer-account.ts";
import { finishCalendar } from "../support/calendar-steps.ts";
import { markFirstShotGiven } from "../support/given-shots.ts";

/*
 * 'Due next' and shots marked as given (decision 403, docs/product.md D19), on a 375 px phone against
 * the real server: a farmer with a saved calendar opens 'Due next', marks the first shot as given
 * with a batch number, reloads and still sees it given, and the PDF's checklist ticks that shot
 * with its batch.
 */

const port = Number(process.env.E2E_PORT ?? 3199);
test.use({ baseURL: `http://localhost:${port}` });

const batch = "A1234-B";
/** Fills step 1 for dairy cows with BVD and Leptospirosis and opens step 2. */
async function openDairyStepTwo(page: Page): Promise<void> {
  await page.goto("/beta");
  await expect(page.getByRole("heading", { level: 1, name: "Setup your calendar" })).toBeVisible();
  const main = page.getByRole("main");
  await main.getByRole("radio", { name: "Dairy" }).check();
  await main.getByRole("radio", { name: "Cows", exact: true }).check();
  await main.getByRole("radio", { name: "Spring calving" }).check();
  await main.getByRole("checkbox", { name: /^BVD/ }).check();
  await main.getByRole("checkbox", { name: /^Leptospirosis/ }).check();
  await page.getByRole("button", { name: "Next step" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Review your calendar" })).toBeVisible();
  const pastShots = page.getByRole("dialog", { name: "Shots in the past" });
  if (await pastShots.isVisible())
    await pastShots.getByRole("button", { name: "Keep them" }).click();
}

/** Builds dairy cows with BVD and Leptospirosis in step 1 and saves it; returns its id. */
async function saveDairyCalendar(page: Page): Promise<number> {
  await openDairyStepTwo(page);

  // Step 2 on a phone opens on 'Due next'; before saving there is nothing to mark as given.
  await expect(page.getByRole("tab", { name: "Due next" })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  const list = page.getByRole("tabpanel", { name: "Due next" });
  await expect(list.getByRole("listitem").first()).toContainText("Cows (Dairy, Spring calving)");
  await expect(list.getByRole("listitem").first()).toContainText("51–100");
  await expect(list.getByRole("button", { name: /^Mark as given/ })).toHaveCount(0);

  return finishCalendar(page, (popup) =>
    expect(popup.getByLabel("First name")).toHaveValue("Niamh"),
  );
}

test.describe("due next and shots marked as given", () => {
  test.describe.configure({ timeout: 150_000 });

  test("at 375 px: the first shot marked as given with its batch stays given, and the PDF ticks it", async ({
    page,
  }, testInfo) => {
    test.skip(testInfo.project.name !== "phone-375", "the phone journey of decision 403");
    const token = await signInNewFarmer(page, testInfo, "due");
    const calendarId = await saveDairyCalendar(page);

    await markFirstShotGiven(page, testInfo, {
      calendarId,
      token,
      batch,
      animalGroup: "Cows (Dairy, Spring calving)",
    });
  });

  test("at 375 px: a shot's protocol warning shows on its card and opens the rule popup by keyboard", async ({
    page,
  }, testInfo) => {
    test.skip(testInfo.project.name !== "phone-375", "the phone view of 'Due next'");
    await signInNewFarmer(page, testInfo, "due");
    await openDairyStepTwo(page);
    const list = page.getByRole("tabpanel", { name: "Due next" });
    await expect(list.getByRole("button", { name: /^Too close to another vaccine/ })).toHaveCount(
      0,
    );

    // Leptospirosis moved to 5 days after the first BVD shot: under the 14 days apart.
    const bvd = list
      .getByRole("listitem")
      .filter({ hasText: /^.*BVD:/ })
      .first();
    await bvd.getByRole("button", { name: /^Change date/ }).click();
    const bvdPanel = page.getByRole("dialog");
    const bvdDate = await bvdPanel.getByLabel("Date of this shot").inputValue();
    await bvdPanel.getByRole("button", { name: "Cancel" }).click();
    const [year = 0, month = 1, day = 1] = bvdDate.split("-").map(Number);
    const close = new Date(Date.UTC(year, month - 1, day + 5)).toISOString().slice(0, 10);
    const lepto = list
      .getByRole("listitem")
      .filter({ hasText: /^.*Leptospirosis:/ })
      .first();
    await lepto.getByRole("button", { name: /^Change date/ }).click();
    const leptoPanel = page.getByRole("dialog");
    await leptoPanel.getByLabel("Date of this shot").fill(close);
    await leptoPanel.getByRole("button", { name: "Confirm" }).click();
    const rulePopup = page.getByRole("dialog", { name: "Vaccines close together" });
    await rulePopup.getByRole("button", { name: "Keep this date" }).click();
    await expect(rulePopup).toBeHidden();

    // Each card of the pair says what to do, in farm words; no rule code shows.
    const warnings = list.getByRole("button", {
      name: /^Too close to another vaccine: leave 14 days between them with /,
    });
    await expect(warnings).toHaveCount(2);
    await expect(warnings.first()).toHaveText(/^⚠Too close to another vaccine/);
    await expect(list).not.toContainText(/rule ·|S\d+\b|\[!\]/);
    // Nothing runs off the side of a 375 px screen.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    const { violations } = await new AxeBuilder({ page }).include("[role=tabpanel]").analyze();
    expect(violations.map((violation) => violation.id)).toEqual([]);

    // By keyboard: the warning's button opens the same rule popup; the safe choice leads.
    await warnings.first().focus();
    await page.keyboard.press("Enter");
    await expect(rulePopup).toBeVisible();
    await expect(rulePopup).toContainText("is 5 days from");
    await page.keyboard.press("Escape");
    await expect(rulePopup).toBeHidden();
  });
});
