import type { Page, TestInfo } from "@playwright/test";
import { expect, test, waitForScreen } from "../support/fixtures.ts";
import { signUp } from "../support/sign-up.ts";

/*
 * The accounts journey of a farmer, against the real server: register with e-mail and mobile,
 * verify both from the development outbox, log out and in, reset the password from the e-mailed
 * link, and log in with the new one.
 *
 * It runs on `localhost`, not 127.0.0.1: the links in the outbox point there (the server's
 * PUBLIC_URL default), the browser keeps the session per host, and localhost is a pre-launch
 * host, where the header offers Login (docs/product.md §2).
 */
const port = Number(process.env.E2E_PORT ?? 3199);
test.use({ baseURL: `http://localhost:${port}` });

type Layout = "phone" | "desktop";

function makeFarmer(testInfo: TestInfo) {
  // Unique per run and per project, so the two layouts never meet the 'already registered' check.
  const stamp = `${Date.now()}${testInfo.workerIndex}${testInfo.repeatEachIndex}`.slice(-7);
  return {
    email: `farmer-${stamp}-${testInfo.project.name}@example.ie`,
    mobile: `087 ${stamp.slice(0, 3)} ${stamp.slice(3)}`,
    e164: `+35387${stamp}`,
    password: `Green fields in May ${stamp}`,
    newPassword: `Hay saved before rain ${stamp}`,
  };
}

/** On a phone the header's buttons sit behind the Menu button. */
async function clickHeaderButton(page: Page, layout: Layout, name: string): Promise<void> {
  const button = page.getByRole("banner").getByRole("button", { name, exact: true });
  if (layout === "phone" && !(await button.isVisible())) {
    // Open the menu only while it is closed (a second click closes it), and again if a click
    // landed while the header was being replaced (after logging out).
    const menu = page.getByRole("button", { name: "Menu" });
    await expect(async () => {
      if ((await menu.getAttribute("aria-expanded")) !== "true") await menu.click();
      await expect(menu).toHaveAttribute("aria-expanded", "true", { timeout: 1_000 });
    }).toPass();
  }
  await button.click();
}

/** The newest link in the development outbox that matches, for the given recipient. */
async function readOutboxLink(page: Page, recipient: string, hrefPart: string): Promise<string> {
  let href: string | null = null;
  await expect
    .poll(
      async () => {
        await page.goto("/dev/outbox");
        const link = page
          .locator("article", { hasText: recipient })
          .locator(`a[href*="${hrefPart}"]`)
          .first();
        href = (await link.count()) > 0 ? await link.getAttribute("href") : null;
        return href;
      },
      { message: `a ${hrefPart} link for ${recipient} in the outbox` },
    )
    .not.toBeNull();
  return href ?? "";
}

async function expectNoHorizontalScroll(page: Page, where: string): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `horizontal scroll on ${where}`).toBe(0);
}

