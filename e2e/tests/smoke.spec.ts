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

  test("the landing page's text and footer are in the HTML, before any script runs", async ({
    browser,
    baseURL,
    viewport,
  }) => {
    const context = await browser.newContext({ baseURL, viewport, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto("/");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        "Every vaccine shot for your herd or flock, planned.",
      );
      await expect(page.getByRole("main")).toContainText("calendar is in development");
      await expect(page.getByRole("contentinfo")).toContainText("All rights reserved.");

      // Every other route gets the app without the landing page in it.
      await page.goto("/logged-out");
      await expect(page.getByRole("heading")).toHaveCount(0);
    } finally {
      await context.close();
    }
  });

  test("nothing on the landing page moves while the app starts and its data arrives", async ({
    page,
  }) => {
    await page.addInitScript(() => {
      const shifts: number[] = [];
      Object.assign(window, { layoutShifts: shifts });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          shifts.push((entry as PerformanceEntry & { value: number }).value);
        }
      }).observe({ type: "layout-shift", buffered: true });
    });
    const referenceListsLoaded = page.waitForResponse((response) =>
      response.url().endsWith("/api/vaccines"),
    );
    await page.goto("/");
    await waitForScreen(page);
    await referenceListsLoaded;
    await page.waitForLoadState("networkidle");

    const shifts = await page.evaluate(
      () => (window as unknown as { layoutShifts: number[] }).layoutShifts,
    );
    const layoutShift = shifts.reduce((sum, value) => sum + value, 0);
    expect(layoutShift, `layout shifts: ${JSON.stringify(shifts)}`).toBeLessThan(0.01);
  });

  test("robots.txt and the web manifest with its icons are real files", async ({ request }) => {
    const robots = await request.get("/robots.txt");
    expect(robots.headers()["content-type"]).toMatch(/^text\/plain/);
    expect(await robots.text()).toContain("User-agent: *");

    const page = await request.get("/");
    const manifestPath = /<link rel="manifest" href="([^"]+)"/.exec(await page.text())?.[1];
    expect(manifestPath).toBe("/manifest.webmanifest");
    const manifest = (await (await request.get(manifestPath!)).json()) as {
      name: string;
      start_url: string;
      icons: { src: string; sizes: string; type: string }[];
    };
    expect(manifest).toMatchObject({ short_name: "VaxCal", start_url: "/" });
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(
      expect.arrayContaining(["192x192", "512x512"]),
    );
    for (const icon of manifest.icons) {
      const file = await request.get(icon.src);
      expect(file.headers()["content-type"], icon.src).toBe("image/png");
      // Every PNG starts with the same eight bytes.
      expect((await file.body()).subarray(0, 8).toString("hex"), icon.src).toBe("89504e470d0a1a0a");
    }
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
