import type { Locator, Page } from "@playwright/test";
import { calendarTabName, expect, showCalendarGrid } from "./fixtures.ts";

/*
 * Steps 1 and 2 of the calendar builder as a journey drives them: step 1 'Setup your calendar'
 * at /beta (open on pre-launch hosts: localhost, not 127.0.0.1), step 2 'Review your calendar'.
 */

export const monthNames = [
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

/** `2027-03-28` → `28 March 2027`, as the shot labels name their dates. */
export function formatDisplayDate(date: string): string {
  const [year, month, day] = date.split("-").map(Number);
  return `${day} ${monthNames[(month ?? 1) - 1]} ${year}`;
}

/** `date` moved by `days` (negative: earlier), `YYYY-MM-DD`. */
export function shiftDate(date: string, days: number): string {
  const [year = 0, month = 1, day = 1] = date.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

export type SetupChoice = {
  enterprise: string;
  animal: string;
  season?: string;
  diseases: RegExp[];
};

/** Dairy cows calving in spring, with BVD and leptospirosis: a small calendar for journeys. */
export const dairyCowsBvdLepto: SetupChoice = {
  enterprise: "Dairy",
  animal: "Cows",
  season: "Spring calving",
  diseases: [/^BVD/, /^Leptospirosis/],
};

export async function fillStepOne(page: Page, choice: SetupChoice): Promise<void> {
  await page.goto("/beta");
  await expect(page.getByRole("heading", { level: 1, name: "Setup your calendar" })).toBeVisible();
  const main = page.getByRole("main");
  await main.getByRole("radio", { name: choice.enterprise }).check();
  await main.getByRole("radio", { name: choice.animal, exact: true }).check();
  if (choice.season) await main.getByRole("radio", { name: choice.season }).check();
  for (const disease of choice.diseases)
    await main.getByRole("checkbox", { name: disease }).check();
}

/** Reaches step 2 and answers 'Keep them' if it asks about shots already in the past. */
export async function goToStepTwo(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Next step" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Review your calendar" })).toBeVisible();
  await expect(page.getByRole("tab", { name: calendarTabName })).toBeVisible();
  await keepPastShotsIfAsked(page);
  await showCalendarGrid(page);
}

export async function keepPastShotsIfAsked(page: Page): Promise<void> {
  const pastShots = page.getByRole("dialog", { name: "Shots in the past" });
  if (await pastShots.isVisible()) {
    await pastShots.getByRole("button", { name: "Keep them" }).click();
    await expect(pastShots).toBeHidden();
  }
}

/** A shot of the grid, by vaccine and date (a mirrored copy says it repeats). */
export function shotButton(page: Page, vaccine: string, date: string, isMirror = false): Locator {
  const name = `${vaccine}, ${formatDisplayDate(date)}${isMirror ? ", repeats every year" : ""}`;
  return page.getByRole("button", { name, exact: true });
}

/**
 * 'Finish calendar' on step 2, confirming the details: the new calendar's id. `checkPopup` looks
 * at the confirm popup before it is sent.
 */
export async function finishCalendar(
  page: Page,
  checkPopup?: (popup: Locator) => Promise<void>,
): Promise<number> {
  await page.getByRole("button", { name: "Finish calendar" }).click();
  const popup = page.getByRole("dialog", { name: "Confirm your details" });
  await checkPopup?.(popup);
  const terms = popup.getByRole("checkbox", { name: /I agree to the terms/ });
  if (await terms.isVisible()) await terms.check();
  const [response] = await Promise.all([
    page.waitForResponse(
      (candidate) =>
        new URL(candidate.url()).pathname === "/api/calendar" &&
        candidate.request().method() === "POST",
    ),
    popup.getByRole("button", { name: "Finish calendar" }).click(),
  ]);
  expect(response.ok(), "the calendar was saved").toBe(true);
  await expect(
    page.getByRole("heading", { level: 1, name: "Download your calendar" }),
  ).toBeVisible();
  return ((await response.json()) as { calendar: { id: number } }).calendar.id;
}
