import type { Page, TestInfo } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "../support/fixtures.ts";
import { fromOwnFarmAddress } from "../support/farm-address.ts";

/*
 * The development outbox (`/dev/outbox`, served only to a browser on this machine), where someone
 * trying VaxCal locally clicks the verification and reset links: it must fit a phone even with a
 * long address and the links' long tokens, work with a keyboard, and pass axe.
 */

/** A farmer with the longest kind of address there is in practice, registered through the API. */
async function registerLongAddressFarmer(page: Page, testInfo: TestInfo): Promise<string> {
  const stamp = `${Date.now()}${testInfo.workerIndex}`.slice(-7);
  const email = `aoife.ni.bhriain.hillside.farm.ballinasloe.county.galway.${stamp}@example-farm-cooperative.ie`;
  const response = await page.request.post("/api/register", {
    headers: fromOwnFarmAddress(),
    data: {
      name: "Aoife",
      surname: "Ní Bhriain",
      email,
      country_code: "+353",
      phone_number: `085${stamp}`,
      farmer_name: "Hillside Farm",
      address1: "Hillside",
      address2: null,
      town: "Ballinasloe",
      eircode: "H53 F2X4",
      county: "Galway",
      country: "Ireland",
      agree_to_terms: true,
      product_notifications: false,
      vaccination_notifications: true,
      password: `Green fields in May ${stamp}`,
      password_confirmation: `Green fields in May ${stamp}`,
      user_enterprises: ["Dairy"],
      user_animals: ["Cows"],
      herd_size: "51-100",
      flock_size: null,
      vet_id: null,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return email;
}

test("the development outbox fits the screen, works by keyboard and passes axe", async ({
  page,
}, testInfo) => {
  const email = await registerLongAddressFarmer(page, testInfo);
  await page.goto("/dev/outbox");
  await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toHaveText(
    "VaxCal outbox",
  );
  const message = page.locator("article", { hasText: email }).first();
  await expect(message.getByRole("heading", { level: 2 })).toContainText(`E-mail to ${email}`);
  const link = message.locator('a[href*="/email/verify/"]');
  await expect(link).toBeVisible();

  // Nothing sticks out sideways: the address, the link and its token wrap.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, "sideways scroll on /dev/outbox").toBeLessThanOrEqual(0);
  const linkBox = await link.boundingBox();
  const viewport = page.viewportSize();
  expect(linkBox && viewport && linkBox.x + linkBox.width).toBeLessThanOrEqual(
    viewport?.width ?? 0,
  );
  await page.screenshot({
    path: testInfo.outputPath(`dev-outbox-${testInfo.project.name}.png`),
    fullPage: true,
  });

  // By keyboard: Tab reaches the message's verification link, which shows where the focus is.
  let presses = 0;
  while (!(await link.evaluate((element) => element === document.activeElement)) && presses < 40) {
    await page.keyboard.press("Tab");
    presses += 1;
  }
  await expect(link).toBeFocused();
  const outline = await link.evaluate((element) => getComputedStyle(element).outlineStyle);
  expect(outline).not.toBe("none");

  await expectNoAxeViolations(page, "/dev/outbox");
});
