import { e2eAdmin } from "../support/admin-account.ts";
import { adminBaseURL, logInAsAdmin, prepareAdminSession } from "../support/admin-session.ts";
import { fillStepOne, goToStepTwo, shotButton } from "../support/calendar-steps.ts";
import { expect, test } from "../support/fixtures.ts";

/*
 * The admin area at a desk (D2, decisions 404 and 406): an admin made with `npm run admin:create` logs in, filters the
 * products by disease, edits a vaccine's warning message, opens the protocols, moves a shot
 * template by 7 days with the preview showing the move, and saves. Step 2 of a new calendar then
 * shows the new date, and the audit trail shows both edits with before and after.
 *
 * The journeys' server cannot be restarted mid-run (e2e/support/run-server.ts starts it once), so
 * "after a restart the edit is still there" is proved where a server is restarted: the real
 * `node src/server.ts` moves the same template through the admin API, stops and starts again
 * (apps/server/src/server.test.ts), and the API test re-seeds as every start does
 * (apps/server/src/modules/admin/protocols.routes.test.ts, "admin protocol edits last"). Here
 * the saved edit is read back from the server after a reload.
 */

test.use({ baseURL: adminBaseURL });

const shortMonths = [
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

/** `21 Mar 2027` (the preview's dates) → `2027-03-21`. */
function readShortDate(text: string): string {
  const [day, month, year] = text.split(" ");
  const monthNumber = shortMonths.indexOf(month ?? "") + 1;
  return `${year}-${String(monthNumber).padStart(2, "0")}-${String(Number(day)).padStart(2, "0")}`;
}

function countDays(from: string, to: string): number {
  return (Date.parse(to) - Date.parse(from)) / 86_400_000;
}

test("an admin moves a shot template by 7 days with a preview, and a new calendar follows", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await logInAsAdmin(page);
  await page.getByRole("banner").getByRole("link", { name: "Admin", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Product management" })).toBeVisible();

  // Filter the products by disease (IBR) and edit a vaccine's warning message.
  const table = page.getByRole("table");
  await page.getByRole("combobox", { name: "Disease" }).selectOption({ label: "IBR" });
  await expect(page).toHaveURL(/disease=\d+/);
  await expect(table).toHaveAttribute("aria-busy", "false");
  await expect(table.getByRole("link", { name: "Bovilis BVD" })).toHaveCount(0);
  await table.getByRole("link", { name: "Bovilis IBR Marker Live" }).click();
  const warning = page.getByRole("textbox", { name: "Warning message" });
  await expect(warning).not.toHaveValue("");
  const oldWarning = await warning.inputValue();
  const newWarning = "Live vaccine: use within 8 hours of mixing.";
  await warning.fill(newWarning);
  await page.getByRole("button", { name: "Save product" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Product saved." })).toBeVisible();

  // Protocols: Bovilis BVD for cows, by keyboard where a desk user would use it.
  const sidebar = page.getByRole("navigation", { name: "Admin" });
  await sidebar.getByRole("link", { name: "Protocols" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Protocols" })).toBeVisible();
  const product = page.getByRole("combobox", { name: "Product" });
  await product.focus();
  await product.selectOption({ label: "Bovilis BVD" });
  await page.getByRole("combobox", { name: "Animal" }).selectOption({ label: "Cows" });
  const templates = page.getByRole("table", { name: "Shot templates of Bovilis BVD for Cows" });
  await expect(templates.getByRole("row").nth(1)).toContainText("28 days before breeding");
  const edit = templates.getByRole("button", {
    name: "Edit Bovilis BVD, 28 days before breeding",
  });
  await edit.focus();
  await page.keyboard.press("Enter");

  const editor = page.getByRole("form", { name: "Edit Bovilis BVD" });
  await expect(editor.getByRole("combobox", { name: "Counts from" })).toHaveValue("breeding");
  const days = editor.getByRole("textbox", { name: "Days" });
  await expect(days).toHaveValue("-28");
  // A bad value gets its message beside the field, and nothing is previewed or saved.
  await days.fill("about a month");
  await editor.getByRole("button", { name: "Preview" }).click();
  await expect(days).toHaveAttribute("aria-invalid", "true");
  await expect(days).toHaveAccessibleDescription(/whole number of days/);

  await days.fill("-35");
  // Bovilis BVD's window is its one day (decision 414): the day moves with its window.
  await editor.getByRole("textbox", { name: "Earliest day" }).fill("-35");
  await editor.getByRole("button", { name: "Preview" }).press("Enter");
  const preview = page.getByRole("region", { name: "Preview for Cows: nothing is saved yet" });
  await expect(preview).toBeVisible();
  const dairySpring = preview.getByRole("region", { name: "Dairy, Spring calving" });
  const move = dairySpring.getByRole("listitem").filter({ hasText: /^Moved: Bovilis BVD/ });
  await expect(move).toHaveCount(1);
  const [, before = "", after = ""] =
    /from (\d+ \w+ \d{4}) to (\d+ \w+ \d{4})/.exec((await move.textContent()) ?? "") ?? [];
  const oldDate = readShortDate(before);
  const newDate = readShortDate(after);
  expect(countDays(newDate, oldDate)).toBe(7);
  // Side by side: the current calendar and the proposed one each mark the shot as moved.
  await expect(dairySpring.getByRole("table", { name: /^Current/ })).toContainText(before);
  await expect(dairySpring.getByRole("table", { name: /^With the change/ })).toContainText(after);
  // The rule checks run on the proposed calendar: a week after Leptavoid-H is too close.
  await expect(
    dairySpring.getByRole("listitem").filter({ hasText: /^New: .*7 days apart/ }),
  ).toHaveCount(1);

  await editor.getByRole("button", { name: "Save shot template" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Shot template saved." })).toBeVisible();
  await expect(templates.getByRole("row").nth(1)).toContainText("35 days before breeding");
  // Read back from the server, not from the page's memory.
  await page.reload();
  await expect(
    page
      .getByRole("table", { name: "Shot templates of Bovilis BVD for Cows" })
      .getByRole("row")
      .nth(1),
  ).toContainText("35 days before breeding");

  // A new calendar: step 2 lays Bovilis BVD out on the new date.
  await fillStepOne(page, {
    enterprise: "Dairy",
    animal: "Cows",
    season: "Spring calving",
    diseases: [/^BVD/],
  });
  await goToStepTwo(page);
  await expect(shotButton(page, "Bovilis BVD", newDate)).toBeVisible();
  await expect(shotButton(page, "Bovilis BVD", oldDate)).toHaveCount(0);

  // The audit trail shows both edits, who made them, before and after.
  await page.goto("/admin/audit/");
  await expect(page.getByRole("heading", { level: 1, name: "Audit" })).toBeVisible();
  const templateEntry = page
    .getByRole("row")
    .filter({ hasText: "Changed shot template Bovilis BVD, 35 days before breeding" });
  await expect(templateEntry).toHaveCount(1);
  await expect(templateEntry).toContainText(e2eAdmin.email);
  await expect(templateEntry).toContainText("breeding_days: -28 → -35");
  const productEntry = page.getByRole("row").filter({ hasText: "Changed Bovilis IBR Marker Live" });
  await expect(productEntry).toHaveCount(1);
  await expect(productEntry).toContainText(`warning_message: ${oldWarning} → ${newWarning}`);

  // The audit's product filter finds the template edit under Bovilis BVD.
  await page.getByRole("combobox", { name: "Product" }).selectOption({ label: "Bovilis BVD" });
  await expect(page).toHaveURL(/product=\d+/);
  await expect(
    page.getByRole("row").filter({ hasText: "Changed shot template Bovilis BVD" }),
  ).toHaveCount(1);
  await expect(page.getByRole("row").filter({ hasText: "Bovilis IBR Marker Live" })).toHaveCount(0);
});

test("the protocol screens pass axe, with a template's editor and preview open", async ({
  expectNoAccessibilityViolations,
  browser,
  baseURL,
}) => {
  const restore = await prepareAdminSession(browser, baseURL);
  await expectNoAccessibilityViolations("/", async (target) => {
    await restore(target);
    await target.goto("/admin/protocol/?vaccine=3&animal=1");
    await target.getByRole("button", { name: /^Edit Bovilis IBR Marker Live/ }).click();
    await target
      .getByRole("form", { name: "Edit Bovilis IBR Marker Live" })
      .getByRole("button", { name: "Preview" })
      .click();
    await expect(
      target.getByRole("region", { name: "Preview for Cows: nothing is saved yet" }),
    ).toBeVisible();
    await expect(target.getByRole("table", { name: "Season default dates" })).toBeVisible();
  });
  await expectNoAccessibilityViolations("/", async (target) => {
    await restore(target);
    await target.goto("/admin/protocol/");
    await expect(target.getByRole("heading", { name: "Popup messages" })).toBeVisible();
    await target.locator(".protocols__popups summary").first().click();
    await expect(target.getByRole("textbox", { name: "Title" }).first()).toBeVisible();
  });
});
