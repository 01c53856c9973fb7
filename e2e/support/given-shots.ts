import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import type { Page, TestInfo } from "@playwright/test";
import { calendarTabName, expect, expectNoAxeViolations } from "./fixtures.ts";

/*
 * The second half of the phone journey (decision 403), shared by the journeys that save a calendar: on
 * the saved calendar, 'Due next' marks the first shot to come as given with a batch number; after
 * a reload it is still given, in 'Due next' and in the grid; and the PDF's checklist ticks it with
 * the date given and the batch.
 */

const shortMonthNames = [
  "Jan",
  "Feb",
  "Mar",
  "Apr",
  "May",
  "Jun",
  "Jul",
  "Aug",
  "Sep",
  "Oct",
  "Nov",
  "Dec",
];

/** Today in Ireland as the PDF prints a date: `24 Nov 2026`. */
function formatIrishTodayForPdf(): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Dublin" }).format(new Date());
  const [year = 0, month = 1, day = 1] = today.split("-").map(Number);
  return `${day} ${shortMonthNames[month - 1]} ${year}`;
}

async function expectNoSidewaysScroll(page: Page, state: string): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `sideways scroll: ${state}`).toBeLessThanOrEqual(0);
}

/**
 * Opens the saved calendar, marks its first shot to come as given with `batch` from 'Due next',
 * reloads, and checks the shot given in 'Due next', the grid and the PDF's checklist line for
 * `animalGroup` (e.g. "Cows (Dairy, Spring calving)").
 */
export async function markFirstShotGiven(
  page: Page,
  testInfo: TestInfo,
  {
    calendarId,
    token,
    batch,
    animalGroup,
  }: {
    calendarId: number;
    token: string;
    batch: string;
    animalGroup: string;
  },
): Promise<void> {
  await page.goto(`/calendar/${calendarId}`);
  await expect(page.getByText("Editing a saved calendar")).toBeVisible();
  const dueNextTab = page.getByRole("tab", { name: "Due next" });
  await dueNextTab.click();
  await expect(dueNextTab).toHaveAttribute("aria-selected", "true");
  const list = page.getByRole("tabpanel", { name: "Due next" });
  // The first shot still to come (a week's group, not the overdue one).
  const firstCard = list
    .locator("section:not([data-overdue])")
    .first()
    .getByRole("listitem")
    .first();
  await expect(firstCard.getByRole("button", { name: /^Mark as given/ })).toBeVisible();
  await expectNoSidewaysScroll(page, "due next");
  await expectNoAxeViolations(page, "due next on a saved calendar");
  await page.screenshot({ path: testInfo.outputPath("due-next-375.png"), fullPage: true });

  await firstCard.getByRole("button", { name: /^Mark as given/ }).click();
  const dialog = page.getByRole("dialog", { name: "Mark as given" });
  await expect(dialog.getByLabel("Date given")).not.toHaveValue("");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(
    dialog.getByText("Please enter the batch number from the vaccine pack."),
  ).toBeVisible();
  await dialog.getByLabel(/Batch number/).fill(batch);
  await expectNoAxeViolations(page, "the 'Mark as given' dialog");
  await page.screenshot({ path: testInfo.outputPath("mark-as-given-375.png") });
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  await expect(firstCard).toContainText(`Batch ${batch}`);

  // Reloaded, it is still given: in 'Due next' (the phone's first view) and in the grid.
  await page.reload();
  await expect(page.getByText("Editing a saved calendar")).toBeVisible();
  await expect(page.getByRole("tab", { name: "Due next" })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  await expect(
    page.getByRole("tabpanel", { name: "Due next" }).getByText(`Batch ${batch}`),
  ).toBeVisible();
  await page.getByRole("tab", { name: calendarTabName }).click();
  await expect(
    page
      .getByRole("region", { name: "Vaccination calendar" })
      .getByRole("button", { name: new RegExp(`, given on .*, batch ${batch}$`) }),
  ).toHaveCount(1);
  await expectNoAxeViolations(page, "the grid with a given shot");

  // The PDF: the checklist's line for that shot is ticked and holds the date given and batch.
  const download = await page.request.get(`/api/calendars/${calendarId}/download`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(download.status()).toBe(200);
  const file = testInfo.outputPath("calendar.pdf");
  writeFileSync(file, await download.body());
  const text = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
  expect(text).toContain(`Checklist: ${animalGroup}`);
  const givenLines = text.split("\n").filter((line) => line.includes(batch));
  expect(givenLines, text).toHaveLength(1);
  expect(givenLines[0]).toContain("✓");
  expect(givenLines[0]).toContain(formatIrishTodayForPdf());
}
