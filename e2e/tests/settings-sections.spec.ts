import { signInNewFarmer } from "../support/farmer-account.ts";
import { expect, test as base, waitForScreen } from "../support/fixtures.ts";

/*
 * Issue 25, items 8 and 9 (decision 430): the farmer's settings page is long on a phone, so it
 * opens with a list of its sections; the pre-launch menu items are marked without the red that
 * says "error" everywhere else. Menu items show on local hosts only: the server is reached as
 * "localhost".
 */
const test = base.extend({
  baseURL: async ({ baseURL }, use) => {
    await use(baseURL?.replace("127.0.0.1", "localhost"));
  },
});

test("settings open with a list of their sections, each a tap away", async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  await signInNewFarmer(page, testInfo, "sections-");
  await page.goto("/settings");
  // The first settings page a server shows downloads its code: slow on a loaded machine.
  await expect(page.getByRole("heading", { level: 1, name: "Account settings" })).toBeVisible({
    timeout: 30_000,
  });
  await waitForScreen(page);
  await expect(page.getByRole("heading", { level: 2, name: "Vet settings" })).toBeVisible();
  const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
  testInfo.annotations.push({ type: "settings page height", description: `${pageHeight} px` });
  console.log(`settings page height at ${page.viewportSize()?.width} px: ${pageHeight} px`);
  const screenshot = process.env.SETTINGS_SCREENSHOT;
  if (screenshot) {
    await page.screenshot({ path: `${screenshot}-after.png`, fullPage: true });
    // The page as it was before the list: the same page with the list taken out.
    const setListShown = (isShown: boolean) =>
      page.evaluate((shown) => {
        const list = document.querySelector<HTMLElement>(".settings__sections");
        if (list) list.style.display = shown ? "" : "none";
      }, isShown);
    await setListShown(false);
    const before = await page.evaluate(() => document.documentElement.scrollHeight);
    console.log(`settings page height without the list: ${before} px`);
    await page.screenshot({ path: `${screenshot}-before.png`, fullPage: true });
    await setListShown(true);
  }

  const sections = page.getByRole("navigation", { name: "Settings sections" });
  // The list is on the first screen.
  await expect(sections).toBeInViewport();
  await sections.getByRole("link", { name: "Vet settings" }).click();
  const vetHeading = page.getByRole("heading", { level: 2, name: "Vet settings" });
  await expect(vetHeading).toBeInViewport();
  await expect(vetHeading).toBeFocused();
});

test("the pre-launch menu items are not drawn in the error red", async ({ page }, testInfo) => {
  await signInNewFarmer(page, testInfo, "menu-");
  await page.goto("/settings");
  await waitForScreen(page);
  const item = page.getByRole("navigation", { name: "Main" }).getByRole("link", {
    name: "My calendars",
  });
  // At 375 px the menu sits behind Menu; at 1280 px it is in the header.
  const menu = page.getByRole("button", { name: "Menu" });
  if (await menu.isVisible()) await menu.click();
  await expect(item).toBeVisible();

  const colours = await item.evaluate((element) => {
    const probe = document.createElement("span");
    document.body.append(probe);
    const read = (value: string) => {
      probe.style.color = value;
      return getComputedStyle(probe).color;
    };
    const reds = [read("var(--color-danger)"), read("var(--color-prelaunch)"), read("red")];
    probe.remove();
    return { border: getComputedStyle(element).borderTopColor, reds };
  });
  expect(colours.reds).not.toContain(colours.border);
});
