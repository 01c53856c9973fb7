import type { Page } from "@playwright/test";
import { expect, showCalendarGrid, test } from "../support/fixtures.ts";
import { signInNewFarmer } from "../support/farmer-account.ts";
import { fillStepOne, finishCalendar, keepPastShotsIfAsked } from "../support/calendar-steps.ts";

/*
 * Issue 24, decisions 411, 414, 416 and 016: on 1 January 2027 the spring-calving dairy cows'
 * Rotavec Corona and Covexin 10 for the February calving are in January 2027, not moved to
 * December; Rotavec, whose preferred day is past, is due now. Step 2's shots come from the server's engine for the server's own today, so both
 * clocks are fixed: the server's through its test-only clock, the browser's with `page.clock`.
 * This journey runs as its own project after all the others, since it moves the one server's
 * clock, and puts it back after each test.
 */

const port = Number(process.env.E2E_PORT ?? 3199);
test.use({ baseURL: `http://localhost:${port}` });

const newYear = "2027-01-01";

async function setServerToday(page: Page, today: string | null): Promise<void> {
  const response = await page.request.post("/api/test/clock", { data: { today } });
  expect(response.status(), await response.text()).toBe(200);
}

test.afterEach(async ({ page }) => {
  await setServerToday(page, null);
});

/** The feed's events for one vaccine, found by a word of their summary, each unfolded. */
function findFeedEvents(feedText: string, vaccineWord: string): string[] {
  return feedText
    .split("BEGIN:VEVENT")
    .slice(1)
    .map((event) => event.replace(/\r?\n /g, ""))
    .filter((event) => event.includes(vaccineWord));
}

test.describe("due now on 1 January 2027", () => {
  test.describe.configure({ timeout: 180_000 });

  test("spring-calving dairy cows get Rotavec and Covexin in January 2027: in step 2, in Due next and in the feed", async ({
    page,
  }, testInfo) => {
    await setServerToday(page, newYear);
    await page.clock.setFixedTime(new Date(`${newYear}T10:00:00`));
    await signInNewFarmer(page, testInfo, "duenow");

    await fillStepOne(page, {
      enterprise: "Dairy",
      animal: "Cows",
      season: "Spring calving",
      diseases: [/^Clostridial/, /^Calf scour/],
    });
    // The calving this season: 1 February 2027, a month ahead.
    await expect(page.getByLabel("Calving season start date")).toHaveValue("2027-02-01");
    await page.getByRole("button", { name: "Next step" }).click();
    await expect(
      page.getByRole("heading", { level: 1, name: "Review your calendar" }),
    ).toBeVisible();
    await keepPastShotsIfAsked(page);

    // Step 2's grid: both in January 2027 (they used to move to December 2027, the next season's
    // day). The default calving block (1 February to 12 April, decision 416) is longer than either
    // window, so each is given to the early calvers first: Rotavec's preferred day is past and its
    // window still open, so it is due now and says when the window closes; Covexin's early dose is
    // still ahead, on its day in January.
    await showCalendarGrid(page);
    const grid = page.getByRole("region", { name: "Vaccination calendar" });
    for (const vaccine of ["Rotavec Corona", "Covexin 10"]) {
      const january = grid.getByRole("button", {
        name: new RegExp(`${vaccine}(, for those calving [^,]+)?, \\d{1,2} January 2027$`),
      });
      // Rotavec's late calvers get theirs in January too.
      await expect(january.first(), `${vaccine} in January 2027`).toBeVisible();
    }
    await expect(
      grid
        .getByRole("button", {
          name: /Rotavec Corona(, for those calving [^,]+)?, 1 January 2027$/,
        })
        .locator("xpath=..")
        .getByText(/^Due now: window closes \d{1,2} Jan$/),
    ).toBeVisible();

    // 'Due next': both are among the first doses to give, in January 2027.
    await page.getByRole("tab", { name: "Due next" }).click();
    const list = page.getByRole("tabpanel", { name: "Due next" });
    for (const vaccine of ["Rotavec Corona", "Covexin 10"]) {
      const card = list.getByRole("listitem").filter({ hasText: vaccine }).first();
      await expect(card, `${vaccine} in Due next`).toContainText(/\d{1,2} January 2027/);
    }
    await expect(
      list.getByRole("listitem").filter({ hasText: "Rotavec Corona" }).first(),
    ).toContainText(/Due now: window closes \d{1,2} Jan/);

    // Saved, the feed has both in January 2027.
    await finishCalendar(page);
    const feedUrl = await page
      .getByRole("main")
      .getByLabel("Link for other calendar apps")
      .inputValue();
    const feed = await page.request.get(feedUrl);
    expect(feed.status()).toBe(200);
    const feedText = await feed.text();
    for (const vaccine of ["Rotavec", "Covexin"]) {
      const inJanuary = findFeedEvents(feedText, vaccine).filter((event) =>
        /DTSTART;VALUE=DATE:202701\d\d/.test(event),
      );
      expect(inJanuary.length, `${vaccine} in the feed in January 2027`).toBeGreaterThan(0);
    }
  });
});
