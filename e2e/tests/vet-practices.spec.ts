import type { Browser, BrowserContext, Page, Request, TestInfo } from "@playwright/test";
import {
  expect,
  expectNoAxeViolations,
  showCalendarGrid,
  test,
  waitForScreen,
} from "../support/fixtures.ts";
import { shiftDate } from "../support/calendar-steps.ts";
import { readOutboxLink } from "../support/dev-outbox.ts";
import { fromOwnFarmAddress } from "../support/farm-address.ts";

/*
 * Vet practices (decision 501), against the real server: a practice registers in three
 * steps with one invite; the invited vet joins through the e-mailed link from the development
 * outbox; a farmer links the practice in settings; the vet finds the farmer on the dashboard,
 * opens and edits the calendar, and sees its shot under doses due; the farmer unlinks, and the
 * vet's next request gets a 404.
 *
 * Each person has a browser context of their own (their own session), made with
 * browser.newContext() so that axe can scan any of their pages. On `localhost`, a pre-launch host:
 * the header's Vet register and Login buttons and the vet pickers show, and the outbox's links
 * point at the same host.
 */
const port = Number(process.env.E2E_PORT ?? 3199);
const baseURL = `http://localhost:${port}`;

type Layout = "phone" | "desktop";
type Person = { context: BrowserContext; page: Page; problems: string[] };

type SubmittedCalendar = {
  data: { diseases: { id: number; shots: { date: string | null; isMirroredCopy?: boolean }[] }[] };
};

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

/** `2027-03-07` → `7 March 2027`, as the step 2 grid names a shot. */
function formatDisplayDate(date: string): string {
  const [year = 0, month = 1, day = 1] = date.split("-").map(Number);
  return `${day} ${monthNames[month - 1]} ${year}`;
}

function irishToday(): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Dublin" }).format(new Date());
}

async function openPerson(browser: Browser, viewport: { width: number; height: number } | null) {
  const context = await browser.newContext({ baseURL, viewport });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console.error: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  return { context, page, problems } satisfies Person;
}

async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `sideways scroll on ${where}`).toBe(0);
}

async function clickHeaderButton(page: Page, layout: Layout, name: string): Promise<void> {
  const button = page.getByRole("banner").getByRole("button", { name, exact: true });
  if (layout === "phone" && !(await button.isVisible())) {
    await page.getByRole("button", { name: "Menu" }).click();
  }
  await button.click();
}

async function keepPastShotsIfAsked(page: Page): Promise<void> {
  const pastShots = page.getByRole("dialog", { name: "Shots in the past" });
  if (await pastShots.isVisible()) {
    await pastShots.getByRole("button", { name: "Keep them" }).click();
    await expect(pastShots).toBeHidden();
  }
}

function makeNames(testInfo: TestInfo) {
  const stamp = `${Date.now()}${testInfo.workerIndex}`.slice(-7);
  const project = testInfo.project.name.slice(0, 5);
  return {
    practiceName: `Glenbeg Vets ${stamp}`,
    practiceEmail: `practice-${stamp}-${project}@vets.example.ie`,
    practicePassword: `Pasture gate ${stamp}`,
    vetEmail: `cian-${stamp}-${project}@vets.example.ie`,
    vetPassword: `Silage clamp ${stamp}`,
    farmerEmail: `nora-${stamp}-${project}@example.ie`,
    farmerMobile: `087 ${stamp.slice(0, 3)} ${stamp.slice(3)}`,
    farmerPassword: `Rushes in the bog ${stamp}`,
  };
}

