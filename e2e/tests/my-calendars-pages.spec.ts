import { randomBytes } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { buildEngineCalendar, buildSubmitPayload } from "../../apps/server/src/test/calendars.ts";
import { expect, test, waitForScreen } from "../support/fixtures.ts";
import { fromOwnFarmAddress } from "../support/farm-address.ts";

/*
 * My Calendars in pages (decision 703), against the real server: a farmer with 23
 * calendars sees 20, then the other 3 with 'Show more calendars', by keyboard, at 375 px and
 * 1280 px, with axe on the page after the second page arrived.
 */
const port = Number(process.env.E2E_PORT ?? 3199);
test.use({ baseURL: `http://localhost:${port}` });

const savedCalendars = 23;

/** A farmer registered through the API, with `count` calendars saved through the API. */
async function createFarmerWithCalendars(request: APIRequestContext, count: number) {
  const register = await request.post("/api/register", {
    headers: fromOwnFarmAddress(),
    data: {
      name: "Siobhán",
      surname: "Ní Bhriain",
      email: `siobhan.${randomBytes(4).toString("hex")}@example.ie`,
      country_code: "+353",
      phone_number: null,
      farmer_name: "Glenview Farm",
      address1: "Main Road",
      town: "Macroom",
      eircode: "P12 K7Y8",
      county: "Cork",
      country: "Ireland",
      agree_to_terms: true,
      password: "grass-meadow-42",
      password_confirmation: "grass-meadow-42",
      user_enterprises: ["Dairy"],
      user_animals: ["Cows"],
      herd_size: "51-100",
    },
  });
  expect(register.status(), await register.text()).toBe(201);
  const { token } = (await register.json()) as { token: string };
  const payload = buildSubmitPayload(buildEngineCalendar());
  for (let saved = 0; saved < count; saved += 1) {
    const response = await request.post("/api/calendar", {
      data: payload,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status(), await response.text()).toBe(201);
  }
  return token;
}

/** Signed in as the web app leaves a browser after logging in. */
async function signIn(page: Page, token: string): Promise<void> {
  await page.goto("/robots.txt");
  await page.evaluate((authToken) => {
    localStorage.setItem("isAuthenticated", "true");
    localStorage.setItem("authToken", authToken);
  }, token);
}

test("My Calendars shows 20, then the rest on 'Show more calendars' by keyboard", async ({
  page,
  request,
  expectNoAccessibilityViolations,
}) => {
  test.setTimeout(90_000);
  const token = await createFarmerWithCalendars(request, savedCalendars);
  await signIn(page, token);
  await page.goto("/calendars");
  await waitForScreen(page);
  const list = page.getByRole("list", { name: "Your calendars" });
  await expect(list.getByRole("article")).toHaveCount(20);

  const showMore = page.getByRole("button", { name: "Show more calendars" });
  await showMore.focus();
  await page.keyboard.press("Enter");
  await expect(list.getByRole("article")).toHaveCount(savedCalendars);
  // The focus goes on where the new calendars start; the button is gone with the last page.
  await expect(list.locator(":scope > li").nth(20)).toBeFocused();
  await expect(showMore).toHaveCount(0);
  await expect(
    page.getByRole("status").filter({ hasText: "All your 23 calendars are shown." }),
  ).toBeAttached();
  // Nothing sticks out sideways, at 375 px either.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);

  await expectNoAccessibilityViolations("/", async (scanPage) => {
    await signIn(scanPage, token);
    await scanPage.goto("/calendars");
    await waitForScreen(scanPage);
    await scanPage.getByRole("button", { name: "Show more calendars" }).click();
    await expect(
      scanPage.getByRole("list", { name: "Your calendars" }).getByRole("article"),
    ).toHaveCount(savedCalendars);
  });
});
