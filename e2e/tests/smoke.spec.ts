import type { Locator, Page } from "@playwright/test";
import { expect, test, waitForScreen } from "../support/fixtures.ts";

const notFoundText = "The page you are looking for does not exist.";

/** Presses Tab until the locator has focus, as a keyboard user would. */
async function tabTo(page: Page, target: Locator, maxPresses = 20): Promise<void> {
  for (let press = 0; press < maxPresses; press += 1) {
    await page.keyboard.press("Tab");
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`Tab did not reach ${target} within ${maxPresses} presses.`);
}

test.describe("smoke", () => {
  test("the landing page loads its data and invites the visitor to register", async ({ page }) => {
    await page.goto("/");

    await waitForScreen(page);
    await expect(page.getByRole("main")).toContainText("calendar is in development");
    await expect(page.getByRole("main").getByRole("button", { name: "Register" })).toBeVisible();
    await expect(page.getByRole("link", { name: "VaxCal" }).first()).toHaveAttribute("href", "/");
    await expect(page.getByRole("contentinfo")).toContainText("All rights reserved.");
  });

  test("a deep link opens its screen directly", async ({ page }) => {
    await page.goto("/logged-out");

    await expect(
      page.getByRole("heading", { level: 1, name: "You’ve been logged out!" }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/logged-out$/);
  });

  test("an unknown path shows the 404 text", async ({ page }) => {
    await page.goto("/nope");

    await expect(page.getByRole("heading", { level: 1, name: notFoundText })).toBeVisible();
  });

  test("no page is wider than the screen", async ({ page }) => {
    for (const path of ["/", "/logged-out", "/nope"]) {
      await page.goto(path);
      await waitForScreen(page);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `horizontal scroll on ${path}`).toBe(0);
    }
  });

  test("keyboard: Tab reaches the menu and Register, Enter opens the modal, Escape closes it", async ({
    page,
    layout,
  }) => {
    await page.goto("/");
    await waitForScreen(page);
    const menuButton = page.getByRole("button", { name: "Menu" });
    const register = page
      .getByRole("banner")
      .getByRole("button", { name: "Register", exact: true });

    if (layout === "phone") {
      await expect(register).toBeHidden();
      await tabTo(page, menuButton);
      await page.keyboard.press("Enter");
      await expect(menuButton).toHaveAttribute("aria-expanded", "true");
    } else {
      await expect(menuButton).toBeHidden();
    }
    await tabTo(page, register);
    await page.keyboard.press("Enter");

    const dialog = page.getByRole("dialog", { name: "Register with VaxCal" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Close" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(register).toBeFocused();
  });

  test("tap targets are at least 44 px high", async ({ page }) => {
    await page.goto("/");
    await waitForScreen(page);
    const menuButton = page.getByRole("button", { name: "Menu" });
    if (await menuButton.isVisible()) await menuButton.click();

    const targets = page.locator("header a, header button, main a, main button, footer a");
    const heights = await targets.evaluateAll((elements) =>
      elements
        .filter((element) => element.getClientRects().length > 0)
        .map((element) => ({
          name: element.textContent?.trim() ?? "",
          height: element.getBoundingClientRect().height,
        })),
    );
    expect(heights.length).toBeGreaterThan(0);
    expect(heights.filter(({ height }) => height < 44)).toEqual([]);
  });
});

test.describe("accessibility (axe)", () => {
  for (const path of ["/", "/logged-out", "/nope"]) {
    test(`${path} has no violations`, async ({ expectNoAccessibilityViolations }) => {
      await expectNoAccessibilityViolations(path);
    });
  }

  test("the open register modal has no violations", async ({ expectNoAccessibilityViolations }) => {
    await expectNoAccessibilityViolations("/", async (page) => {
      await page.getByRole("main").getByRole("button", { name: "Register" }).click();
      await expect(page.getByRole("dialog")).toBeVisible();
    });
  });
});