test.describe("vet practices", () => {
  test.describe.configure({ timeout: 240_000 });

  test("a practice registers and invites, the vet joins, a farmer links, the vet edits and sees doses due, the farmer unlinks", async ({
    browser,
    viewport,
    layout,
  }, testInfo) => {
    const names = makeNames(testInfo);
    const shot = (name: string) => testInfo.outputPath(`${name}-${layout}.png`);
    const practice = await openPerson(browser, viewport);
    const vet = await openPerson(browser, viewport);
    const farmer = await openPerson(browser, viewport);

    // 1. The practice registers: three steps counted (n/3), one invite.
    {
      const { page } = practice;
      await page.goto("/");
      await waitForScreen(page);
      await clickHeaderButton(page, layout, "Vet register");
      const dialog = page.getByRole("dialog", { name: "Register your vet practice" });
      await expect(dialog.getByText("(1/3)")).toBeVisible();
      await dialog.getByRole("button", { name: "Next" }).click();
      await expect(
        dialog.getByText("Please provide a vet practice name before continuing."),
      ).toBeVisible();
      await expect(dialog.getByText("Please provide the VCI number.")).toBeVisible();
      await page.waitForTimeout(300);
      await page.screenshot({ path: shot("vet-register-step1-errors"), fullPage: true });
      await expectNoAxeViolations(page, "the vet register modal with its messages");
      await dialog.getByRole("button", { name: "Autofill Form" }).click();
      await dialog.getByLabel("Vet practice name").fill(names.practiceName);
      await dialog.getByLabel("Practice email address").fill(names.practiceEmail);
      await dialog.getByRole("button", { name: "Next" }).click();
      await expect(dialog.getByText("(2/3)")).toBeVisible();
      await dialog.getByLabel("Password", { exact: true }).fill(names.practicePassword);
      await dialog.getByLabel("Confirm password").fill(names.practicePassword);
      await dialog.getByRole("button", { name: "Next" }).click();
      await expect(dialog.getByText("(3/3)")).toBeVisible();
      await dialog.getByLabel("Vet 1 email address").fill(names.vetEmail);
      await page.screenshot({ path: shot("vet-register-step3") });
      await dialog.getByRole("button", { name: "Send invites and register" }).click();
      await expect(page).toHaveURL(/\/vet\/dashboard$/);
      await expect(page.getByRole("heading", { level: 1, name: names.practiceName })).toBeVisible();
      await expect(page.getByText("No farmer has shared their calendars")).toBeVisible();
      const invitations = page.getByRole("list", { name: "Invitations not yet accepted" });
      await expect(invitations).toContainText(names.vetEmail);
      // Decision 503: until its e-mail is confirmed the practice invites nobody and no farmer
      // finds it; the invite of step 3 waits.
      await expect(page.getByText("Confirm your practice's email address")).toBeVisible();
      await expect(invitations).toContainText(
        "Sent once your practice's email address is confirmed",
      );
      await expect(page.getByRole("textbox", { name: "Invite a vet by email" })).toHaveCount(0);
      // The weekly digest (decision 602): on, waiting for the practice's e-mail to be verified.
      const digest = page.getByRole("region", { name: "Weekly digest" });
      const digestSwitch = digest.getByRole("checkbox", {
        name: "E-mail the practice the doses due this week and next, every Monday at 08:00",
      });
      await expect(digestSwitch).toBeChecked();
      await expect(digest).toContainText("once it is verified");
      await digestSwitch.press("Space");
      await expect(page.getByText("The weekly digest is off.")).toBeVisible();
      await expect(digestSwitch).not.toBeChecked();
      await digestSwitch.press("Space");
      await expect(page.getByText("The practice will get the weekly digest.")).toBeVisible();
      await expectNoSidewaysScroll(page, "the manager's vet dashboard");
      await expectNoAxeViolations(page, "the manager's vet dashboard");

      // The practice confirms its e-mail: the invite goes out, and inviting is offered.
      await page.goto(await readOutboxLink(page, names.practiceEmail, "/email/verify/"));
      await expect(page).toHaveURL(/\/settings$/);
      await page.goto("/vet/dashboard");
      await expect(page.getByRole("textbox", { name: "Invite a vet by email" })).toBeVisible();
      await expect(page.getByText("Confirm your practice's email address")).toHaveCount(0);
    }

    // 2. The invited vet joins through the e-mailed link.
    {
      const { page } = vet;
      const link = await readOutboxLink(page, names.vetEmail, "/vet/join");
      await page.goto(link);
      await expect(
        page.getByRole("heading", { level: 1, name: `Join ${names.practiceName}` }),
      ).toBeVisible();
      await expectNoSidewaysScroll(page, "the join page");
      await page.screenshot({ path: shot("vet-join"), fullPage: true });
      await expectNoAxeViolations(page, "the join page");
      const main = page.getByRole("main");
      await main.getByLabel("Your name").fill("Cian");
      await main.getByLabel("Your surname").fill("Walsh");
      await main.getByLabel("Password", { exact: true }).fill(names.vetPassword);
      await main.getByLabel("Confirm password").fill(names.vetPassword);
      await main.getByLabel(/I agree to the terms/).check();
      await main.getByRole("button", { name: "Join the practice" }).click();
      await expect(page).toHaveURL(/\/vet\/dashboard$/);
      await expect(page.getByRole("heading", { level: 1, name: names.practiceName })).toBeVisible();
      // The link worked once.
      await page.goto(link);
      await expect(page.getByText(/This invitation is not valid/)).toBeVisible();
    }

    // 3. A farmer with a saved calendar links the practice in settings.
    let calendarId = 0;
    let farmerSave: SubmittedCalendar | null = null;
    {
      const { page } = farmer;
      const registered = await page.request.post("/api/register", {
        headers: fromOwnFarmAddress(),
        data: {
          name: "Nora",
          surname: "Murphy",
          email: names.farmerEmail,
          country_code: "+353",
          phone_number: names.farmerMobile,
          farmer_name: "Hill Farm",
          address1: "Rathmore",
          town: "Macroom",
          eircode: "P12 X2Y4",
          county: "Cork",
          country: "Ireland",
          agree_to_terms: true,
          password: names.farmerPassword,
          password_confirmation: names.farmerPassword,
          user_enterprises: ["Dairy"],
          user_animals: ["Cows"],
          herd_size: "51-100",
        },
      });
      expect(registered.status()).toBe(201);
      await page.goto("/");
      await waitForScreen(page);
      await clickHeaderButton(page, layout, "Login");
      const login = page.getByRole("dialog", { name: "Login" });
      await login.getByLabel("Email address or mobile number").fill(names.farmerEmail);
      await login.getByLabel("Password").fill(names.farmerPassword);
      await login.getByRole("button", { name: "Login" }).click();
      await expect(login).toBeHidden();

      await page.goto("/beta");
      const main = page.getByRole("main");
      await main.getByRole("radio", { name: "Dairy" }).check();
      await main.getByRole("radio", { name: "Cows", exact: true }).check();
      await main.getByRole("radio", { name: "Spring calving" }).check();
      await main.getByRole("checkbox", { name: /^BVD/ }).check();
      await page.getByRole("button", { name: "Next step" }).click();
      await expect(
        page.getByRole("heading", { level: 1, name: "Review your calendar" }),
      ).toBeVisible();
      await keepPastShotsIfAsked(page);
      await page.getByRole("button", { name: "Finish calendar" }).click();
      const popup = page.getByRole("dialog", { name: "Confirm your details" });
      // The farmer agreed to the terms when registering: the save does not ask again (D18).
      await expect(popup.getByRole("checkbox", { name: /I agree to the terms/ })).toHaveCount(0);
      const isSave = (request: Request) =>
        /\/api\/calendar$/.test(new URL(request.url()).pathname) && request.method() === "POST";
      const [request] = await Promise.all([
        page.waitForRequest(isSave),
        popup.getByRole("button", { name: "Finish calendar" }).click(),
      ]);
      const response = await request.response();
      expect(response?.ok(), "the farmer's calendar was saved").toBe(true);
      calendarId = ((await response?.json()) as { calendar: { id: number } }).calendar.id;
      farmerSave = request.postDataJSON() as SubmittedCalendar;

      await page.goto("/settings");
      const picker = page.getByRole("combobox", {
        name: "Do you want to share your calendars with your vet?",
      });
      await picker.fill(names.practiceName.slice(-10).toLowerCase());
      await picker.press("ArrowDown");
      await picker.press("Enter");
      // The practice shows with its town (the autofill chose it).
      await expect(picker).toHaveValue(new RegExp(`^${names.practiceName}, \\w+$`));
      // Sharing the calendars with a practice needs the current password (decision 503).
      await page.getByRole("button", { name: "Save settings" }).click();
      const currentPassword = page.getByLabel("Current password");
      await expect(currentPassword).toBeFocused();
      await expect(
        page.getByText("Please enter your current password to change your vet practice."),
      ).toBeVisible();
      await currentPassword.fill(names.farmerPassword);
      await page.getByRole("button", { name: "Save settings" }).click();
      await expect(page.getByText("Settings saved successfully!")).toBeVisible();
      await expect(
        page.getByText(`Your calendars are shared with ${names.practiceName}.`, { exact: false }),
      ).toBeVisible();
    }

    // 4. The vet finds the farmer on the dashboard, opens and edits the calendar.
    const bvdFirst = farmerSave?.data.diseases
      .flatMap((disease) => disease.shots)
      .find((entry) => !entry.isMirroredCopy && entry.date !== null && entry.date > irishToday());
    const oldDate = bvdFirst?.date ?? "";
    // Moved into the next two weeks, so it falls under doses due.
    const newDate = shiftDate(irishToday(), 10);
    {
      const { page } = vet;
      await page.goto("/vet/dashboard");
      const farmers = page.getByRole("list", { name: "Your farmers" });
      await expect(farmers).toContainText("Nora Murphy, Hill Farm");
      await page.getByLabel("Search your farmers").fill("hill farm");
      await expect(farmers.getByRole("heading")).toHaveText(["Nora Murphy, Hill Farm"]);
      await farmers
        .getByRole("link", { name: /Open and edit the Cows calendar of Nora Murphy/ })
        .click();
      await expect(
        page.getByRole("heading", { level: 1, name: "Review your calendar" }),
      ).toBeVisible();
      await keepPastShotsIfAsked(page);
      await showCalendarGrid(page);
      await page
        .getByRole("button", { name: `Bovilis BVD, ${formatDisplayDate(oldDate)}`, exact: true })
        .click();
      const panel = page.getByRole("dialog", { name: "Bovilis BVD" });
      await panel.getByLabel("Date of this shot").fill(newDate);
      await panel.getByRole("button", { name: "Confirm" }).click();
      await expect(panel).toBeHidden();
      // Moving a shot may bring up a protocol rule's warning (e.g. pregnancy); the vet reads it.
      const rule = page.getByRole("dialog", { name: / rule$/ });
      await rule
        .waitFor({ state: "visible", timeout: 2_000 })
        .then(() => rule.getByRole("button", { name: /^(OK|Keep this date)$/ }).click())
        .catch(() => undefined);
      await expect(rule).toBeHidden();
      // Decision 424: the vet's edit saves itself too. A vet who has not agreed to the terms yet
      // is asked once (docs/product.md D18).
      const saved = page.getByText(/^Saved\./);
      const askDetails = page.getByRole("button", { name: "Confirm your details" });
      await expect(saved.or(askDetails)).toBeVisible();
      if (await askDetails.isVisible()) {
        await askDetails.click();
        const popup = page.getByRole("dialog", { name: "Confirm your details" });
        const terms = popup.getByRole("checkbox", { name: /I agree to the terms/ });
        if (await terms.isVisible()) await terms.check();
        await popup.getByRole("button", { name: "Save changes" }).click();
      }
      await expect(saved).toBeVisible();
      // Issue 23, M1: the farm's feed link is the farmer's alone.
      await expect(page.getByRole("link", { name: "Add to phone calendar" })).toHaveCount(0);

      // Doses due: the moved shot, under its week and vaccine, with the herd's dose estimate.
      await page.goto("/vet/dashboard");
      const doses = page.getByRole("region", { name: /Doses due in the next 8 weeks/ });
      await expect(
        doses.getByRole("heading", { name: /^Bovilis BVD: 51–100 doses/ }),
      ).toBeVisible();
      await expect(doses.getByText("1 shot on 1 farm")).toBeVisible();
      await doses.getByRole("button", { name: /^Show the farms/ }).click();
      await expect(doses.getByRole("link", { name: "Nora Murphy, Hill Farm" })).toHaveAttribute(
        "href",
        `/calendar/${calendarId}`,
      );
      const [csv] = await Promise.all([
        page.waitForEvent("download"),
        doses.getByRole("button", { name: "Download CSV for ordering" }).click(),
      ]);
      expect(csv.suggestedFilename()).toBe(`doses-due-${irishToday()}.csv`);
      await expectNoSidewaysScroll(page, "the vet dashboard");
      await page.screenshot({ path: shot("vet-dashboard"), fullPage: true });
      await expectNoAxeViolations(page, "the vet dashboard");
    }

    // The farmer sees who of the practice changed the calendar, and when.
    {
      const { page } = farmer;
      await page.goto("/calendars");
      const card = page.getByRole("article", { name: /^Cows, Spring calving \d{4}$/ });
      await expect(card).toContainText(`Cian Walsh of ${names.practiceName}`);
    }

    // 5. The farmer unlinks; the vet's next request is a 404.
    {
      const { page } = farmer;
      await page.goto("/settings");
      await page.getByRole("button", { name: "Clear the vet practice" }).click();
      await page.getByLabel("Current password").fill(names.farmerPassword);
      await page.getByRole("button", { name: "Save settings" }).click();
      await expect(page.getByText("Settings saved successfully!")).toBeVisible();
    }
    {
      const { page } = vet;
      const token = await page.evaluate(() => window.localStorage.getItem("authToken"));
      const response = await page.request.get(`/api/calendars/${calendarId}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.status()).toBe(404);
      await page.goto("/vet/dashboard");
      await expect(page.getByText("No farmer has shared their calendars")).toBeVisible();
    }

    for (const person of [practice, vet, farmer]) {
      expect(person.problems, "the pages logged errors").toEqual([]);
      await person.context.close();
    }
  });
});
