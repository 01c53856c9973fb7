import { randomInt } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { addDays } from "@vaxcal/schedule";
import {
  buildEngineCalendar,
  buildSubmitPayload,
  dairySpringCows,
} from "../../apps/server/src/test/calendars.ts";
import { formatRecipient, formatReminderTime } from "../../apps/web/src/lib/reminder-line.ts";
import { fromOwnFarmAddress } from "../support/farm-address.ts";
import { expect, test, waitForScreen } from "../support/fixtures.ts";

/*
 * This week on the farm (decision 603), against the real server: a farmer with a verified
 * mobile and three calendars saved through the API logs in and lands on one list across them,
 * with the next reminder's date and time. Dates come from the server's answer (the app's clock),
 * never from this machine's. On `localhost`, where the development outbox answers.
 */
const port = Number(process.env.E2E_PORT ?? 3199);
test.use({ baseURL: `http://localhost:${port}` });

type FarmWeek = {
  today: string;
  items: { calendar_id: number; reminders: { channel: string; at: string; status: string }[] }[];
};

const password = "grass-meadow-42";

async function readFarmWeek(request: APIRequestContext, token: string): Promise<FarmWeek> {
  const response = await request.get("/api/user/farm-week", {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as FarmWeek;
}

/** The mobile's verification code, from the text in the development outbox. */
async function readMobileCode(page: Page, e164: string): Promise<string> {
  let code: string | null = null;
  await expect
    .poll(async () => {
      await page.goto("/dev/outbox");
      const link = page.locator("article", { hasText: e164 }).locator('a[href*="code="]').first();
      const href = (await link.count()) > 0 ? await link.getAttribute("href") : null;
      code = href ? new URL(href).searchParams.get("code") : null;
      return code;
    })
    .not.toBeNull();
  return code ?? "";
}

/** The day of an instant in Ireland, YYYY-MM-DD. */
function toIrishDay(instant: string): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Dublin" }).format(new Date(instant));
}

test("After login, a farmer with three calendars sees one list with the next reminder's date and time", async ({
  page,
  request,
  expectNoAccessibilityViolations,
}) => {
  test.setTimeout(120_000);
  // Irish mobile prefixes in use (084 and 088 are not: the server refuses them, rightly).
  const prefix = ["083", "085", "086", "087", "089"][randomInt(5)];
  const national = `${prefix}${String(randomInt(10_000_000)).padStart(7, "0")}`;
  const e164 = `+353${national.slice(1)}`;
  const email = `this.week.${randomInt(1_000_000_000)}@example.ie`;
  const register = await request.post("/api/register", {
    headers: fromOwnFarmAddress(),
    data: {
      name: "Siobhán",
      surname: "Ní Bhriain",
      email,
      country_code: "+353",
      phone_number: national,
      farmer_name: "Glenview Farm",
      address1: "Main Road",
      town: "Macroom",
      eircode: "P12 K7Y8",
      county: "Cork",
      country: "Ireland",
      agree_to_terms: true,
      vaccination_notifications: true,
      password,
      password_confirmation: password,
      user_enterprises: ["Dairy"],
      user_animals: ["Cows"],
      herd_size: "51-100",
    },
  });
  expect(register.status(), await register.text()).toBe(201);
  const { token } = (await register.json()) as { token: string };
  const auth = { authorization: `Bearer ${token}` };

  // The texted code verifies the mobile, so reminders go to it.
  const verified = await request.post("/api/mobile/verify", {
    headers: auth,
    data: { code: await readMobileCode(page, e164) },
  });
  expect(verified.status(), await verified.text()).toBe(200);

  // Three calendars whose calvings fall in the coming weeks of the server's today.
  const { today } = await readFarmWeek(request, token);
  const calendarIds: number[] = [];
  for (const weeksAhead of [2, 4, 6]) {
    const choice = {
      ...dairySpringCows,
      birthDate: addDays(today, weeksAhead * 7),
      breedingDate: addDays(today, weeksAhead * 7 + 84),
    };
    const saved = await request.post("/api/calendar", {
      headers: auth,
      data: buildSubmitPayload(buildEngineCalendar(choice), choice),
    });
    expect(saved.status(), await saved.text()).toBe(201);
    calendarIds.push(((await saved.json()) as { calendar: { id: number } }).calendar.id);
  }
  // Log in as a farmer does, from the landing page.
  await page.goto("/");
  await waitForScreen(page);
  // At 375 px the header's Login sits behind Menu.
  const loginButton = page.getByRole("banner").getByRole("button", { name: "Login", exact: true });
  if (!(await loginButton.isVisible())) await page.getByRole("button", { name: "Menu" }).click();
  await loginButton.click();
  const dialog = page.getByRole("dialog", { name: "Login" });
  await dialog.getByLabel("Email address or mobile number").fill(email);
  await dialog.getByLabel("Password").fill(password);
  await dialog.getByRole("button", { name: "Login" }).click();

  await expect(page).toHaveURL(/\/this-week$/);
  // The next reminder still to go: one after today (a shot inside its week is reminded at once,
  // on the save, and then shows as sent).
  const week = await readFarmWeek(request, token);
  const next = week.items
    .flatMap((item) => item.reminders.filter((reminder) => reminder.status === "planned"))
    .filter((reminder) => toIrishDay(reminder.at) > week.today)
    .sort((a, b) => a.at.localeCompare(b.at))[0];
  if (!next) throw new Error("no reminder is planned after today");
  const nextLine = `Text to ${formatRecipient(e164)} on ${formatReminderTime(next.at)}`;
  expect(nextLine).toMatch(/, 09:00$/);

  await expect(
    page.getByRole("heading", { level: 1, name: "This week on the farm" }),
  ).toBeVisible();
  await expect(page.getByText(nextLine).first()).toBeVisible();
  // One list across the three calendars.
  for (const id of calendarIds) {
    await expect(page.locator(`a[href="/calendar/${id}"]`).first()).toBeVisible();
  }
  await expect(page.getByRole("heading", { level: 2, name: "Next weeks" })).toBeVisible();

  // By keyboard: Mark given opens the record's dialog, Escape closes it.
  const markGiven = page.getByRole("button", { name: /^Mark given: / }).first();
  await markGiven.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("dialog", { name: "Mark as given" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog", { name: "Mark as given" })).toHaveCount(0);

  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);

  await expectNoAccessibilityViolations("/", async (scanPage) => {
    await scanPage.goto("/robots.txt");
    await scanPage.evaluate((authToken) => {
      localStorage.setItem("isAuthenticated", "true");
      localStorage.setItem("authToken", authToken);
    }, token);
    await scanPage.goto("/this-week");
    await waitForScreen(scanPage);
    await expect(scanPage.getByText(nextLine).first()).toBeVisible();
  });
});
