import type { Page, TestInfo } from "@playwright/test";
import {
  dairyCowsBvdLepto,
  fillStepOne,
  finishCalendar,
  formatDisplayDate,
  goToStepTwo,
  keepPastShotsIfAsked,
} from "../support/calendar-steps.ts";
import { expect, showCalendarGrid, test } from "../support/fixtures.ts";
import { signInNewFarmer } from "../support/farmer-account.ts";

/*
 * Decision 424, against the real server on a phone (375 px): a saved calendar's edits save
 * themselves. A moved shot reaches the feed without another tap; offline, the bar says the change
 * waits, and it is saved once the signal is back.
 */
const port = Number(process.env.E2E_PORT ?? 3199);
test.use({ baseURL: `http://localhost:${port}` });

type DetailShot = { id: string; date: string | null; isMirroredCopy?: boolean };
type Detail = { diseases: { id: number; shots: DetailShot[] }[] };

/** A farmer's saved calendar (dairy cows, BVD and leptospirosis), its feed link and a shot ahead. */
async function saveCalendar(page: Page, testInfo: TestInfo) {
  const token = await signInNewFarmer(page, testInfo, "autosave");
  await fillStepOne(page, dairyCowsBvdLepto);
  await goToStepTwo(page);
  const calendarId = await finishCalendar(page);
  // The feed link as the final page shows it to the farmer.
  const feedUrl = await page
    .getByRole("main")
    .getByLabel("Link for other calendar apps")
    .inputValue();
  const detail = (await (
    await page.request.get(`/api/calendars/${calendarId}`, {
      headers: { Authorization: `Bearer ${token}` },
    })
  ).json()) as Detail;
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Dublin" }).format(new Date());
  const shot = detail.diseases
    .flatMap((disease) => disease.shots)
    .find(
      (candidate) => !candidate.isMirroredCopy && candidate.date !== null && candidate.date > today,
    );
  if (!shot?.date) throw new Error("the calendar has no shot ahead");
  return { calendarId, feedUrl, date: shot.date };
}

function shiftDate(date: string, days: number): string {
  const [year = 0, month = 1, day = 1] = date.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** Opens the saved calendar's grid and moves the shot on `from` to `to` in its panel. */
async function openAndMove(page: Page, calendarId: number, from: string, to: string) {
  await page.goto(`/calendar/${calendarId}`);
  await expect(page.getByText("Editing a saved calendar")).toBeVisible();
  await expect(page.getByText("Changes you make here are saved as you make them.")).toBeVisible();
  await moveShot(page, from, to);
}

async function readFeed(page: Page, feedUrl: string): Promise<string> {
  return (await page.request.get(feedUrl)).text();
}

const dtstart = (date: string) => `DTSTART;VALUE=DATE:${date.replaceAll("-", "")}`;

test.describe("a saved calendar's edits save themselves (decision 424)", () => {
  test.describe.configure({ timeout: 120_000 });
  test.skip(({ layout }) => layout !== "phone", "the journey is the phone's, at 375 px");

  test("a moved shot is in the feed within 5 seconds, without pressing anything else", async ({
    page,
  }, testInfo) => {
    const { calendarId, feedUrl, date } = await saveCalendar(page, testInfo);
    const newDate = shiftDate(date, 5);
    expect(await readFeed(page, feedUrl)).not.toContain(dtstart(newDate));

    await openAndMove(page, calendarId, date, newDate);
    const movedAt = Date.now();
    await expect
      .poll(() => readFeed(page, feedUrl), { timeout: 5_000, intervals: [250] })
      .toContain(dtstart(newDate));
    expect(Date.now() - movedAt).toBeLessThan(5_000);
    expect(await readFeed(page, feedUrl)).not.toContain(dtstart(date));
    await expect(page.getByText(/^Saved\./)).toBeVisible();
    // Nothing was asked: no details popup, no terms.
    await expect(page.getByRole("dialog", { name: "Confirm your details" })).toHaveCount(0);
  });

  test("a shot moved offline waits with a message and is saved when the signal is back", async ({
    page,
    context,
  }, testInfo) => {
    const { calendarId, feedUrl, date } = await saveCalendar(page, testInfo);
    const newDate = shiftDate(date, 4);
    await page.goto(`/calendar/${calendarId}`);
    await expect(page.getByText("Editing a saved calendar")).toBeVisible();

    // The shot panel's vaccine badge is loaded once while online, as a farmer's phone has it.
    await keepPastShotsIfAsked(page);
    await showCalendarGrid(page);
    await shotButton(page, date).click();
    const panel = page.getByRole("dialog").filter({ has: page.getByLabel("Date of this shot") });
    await expect(panel.getByRole("img").first()).toBeVisible();
    await panel.getByRole("button", { name: "Cancel" }).click();
    await expect(panel).toBeHidden();

    await context.setOffline(true);
    // Offline, a navigation would fail: the calendar is already open.
    await moveShot(page, date, newDate);
    await expect(page.getByText(/^No signal\. Your change is kept on this phone/)).toBeVisible();
    expect(await readFeed(page, feedUrl)).not.toContain(dtstart(newDate));

    await context.setOffline(false);
    await expect(page.getByText(/^Saved\./)).toBeVisible({ timeout: 15_000 });
    expect(await readFeed(page, feedUrl)).toContain(dtstart(newDate));
  });
});

/** The grid's first-occurrence shot on `date`, whatever its vaccine. */
function shotButton(page: Page, date: string) {
  return page
    .getByRole("region", { name: "Vaccination calendar" })
    .getByRole("button", { name: new RegExp(`^[^,]+, ${formatDisplayDate(date)}$`) })
    .first();
}

/** Moves the shot on `from` to `to` in its panel, on the calendar open in the page. */
async function moveShot(page: Page, from: string, to: string) {
  await keepPastShotsIfAsked(page);
  await showCalendarGrid(page);
  await shotButton(page, from).click();
  const panel = page.getByRole("dialog").filter({ has: page.getByLabel("Date of this shot") });
  await panel.getByLabel("Date of this shot").fill(to);
  await panel.getByRole("button", { name: "Confirm" }).click();
  await expect(panel).toBeHidden();
}
