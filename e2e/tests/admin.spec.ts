import { e2eAdmin } from "../support/admin-account.ts";
import { adminBaseURL, logInAsAdmin, prepareAdminSession } from "../support/admin-session.ts";
import { expect, test, waitForScreen } from "../support/fixtures.ts";
import { fromOwnFarmAddress } from "../support/farm-address.ts";

/*
 * The admin area (docs/product.md D2), at a desk: an admin made with `npm run admin:create` logs
 * in, filters products by disease, edits a vaccine's warning message, and finds both the edit and
 * its before and after in the audit trail. Keyboard only, where it matters; axe on each screen.
 */

test.skip(({ layout }) => layout === "phone", "the admin screens are built for 1280 px");

test.use({ baseURL: adminBaseURL });

test("an admin filters products by disease, edits a warning message and sees it audited", async ({
  page,
}) => {
  await logInAsAdmin(page);
  // The journeys' host shows the pre-launch items (docs/product.md §2), so the admin sees 'Admin'.
  const adminLink = page.getByRole("banner").getByRole("link", { name: "Admin", exact: true });
  await adminLink.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Product management" })).toBeVisible();
  const table = page.getByRole("table");
  await expect(table.getByRole("row")).not.toHaveCount(1);

  // Filter by disease with the keyboard: focus the select and pick BVD.
  const disease = page.getByRole("combobox", { name: "Disease" });
  await disease.focus();
  await disease.selectOption({ label: "BVD" });
  // The table keeps the last page until the server's filtered answer arrives.
  await expect(page).toHaveURL(/disease=\d+/);
  await expect(table).toHaveAttribute("aria-busy", "false");
  await expect(table.getByRole("link", { name: "Footvax" })).toHaveCount(0);
  await expect(table.getByRole("link", { name: "Bovilis BVD" })).toBeVisible();
  for (const row of await table.getByRole("row").all()) {
    const cells = row.getByRole("cell");
    if ((await cells.count()) > 0) await expect(cells.nth(2)).toContainText("BVD");
  }

  // Open the product with the keyboard, change its warning and save.
  await table.getByRole("link", { name: "Bovilis BVD" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Edit product" })).toBeVisible();
  const warning = page.getByRole("textbox", { name: "Warning message" });
  await expect(warning).not.toHaveValue("");
  const oldWarning = await warning.inputValue();
  await warning.fill("Check the batch number before use.");
  await page.getByRole("button", { name: "Save product" }).press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "Product saved." })).toBeVisible();

  // A bad SPC link gets its message beside the field, and nothing is saved.
  const spc = page.getByRole("textbox", { name: "SPC link" });
  await spc.fill("www.example.ie/spc");
  await page.getByRole("button", { name: "Save product" }).click();
  await expect(spc).toHaveAttribute("aria-invalid", "true");
  await expect(spc).toHaveAccessibleDescription(/starting with https:\/\//);

  await page
    .getByRole("navigation", { name: "Admin" })
    .getByRole("link", { name: "Audit" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Audit" })).toBeVisible();
  const entry = page.getByRole("row").filter({ hasText: "Changed Bovilis BVD" });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText(e2eAdmin.email);
  await expect(entry).toContainText(
    `warning_message: ${oldWarning} → Check the batch number before use.`,
  );

  // The edit is one of the rows that now differ from the shipped data (decision 404).
  const differences = page.getByRole("region", {
    name: "Differences from the shipped reference data",
  });
  await expect(
    differences.getByRole("row").filter({ hasText: "warningMessage" }).filter({ hasText: "id 1" }),
  ).toContainText(`${oldWarning} → Check the batch number before use.`);
});

test("a farmer never sees the Admin link and gets a 403 from the admin calls", async ({
  page,
  request,
}) => {
  expect((await request.get("/api/admin/products")).status()).toBe(401);
  const email = `farmer.${Date.now()}@example.ie`;
  const password = "meadow-gate-tractor-3";
  const registered = await request.post("/api/register", {
    headers: fromOwnFarmAddress(),
    data: {
      name: "Mary",
      surname: "Murphy",
      email,
      country_code: "+353",
      phone_number: null,
      farmer_name: "Hill Farm",
      address1: "Main Road",
      address2: null,
      town: "Macroom",
      eircode: "P12 K7Y8",
      county: "Cork",
      country: "Ireland",
      agree_to_terms: true,
      product_notifications: false,
      vaccination_notifications: false,
      password,
      password_confirmation: password,
      user_enterprises: ["Dairy"],
      user_animals: ["Cows"],
      herd_size: "51-100",
      flock_size: null,
      vet_id: null,
    },
  });
  expect(registered.status()).toBe(201);
  const { token } = (await registered.json()) as { token: string };
  const forbidden = await request.get("/api/admin/products", {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(forbidden.status()).toBe(403);

  await page.goto("/");
  await waitForScreen(page);
  await page.getByRole("banner").getByRole("button", { name: "Login", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Login" });
  await dialog.getByLabel("Email address or mobile number").fill(email);
  await dialog.getByLabel("Password").fill(password);
  await dialog.getByRole("button", { name: "Login" }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByRole("banner").getByRole("link", { name: "My calendars", exact: true }),
  ).toBeVisible();
  await expect(
    page.getByRole("banner").getByRole("link", { name: "Admin", exact: true }),
  ).toHaveCount(0);
});

test.describe("admin accessibility (axe)", () => {
  // Three scans, each in a context of its own: 30 s was too little once on a loaded CI machine.
  test.describe.configure({ timeout: 90_000 });
  test("product management, the product form and the audit trail", async ({
    expectNoAccessibilityViolations,
    browser,
    baseURL,
  }) => {
    // Each scan opens its own context, so it signs in through local storage set by a login here.
    const restore = await prepareAdminSession(browser, baseURL);
    await expectNoAccessibilityViolations("/", async (target) => {
      await restore(target);
      await target.goto("/admin");
      await expect(target.getByRole("table")).toBeVisible();
    });
    await expectNoAccessibilityViolations("/", async (target) => {
      await restore(target);
      await target.goto("/edit/product/?id=1");
      await expect(target.getByRole("textbox", { name: "Warning message" })).not.toHaveValue("");
    });
    await expectNoAccessibilityViolations("/", async (target) => {
      await restore(target);
      await target.goto("/admin/audit/");
      await expect(target.getByRole("heading", { level: 1, name: "Audit" })).toBeVisible();
    });
  });
});
