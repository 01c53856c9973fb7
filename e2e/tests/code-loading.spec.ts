import type { Browser, Page, ViewportSize } from "@playwright/test";
import { expect, test, waitForScreen } from "../support/fixtures.ts";

/*
 * The web app downloads each screen's and modal's code when it is first opened
 * (apps/web/src/app/lazy-component.tsx), so the landing page stays light on a weak rural signal.
 */

/**
 * 1.3 × the JavaScript the landing page downloaded once its screens and modals were split:
 * 136,852 bytes brotli (bench/README.md, 'Web: what the landing page downloads'). The single
 * bundle before the split was 193,289 bytes and fails this.
 */
const landingScriptBudgetBytes = 178_000;

const unexpectedErrorText = "Something went wrong on our side. Please try again.";

/** Opens the landing page in a context of its own and lists the scripts it downloaded. */
async function openLandingPage(
  browser: Browser,
  { baseURL, viewport }: { baseURL: string | undefined; viewport: ViewportSize | null },
) {
  const context = await browser.newContext({ baseURL, viewport });
  const page = await context.newPage();
  const scriptUrls = new Set<string>();
  page.on("request", (request) => {
    if (request.resourceType() === "script") scriptUrls.add(request.url());
  });
  // A crash shows as an uncaught page error; a failed download itself is expected to log.
  const pageErrors: string[] = [];
  page.on("pageerror", (error) => pageErrors.push(error.message));
  await page.goto("/");
  await waitForScreen(page);
  return { context, page, landingScripts: new Set(scriptUrls), pageErrors };
}

/** Drops the first download of every script the landing page did not need, as a bad signal would. */
async function dropFirstDownloadOfOtherCode(page: Page, landingScripts: Set<string>) {
  const dropped = new Set<string>();
  await page.route("**/assets/*.js", async (route) => {
    const url = route.request().url();
    if (landingScripts.has(url) || dropped.has(url)) return route.continue();
    dropped.add(url);
    return route.abort("internetdisconnected");
  });
  return dropped;
}

test.describe("code loading", () => {
  test("the landing page downloads only its own code, within the budget", async ({ page }) => {
    const responses: Promise<number>[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() !== "script") return;
      // The bytes on the wire: compressed, as the server sends them.
      responses.push(
        response
          .request()
          .sizes()
          .then((sizes) => sizes.responseBodySize),
      );
    });

    await page.goto("/");
    await waitForScreen(page);
    await page.waitForLoadState("networkidle");

    const scriptBytes = (await Promise.all(responses)).reduce((sum, size) => sum + size, 0);
    test.info().annotations.push({ type: "landing page scripts", description: `${scriptBytes} B` });
    expect(scriptBytes).toBeGreaterThan(0);
    expect(scriptBytes).toBeLessThanOrEqual(landingScriptBudgetBytes);
  });

  test("a modal whose code did not arrive stays open with Try again, which opens it", async ({
    browser,
    baseURL,
    viewport,
  }) => {
    const { context, page, landingScripts, pageErrors } = await openLandingPage(browser, {
      baseURL,
      viewport,
    });
    try {
      const dropped = await dropFirstDownloadOfOtherCode(page, landingScripts);

      await page.getByRole("main").getByRole("button", { name: "Register" }).click();

      const dialog = page.getByRole("dialog", { name: "Register with VaxCal" });
      await expect(dialog.getByRole("alert")).toContainText(unexpectedErrorText);
      expect(dropped.size).toBeGreaterThan(0);
      await dialog.getByRole("button", { name: "Try again" }).click();
      await expect(dialog.getByLabel("First name")).toBeVisible();
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test("a screen whose code did not arrive shows the error page, whose Try again opens it", async ({
    browser,
    baseURL,
    viewport,
  }) => {
    const { context, page, landingScripts, pageErrors } = await openLandingPage(browser, {
      baseURL,
      viewport,
    });
    try {
      const dropped = await dropFirstDownloadOfOtherCode(page, landingScripts);

      await page.goto("/password/reset");

      const main = page.getByRole("main");
      await expect(main.getByRole("heading", { level: 1 })).toHaveText(unexpectedErrorText);
      // The page around it still works.
      await expect(page.getByRole("banner")).toBeVisible();
      expect(dropped.size).toBeGreaterThan(0);
      await main.getByRole("button", { name: "Try again" }).click();
      await expect(main.getByRole("heading", { level: 1 })).toHaveText("Reset your password");
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
