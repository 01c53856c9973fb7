import { execFileSync } from "node:child_process";
import type { Locator, Page, Request, TestInfo } from "@playwright/test";
import { calendarTabName, expect, showCalendarGrid, test } from "../support/fixtures.ts";
import { signUp } from "../support/sign-up.ts";

/*
 * Saved calendars (decision 401), against the real server: a visitor builds a calendar, registers on
 * the way to finishing it, downloads the PDF and reads it back with pdftotext, subscribes to the
 * feed, finds the calendar in My Calendars, edits and updates it, and deletes it.
 *
 * On `localhost`, a pre-launch host (docs/product.md §2): /beta and the header's Login button are
 * there, and the feed links the server prints (its PUBLIC_URL default) point at the same host.
 */
const port = Number(process.env.E2E_PORT ?? 3199);
test.use({ baseURL: `http://localhost:${port}` });

type Layout = "phone" | "desktop";

type SubmittedShot = {
  id: string;
  date: string | null;
  isMirroredCopy?: boolean;
  is_recurrent?: number;
};
type SubmittedCalendar = {
  action: string;
  calendarId: number | null;
  contact: { name: string; email: string | null; vet_email_address: string | null };
  data: { diseases: { id: number; shots: SubmittedShot[] }[] };
};

/** The vet the farmer names in the confirm popup; the PDF prints it. */
const vetEmail = "clinic@macroomvets.example.ie";

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
const monthNames = [
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

function splitDate(date: string): [number, number, number] {
  const [year = 0, month = 1, day = 1] = date.split("-").map(Number);
  return [year, month, day];
}

/** `2027-03-07` → `7 Mar 2027`, as the PDF prints a shot's date. */
function formatPdfDate(date: string): string {
  const [year, month, day] = splitDate(date);
  return `${day} ${shortMonthNames[month - 1]} ${year}`;
}

/** `2027-03-07` → `7 March 2027`, as the step 2 grid names a shot. */
function formatDisplayDate(date: string): string {
  const [year, month, day] = splitDate(date);
  return `${day} ${monthNames[month - 1]} ${year}`;
}

function shiftDate(date: string, days: number): string {
  const [year, month, day] = splitDate(date);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

function makeFarmer(testInfo: TestInfo) {
  // Unique per run and per project, so the two layouts never meet the 'already registered' check.
  const stamp = `${Date.now()}${testInfo.workerIndex}${testInfo.repeatEachIndex}`.slice(-7);
  return {
    email: `f${stamp}-${testInfo.project.name.slice(0, 5)}@example.ie`,
    mobile: `087 ${stamp.slice(0, 3)} ${stamp.slice(3)}`,
    password: `Silage in the pit ${stamp}`,
    farmName: `Rathmore Farm ${stamp.slice(-3)}`,
  };
}

/** Reads a PDF as text, with its lines joined, so a name or date split by layout is still found. */
function readPdfText(file: string): string {
  return execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" })
    .replace(/\s+/g, " ")
    .trim();
}

async function openHeaderMenuIfNeeded(page: Page, layout: Layout, button: Locator): Promise<void> {
  if (layout === "phone" && !(await button.isVisible())) {
    await page.getByRole("button", { name: "Menu" }).click();
  }
}

async function logIn(page: Page, layout: Layout, username: string, password: string) {
  const login = page.getByRole("banner").getByRole("button", { name: "Login", exact: true });
  await openHeaderMenuIfNeeded(page, layout, login);
  await login.click();
  const dialog = page.getByRole("dialog", { name: "Login" });
  await dialog.getByLabel("Email address or mobile number").fill(username);
  await dialog.getByLabel("Password").fill(password);
  await dialog.getByRole("button", { name: "Login" }).click();
  await expect(dialog).toBeHidden();
}

async function keepPastShotsIfAsked(page: Page): Promise<void> {
  const pastShots = page.getByRole("dialog", { name: "Shots in the past" });
  if (await pastShots.isVisible()) {
    await pastShots.getByRole("button", { name: "Keep them" }).click();
    await expect(pastShots).toBeHidden();
  }
}

async function buildDairyCalendar(page: Page): Promise<void> {
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
  await expect(page.getByRole("tab", { name: calendarTabName })).toBeVisible();
  await keepPastShotsIfAsked(page);
  await showCalendarGrid(page);
}

/** The farmer registers from Finish, which offers Register first (decision 202). */
async function registerFromFinish(page: Page, farmer: ReturnType<typeof makeFarmer>) {
  await page
    .getByRole("dialog", { name: "Save your calendar" })
    .getByRole("button", { name: "Register" })
    .click();
  const dialog = page.getByRole("dialog", { name: "Register with VaxCal" });
  // The farm starts with the calendar's enterprise and animal; the herd size is new. The farm
  // name is optional, folded away with the address (decision 429).
  await expect(dialog.getByLabel("Dairy")).toBeChecked();
  await dialog.getByRole("button", { name: /Add your farm name and address/ }).click();
  await dialog.getByLabel(/Farm name/).fill(farmer.farmName);
  await signUp(dialog, {
    name: "Niamh",
    surname: "Kelleher",
    mobile: farmer.mobile,
    email: farmer.email,
    password: farmer.password,
    herdSize: "51-100",
  });
  await expect(dialog).toBeHidden();
}

/**
 * Confirms the contact popup and waits for the save; returns what was sent and the new id. A new
 * calendar names the vet. (An edit of a saved calendar asks nothing: decision 424.)
 */
async function confirmAndSave(
  page: Page,
  buttonName: "Finish calendar",
): Promise<{ sent: SubmittedCalendar; calendarId: number }> {
  const popup = page.getByRole("dialog", { name: "Confirm your details" });
  await expect(popup.getByLabel("First name")).toHaveValue("Niamh");
  const vetField = popup.getByLabel(/Your vet's email address/);
  if (buttonName === "Finish calendar") await vetField.fill(vetEmail);
  else await expect(vetField).toHaveValue(vetEmail);
  // The terms were agreed at registration; no save asks again (docs/product.md D18).
  await expect(popup.getByRole("checkbox", { name: /I agree to the terms/ })).toHaveCount(0);
  const isSave = (request: Request) =>
    /\/api\/calendar(\/\d+)?$/.test(new URL(request.url()).pathname) &&
    ["POST", "PUT"].includes(request.method());
  const [request] = await Promise.all([
    page.waitForRequest(isSave),
    popup.getByRole("button", { name: buttonName }).click(),
  ]);
  const response = await request.response();
  expect(response?.ok(), "the calendar was saved").toBe(true);
  const answer = (await response?.json()) as { calendar: { id: number } };
  await expect(
    page.getByRole("heading", { level: 1, name: "Download your calendar" }),
  ).toBeVisible();
  return { sent: request.postDataJSON() as SubmittedCalendar, calendarId: answer.calendar.id };
}

/** Downloads the PDF from the page and returns its text. */
async function downloadPdf(
  page: Page,
  scope: Locator,
  calendarId: number,
  testInfo: TestInfo,
  name: string,
  buttonName = "Download PDF",
): Promise<string> {
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    scope.getByRole("button", { name: buttonName }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`calendar-${calendarId}.pdf`);
  const file = testInfo.outputPath(`${name}.pdf`);
  await download.saveAs(file);
  return readPdfText(file);
}

function listShotDates(sent: SubmittedCalendar): string[] {
  return sent.data.diseases.flatMap((disease) =>
    disease.shots.flatMap((shot) => (shot.date ? [shot.date] : [])),
  );
}

/** The PDF prints the 12 months from the current one (Ireland): first and last day. */
function findPrintedWindow(): { from: string; to: string } {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Dublin" }).format(new Date());
  const [year = 0, month = 1] = today.split("-").map(Number);
  const last = new Date(Date.UTC(year, month - 1 + 12, 0));
  return {
    from: `${today.slice(0, 7)}-01`,
    to: last.toISOString().slice(0, 10),
  };
}

function isPrinted(date: string): boolean {
  const { from, to } = findPrintedWindow();
  return date >= from && date <= to;
}

async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `sideways scroll on ${where}`).toBe(0);
}

test.describe("saved calendars", () => {
  test.describe.configure({ timeout: 180_000 });

  test("a visitor builds, registers, finishes, downloads, subscribes, edits, updates and deletes a calendar", async ({
    page,
    layout,
    expectNoAccessibilityViolations,
  }, testInfo) => {
    const farmer = makeFarmer(testInfo);

    // Build as a visitor; Finish asks to log in first, and registering continues the finish.
    await buildDairyCalendar(page);
    await page.getByRole("button", { name: "Finish calendar" }).click();
    await registerFromFinish(page, farmer);
    await expect(page.getByRole("dialog", { name: "Confirm your details" })).toBeVisible();
    // Past the opening animation, so the picture shows the popup as it settles.
    await page.waitForTimeout(300);
    await page.screenshot({ path: testInfo.outputPath(`confirm-details-${layout}.png`) });
    const first = await confirmAndSave(page, "Finish calendar");
    expect(first.sent).toMatchObject({
      action: "create",
      calendarId: null,
      contact: { name: "Niamh", email: farmer.email, vet_email_address: vetEmail },
    });
    await expect(
      page.getByText(
        "Successfully created your calendar. You can follow the link to download your PDF.",
      ),
    ).toBeVisible();

    // The final page, as the farmer sees it at this width (without the passing notification).
    const main = page.getByRole("main");
    await page.getByRole("button", { name: "Dismiss" }).click();
    await expectNoSidewaysScroll(page, "the final page");
    await page.screenshot({
      path: testInfo.outputPath(`final-page-${layout}.png`),
      fullPage: true,
    });

    // The PDF: the farm, the username, the vet, each disease and each shot date.
    const pdfText = await downloadPdf(page, main, first.calendarId, testInfo, "first");
    for (const text of [
      farmer.farmName,
      farmer.email,
      `Vet: ${vetEmail}`,
      "BVD",
      "Leptospirosis",
    ]) {
      expect(pdfText, `the PDF names ${text}`).toContain(text);
    }
    // Every shot sent that falls in the 12 printed months, from the current one.
    const shotDates = listShotDates(first.sent).filter(isPrinted);
    expect(shotDates.length).toBeGreaterThanOrEqual(2);
    for (const date of shotDates) {
      expect(pdfText, `the PDF has the shot on ${date}`).toContain(formatPdfDate(date));
    }

    // The feed: iCalendar, one event per first occurrence; a recurring one repeats by RRULE.
    const firstOccurrences = first.sent.data.diseases.flatMap((disease) =>
      disease.shots.filter((shot) => !shot.isMirroredCopy && shot.date !== null),
    );
    const feedUrl = await main.getByLabel("Link for other calendar apps").inputValue();
    const feed = await page.request.get(feedUrl);
    expect(feed.status()).toBe(200);
    expect(feed.headers()["content-type"]).toContain("text/calendar");
    const feedText = await feed.text();
    expect(feedText.match(/^BEGIN:VEVENT/gm)?.length).toBe(firstOccurrences.length);
    expect(feedText.match(/^RRULE:FREQ=YEARLY;INTERVAL=\d+/gm)?.length).toBe(
      firstOccurrences.filter((shot) => (shot.is_recurrent ?? 0) >= 1).length,
    );
    await expect(main.getByRole("link", { name: /Add to Google Calendar/ })).toHaveAttribute(
      "href",
      /calendar\.google\.com/,
    );

    // My Calendars: the card, open, with its preview drawn.
    await main.getByRole("link", { name: "Go to My calendars" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "My calendars" })).toBeVisible();
    const card = page.getByRole("article", { name: /^Cows, Spring calving \d{4}$/ });
    await expect(card).toBeVisible();
    const preview = card.getByRole("img", { name: /^Preview of Cows/ });
    await expect(preview).toBeVisible();
    expect(await preview.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(
      0,
    );
    await expect(card).toContainText("BVD, Leptospirosis");
    await expectNoSidewaysScroll(page, "My Calendars");
    await page.screenshot({
      path: testInfo.outputPath(`my-calendars-${layout}.png`),
      fullPage: true,
    });

    // Open it, move the first Leptospirosis shot a week earlier, and update it.
    await card.getByRole("link", { name: /Open and edit/ }).click();
    await expect(
      page.getByRole("heading", { level: 1, name: "Review your calendar" }),
    ).toBeVisible();
    await expect(page.getByText("Editing a saved calendar")).toBeVisible();
    await keepPastShotsIfAsked(page);
    await showCalendarGrid(page);
    const leptoShot = first.sent.data.diseases
      .find((disease) => disease.id === 3)
      ?.shots.find((shot) => !shot.isMirroredCopy && shot.date !== null);
    const oldDate = leptoShot?.date ?? "";
    const newDate = shiftDate(oldDate, -7);
    await page
      .getByRole("button", {
        name: `Bovilis Leptavoid-H, ${formatDisplayDate(oldDate)}`,
        exact: true,
      })
      .click();
    const panel = page.getByRole("dialog", { name: "Bovilis Leptavoid-H" });
    await panel.getByLabel("Date of this shot").fill(newDate);
    await panel.getByRole("button", { name: "Confirm" }).click();
    await expect(panel).toBeHidden();
    await expect(
      page.getByRole("button", {
        name: `Bovilis Leptavoid-H, ${formatDisplayDate(newDate)}`,
        exact: true,
      }),
    ).toBeVisible();
    // Decision 424: the move saves itself, with the details confirmed at the last save.
    const update = await page.waitForRequest(
      (request) =>
        new URL(request.url()).pathname === `/api/calendar/${first.calendarId}` &&
        request.method() === "PUT",
    );
    expect(update.postDataJSON()).toMatchObject({
      action: "update",
      calendarId: first.calendarId,
      contact: { vet_email_address: vetEmail },
    });
    await expect(page.getByText(/^Saved\./)).toBeVisible();
    await expect(page.getByRole("dialog", { name: "Confirm your details" })).toHaveCount(0);

    await page.goto("/calendars");
    await expect(page.getByRole("heading", { level: 1, name: "My calendars" })).toBeVisible();
    const updatedCard = page.getByRole("article", { name: /^Cows, Spring calving \d{4}$/ });
    const updatedPdf = await downloadPdf(
      page,
      updatedCard,
      first.calendarId,
      testInfo,
      "updated",
      "Download calendar",
    );
    if (isPrinted(newDate)) expect(updatedPdf).toContain(formatPdfDate(newDate));
    expect(updatedPdf).not.toContain(formatPdfDate(oldDate));
    expect(updatedPdf).toContain(`Vet: ${vetEmail}`);
    // The feed follows the calendar: the same link now has the moved date.
    const updatedFeed = await (await page.request.get(feedUrl)).text();
    expect(updatedFeed).toContain(`DTSTART;VALUE=DATE:${newDate.replaceAll("-", "")}`);

    // Axe on both screens, signed in, in a fresh context.
    await expectNoAccessibilityViolations("/", async (scanPage) => {
      await logIn(scanPage, layout, farmer.email, farmer.password);
      await scanPage.goto("/calendars");
      await expect(scanPage.getByRole("img", { name: /^Preview of Cows/ })).toBeVisible();
    });
    await expectNoAccessibilityViolations("/", async (scanPage) => {
      await logIn(scanPage, layout, farmer.email, farmer.password);
      await scanPage.goto(`/calendar/${first.calendarId}`);
      await expect(
        scanPage.getByText("Changes you make here are saved as you make them."),
      ).toBeVisible();
      await keepPastShotsIfAsked(scanPage);
    });

    // Delete it from My Calendars: asked first, then gone, and its feed with it.
    await page.goto("/calendars");
    const cardAgain = page.getByRole("article", { name: /^Cows, Spring calving \d{4}$/ });
    await cardAgain.getByRole("button", { name: /^Delete/ }).click();
    const confirm = page.getByRole("dialog", { name: "Delete calendar" });
    await expect(confirm.getByText("Are you sure you want to delete this calendar?")).toBeVisible();
    await confirm.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(cardAgain).toBeHidden();
    await expect(page.getByText("You have no vaccination calendars yet.")).toBeVisible();
    expect((await page.request.get(feedUrl)).status()).toBe(404);
  });
});
