import { AxeBuilder } from "@axe-core/playwright";
import { test as base, expect, type Locator, type Page } from "@playwright/test";

type AccessibilityScan = (path: string, prepare?: (page: Page) => Promise<void>) => Promise<void>;

type Fixtures = {
  /** Phone or desktop layout, from the project's viewport. */
  layout: "phone" | "desktop";
  /** Opens a path in a fresh context, optionally brings it to a state, and fails on any axe violation. */
  expectNoAccessibilityViolations: AccessibilityScan;
};

/** Collects console errors and uncaught page errors; a journey that logs one fails. */
function watchForPageErrors(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console.error: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  return problems;
}

/**
 * Waits until the screen has its heading, past the loading state, and the app has started: on
 * `/` the heading arrives pre-rendered in the HTML, where buttons do nothing until the app has
 * rendered over it and dropped the root's `data-prerendered` mark (apps/web/src/main.tsx).
 */
export async function waitForScreen(page: Page): Promise<void> {
  await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.locator("#root[data-prerendered]")).toHaveCount(0);
}

/** The calendar's tab: "Calendar grid", or "By month" on a phone (decision 428). */
export const calendarTabName = /^(Calendar grid|By month)$/;

/**
 * The names of the calendar's diseases, in order: the grid's column heads, or on a phone the
 * month list's disease cards (decision 428).
 */
export function diseaseNames(calendar: Locator): Locator {
  return calendar.locator(".calendar-grid__disease-name, .calendar-agenda__disease-name");
}

/**
 * Shows step 2's grid. A calendar has two views (docs/ARCHITECTURE.md), and phones open on 'Due next'; a
 * journey that works in the grid picks it first, at any width.
 */
export async function showCalendarGrid(page: Page): Promise<void> {
  await page.getByRole("tab", { name: calendarTabName }).click();
  await expect(page.getByRole("region", { name: "Vaccination calendar" })).toBeVisible();
}

export const test = base.extend<Fixtures>({
  page: async ({ page }, use) => {
    const problems = watchForPageErrors(page);
    await use(page);
    expect(problems, "the page logged errors").toEqual([]);
  },

  // 1024 px is where the stylesheet moves the menu into the bar (64em).
  layout: async ({ viewport }, use) => {
    await use((viewport?.width ?? 1280) < 1024 ? "phone" : "desktop");
  },

  expectNoAccessibilityViolations: async ({ browser, baseURL, viewport }, use) => {
    await use(async (path, prepare) => {
      // axe-core/playwright needs a page of a context made with browser.newContext().
      const context = await browser.newContext({ baseURL, viewport });
      try {
        const page = await context.newPage();
        const problems = watchForPageErrors(page);
        await page.goto(path);
        await waitForScreen(page);
        if (prepare) await prepare(page);
        await expectNoAxeViolations(page, path);
        expect(problems, "the page logged errors").toEqual([]);
      } finally {
        await context.close();
      }
    });
  },
});

export { expect };

/**
 * Fails on any axe violation (WCAG 2.2 A and AA, and best practice) on the page as it is now,
 * once every running animation has finished: a dialog scanned while it fades in would report
 * the faded colours as a contrast failure.
 */
export async function expectNoAxeViolations(page: Page, where: string): Promise<void> {
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => {}))),
  );
  const { violations } = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    .analyze();
  const summary = violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
        .map((node) => node.target.join(" "))
        .join(", ")}`,
  );
  expect(summary, `axe violations on ${where}`).toEqual([]);
}
