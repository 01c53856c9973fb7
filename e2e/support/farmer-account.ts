import type { Page, TestInfo } from "@playwright/test";
import { expect, waitForScreen } from "./fixtures.ts";
import { fromOwnFarmAddress } from "./farm-address.ts";

/**
 * A farmer registered through the API, with a herd of 51–100, signed in in this page. `overrides`
 * replace registration fields (a name, a linked practice's `vet_id`).
 */
export async function signInNewFarmer(
  page: Page,
  testInfo: TestInfo,
  emailPrefix: string,
  overrides: Record<string, unknown> = {},
): Promise<string> {
  const stamp = `${Date.now()}${testInfo.workerIndex}`.slice(-7);
  const response = await page.request.post("/api/register", {
    headers: fromOwnFarmAddress(),
    data: {
      name: "Niamh",
      surname: "Kelleher",
      email: `${emailPrefix}${stamp}@example.ie`,
      country_code: "+353",
      phone_number: `086${stamp}`,
      farmer_name: `Rathmore Farm ${stamp.slice(-3)}`,
      address1: "Rathmore",
      address2: null,
      town: "Macroom",
      eircode: "P12 X2Y4",
      county: "Cork",
      country: "Ireland",
      agree_to_terms: true,
      product_notifications: false,
      vaccination_notifications: true,
      password: `Silage in the pit ${stamp}`,
      password_confirmation: `Silage in the pit ${stamp}`,
      user_enterprises: ["Dairy"],
      user_animals: ["Cows"],
      herd_size: "51-100",
      flock_size: null,
      vet_id: null,
      ...overrides,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { token } = (await response.json()) as { token: string };
  await signInWithToken(page, token);
  return token;
}

/** Signs this page in with a session token, as the login dialog leaves it. */
export async function signInWithToken(page: Page, token: string): Promise<void> {
  await page.goto("/");
  await waitForScreen(page);
  await page.evaluate((value) => {
    window.localStorage.setItem("authToken", value);
    window.localStorage.setItem("isAuthenticated", "true");
  }, token);
}
