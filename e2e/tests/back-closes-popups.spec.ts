import { dairyCowsBvdLepto, fillStepOne, goToStepTwo } from "../support/calendar-steps.ts";
import { expect, test as base, waitForScreen } from "../support/fixtures.ts";

/*
 * The phone's back button with a popup open closes the popup and stays on the page (issue 25,
 * item 8; decision 430). Step 2 is on /calendar, behind /beta: open only on local hosts, so the
 * server is reached as "localhost".
 */
const test = base.extend({
  baseURL: async ({ baseURL }, use) => {
    await use(baseURL?.replace("127.0.0.1", "localhost"));
  },
});

test.describe("back with a popup open", () => {
  test("closes the shot editor in step 2 and keeps step 2 with its shots", async ({ page }) => {
    await fillStepOne(page, dairyCowsBvdLepto);
    await goToStepTwo(page);
    const grid = page.getByRole("region", { name: "Vaccination calendar" });
    const shots = grid.getByRole("button", { name: /^Bovilis BVD, / });
    const shotCount = await shots.count();
    expect(shotCount).toBeGreaterThan(0);

    await shots.first().click();
    const editor = page.getByRole("dialog");
    await expect(editor.getByLabel("Date of this shot")).toBeVisible();

    await page.goBack();

    await expect(editor).toBeHidden();
    await expect(page).toHaveURL(/\/calendar$/);
    await expect(
      page.getByRole("heading", { level: 1, name: "Review your calendar" }),
    ).toBeVisible();
    await expect(shots).toHaveCount(shotCount);

    // A popup closed by its own button leaves no entry behind: back now leaves step 2 for step 1.
    await shots.first().click();
    await expect(editor).toBeVisible();
    await editor.getByRole("button", { name: "Close" }).click();
    await expect(editor).toBeHidden();
    await page.goBack();
    await expect(
      page.getByRole("heading", { level: 1, name: "Setup your calendar" }),
    ).toBeVisible();
  });

  test("closes the login popup and stays on the page", async ({ page, layout }) => {
    await page.goto("/logged-out");
    await waitForScreen(page);
    if (layout === "phone") await page.getByRole("button", { name: "Menu" }).click();
    await page.getByRole("banner").getByRole("button", { name: "Login" }).click();
    const login = page.getByRole("dialog", { name: "Login" });
    await expect(login.getByLabel("Password")).toBeVisible();

    await page.goBack();

    await expect(login).toBeHidden();
    await expect(page).toHaveURL(/\/logged-out$/);
    await expect(
      page.getByRole("heading", { level: 1, name: "You’ve been logged out!" }),
    ).toBeVisible();
  });
});