async function logIn(page: Page, layout: Layout, username: string, password: string) {
  await clickHeaderButton(page, layout, "Login");
  const dialog = page.getByRole("dialog", { name: "Login" });
  await dialog.getByLabel("Email address or mobile number").fill(username);
  await dialog.getByLabel("Password").fill(password);
  await dialog.getByRole("button", { name: "Login" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Login successful" })).toBeVisible();
  await expect(dialog).toBeHidden();
}

async function logOut(page: Page, layout: Layout) {
  await clickHeaderButton(page, layout, "Logout");
  await page
    .getByRole("dialog", { name: "Logout" })
    .getByRole("button", { name: "Logout" })
    .click();
  await expect(
    page.getByRole("heading", { level: 1, name: "You’ve been logged out!" }),
  ).toBeVisible();
}

test.describe("accounts", () => {
  // One long journey: register, verify, log out and in, reset, log in again.
  test.describe.configure({ timeout: 120_000 });

  test("a farmer registers, verifies e-mail and mobile, logs out and in, and resets the password", async ({
    page,
    layout,
  }, testInfo) => {
    const farmer = makeFarmer(testInfo);
    await page.goto("/");
    await waitForScreen(page);

    // Register, step 1 of 2 (decision 429): who the farmer is and the farm.
    await page.getByRole("main").getByRole("button", { name: "Register" }).click();
    const dialog = page.getByRole("dialog", { name: "Register with VaxCal" });
    await expect(dialog.getByText("(1/2)")).toBeVisible();
    // Past the 190 ms opening animation, so the picture shows the modal as it settles.
    await page.waitForTimeout(300);
    await page.screenshot({ path: testInfo.outputPath(`register-step-1-${layout}.png`) });
    await dialog.getByLabel("First name").fill("Aoife");
    await dialog.getByLabel("Surname").fill("Byrne");
    await dialog.getByLabel("Mobile number").fill(farmer.mobile);
    await dialog.getByLabel("Email address").fill(farmer.email);
    await dialog.getByLabel("Dairy").check();
    await dialog.getByLabel("Cows").check();
    await dialog.getByLabel("Herd size").selectOption("51-100");
    // The farm name and address are optional, folded away until asked for.
    await dialog.getByRole("button", { name: /Add your farm name and address/ }).click();
    await dialog.getByLabel(/Farm name/).fill("Hillside Farm");
    await dialog.getByLabel(/County/).selectOption("Galway");
    await expectNoHorizontalScroll(page, "register step 1");
    await dialog.getByRole("button", { name: "Next step" }).click();

    // Step 2: the password, with the live mismatch message, and the terms.
    await expect(dialog.getByText("(2/2)")).toBeVisible();
    await dialog.getByLabel("Password", { exact: true }).fill(farmer.password);
    await dialog.getByLabel("Confirm password").fill("something else");
    await expect(dialog.getByText("The two passwords must match.")).toBeVisible();
    await dialog.getByLabel("Confirm password").fill(farmer.password);
    await expect(dialog.getByText("The two passwords must match.")).toBeHidden();
    await dialog.getByLabel(/I agree to the terms/).check();
    await dialog.getByLabel(/free reminders/).check();
    await page.screenshot({ path: testInfo.outputPath(`register-step-2-${layout}.png`) });
    await dialog.getByRole("button", { name: "Finish registration" }).click();

    await expect(
      page.getByText("You have successfully registered, we will be in touch soon."),
    ).toBeVisible();
    await expect(dialog).toBeHidden();
    const banner = page.getByRole("region", { name: "We cannot send you alerts yet" });
    await expect(banner).toBeVisible();
    await expect(banner.getByRole("button", { name: "Resend verification email" })).toBeVisible();
    await expect(banner.getByRole("button", { name: "Resend verification SMS" })).toBeVisible();

    // The e-mail link from the outbox verifies the address and opens settings.
    await page.goto(await readOutboxLink(page, farmer.email, "/email/verify/"));
    await expect(
      page.getByText("Your email has been verified! You will be redirected shortly."),
    ).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Account settings" })).toBeVisible({
      timeout: 10_000,
    });
    await expect(page).toHaveURL(/\/settings$/);
    await expect(banner).toBeHidden();

    // The texted link verifies the mobile from the landing page.
    await page.goto(await readOutboxLink(page, farmer.e164, "/verify-mobile?code="));
    await expect(
      page.getByText(
        "Successfully verified your mobile number. You can now receive notifications.",
      ),
    ).toBeVisible();
    await page.goto("/settings");
    await expect(page.getByRole("button", { name: "Save settings" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Verify your contact details" })).toBeHidden();
    await page.screenshot({ path: testInfo.outputPath(`settings-${layout}.png`), fullPage: true });
    await expectNoHorizontalScroll(page, "settings");

    // Settings save, confirmed by the server.
    await page.getByLabel("Town").fill("Athlone");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByText("Settings saved successfully!")).toBeVisible();
    await page.reload();
    await expect(page.getByLabel("Town")).toHaveValue("Athlone");

    // Log out, and back in with the mobile number.
    await logOut(page, layout);
    await logIn(page, layout, farmer.mobile, farmer.password);
    await expect(page.getByRole("banner").getByText("Hello, Aoife")).toBeAttached();

    // Forgotten password: the link from the outbox sets a new one.
    await logOut(page, layout);
    await clickHeaderButton(page, layout, "Login");
    await page
      .getByRole("dialog", { name: "Login" })
      .getByRole("button", { name: "Forgot password?" })
      .click();
    const reset = page.getByRole("dialog", { name: "Reset your password" });
    await reset.getByLabel("Email address or mobile number").fill(farmer.email);
    await reset.getByRole("button", { name: "Send reset link" }).click();
    await expect(reset.getByRole("status")).toContainText("we have sent it a link");
    await page.goto(await readOutboxLink(page, farmer.email, "/password/reset?"));
    await expect(page.getByLabel("Email address")).toHaveValue(farmer.email);
    await page.getByLabel("New password", { exact: true }).fill(farmer.newPassword);
    await page.getByLabel("Confirm new password").fill(farmer.newPassword);
    await page.getByRole("button", { name: "Confirm reset" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Account settings" })).toBeVisible();

    // The new password works; the old one is gone.
    await logOut(page, layout);
    await logIn(page, layout, farmer.email, farmer.newPassword);
  });
});

test.describe("accounts accessibility (axe)", () => {
  test("the register modal, each step", async ({ expectNoAccessibilityViolations }) => {
    await expectNoAccessibilityViolations("/", async (page) => {
      await page.getByRole("main").getByRole("button", { name: "Register" }).click();
      const dialog = page.getByRole("dialog", { name: "Register with VaxCal" });
      await dialog.getByRole("button", { name: /Add your farm name and address/ }).click();
      await dialog.getByRole("button", { name: "Next step" }).click();
      // With every step 1 message showing, which is when contrast and labels matter most.
      await expect(dialog.getByText("Please provide a name before continuing")).toBeVisible();
    });
  });

  test("the login and password reset modals", async ({ expectNoAccessibilityViolations }) => {
    await expectNoAccessibilityViolations("/password/reset", async (page) => {
      await expect(page.getByRole("button", { name: "Send password reset link" })).toBeVisible();
    });
    await expectNoAccessibilityViolations("/", async (page) => {
      const menu = page.getByRole("button", { name: "Menu" });
      if (await menu.isVisible()) await menu.click();
      await page.getByRole("banner").getByRole("button", { name: "Login" }).click();
      await expect(page.getByRole("dialog", { name: "Login" })).toBeVisible();
    });
  });

  test("account settings with the verification banner", async ({
    expectNoAccessibilityViolations,
  }, testInfo) => {
    const farmer = makeFarmer(testInfo);
    await expectNoAccessibilityViolations("/", async (page) => {
      await page.getByRole("main").getByRole("button", { name: "Register" }).click();
      const dialog = page.getByRole("dialog", { name: "Register with VaxCal" });
      await signUp(dialog, {
        name: "Seán",
        surname: "Ó Briain",
        email: `a11y-${farmer.email}`,
        password: farmer.password,
      });
      await expect(dialog).toBeHidden();
      await page.goto("/settings");
      await expect(page.getByRole("button", { name: "Save settings" })).toBeVisible();
      await expect(
        page.getByRole("region", { name: "We cannot send you alerts yet" }),
      ).toBeVisible();
    });
  });
});
