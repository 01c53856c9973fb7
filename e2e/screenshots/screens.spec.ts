import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, test, type Browser, type Page, type TestInfo } from "@playwright/test";
import { e2eAdmin } from "../support/admin-account.ts";
import { waitForScreen } from "../support/fixtures.ts";

/*
 * The screenshot tour: every screen at 375 and 1280 px, saved under
 * .tmp/screens/<width>/ as NN-name.png, with any sideways scroll noted. A screen that is
 * not reached is listed at the end with why, and the tour goes on.
 */

const root = fileURLToPath(new URL("../../.tmp/screens/", import.meta.url));

type Tour = {
  folder: string;
  shot: (page: Page, name: string, options?: { fullPage?: boolean }) => Promise<void>;
  step: (name: string, run: () => Promise<void>) => Promise<void>;
  /** Steps that could not be finished, with why. */
  failures: string[];
  /** Screens wider than the window: the page scrolls sideways. */
  overflows: string[];
};

function startTour(testInfo: TestInfo): Tour {
  const width = testInfo.project.use.viewport?.width ?? 0;
  const folder = `${root}${width}`;
  mkdirSync(folder, { recursive: true });
  let counter = 0;
  const failures: string[] = [];
  const overflows: string[] = [];
  const shot: Tour["shot"] = async (page, name, options) => {
    counter += 1;
    const file = `${folder}/${String(counter).padStart(2, "0")}-${name}.png`;
    // Let transitions and late layout settle, as a person's eye would.
    await page.waitForTimeout(400);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    if (overflow > 0) overflows.push(`${name}: ${overflow}px sideways scroll`);
    await page.screenshot({ path: file, fullPage: options?.fullPage ?? true });
  };
  const step: Tour["step"] = async (name, run) => {
    try {
      await run();
    } catch (error) {
      failures.push(`${name}: ${(error as Error).message.split("\n")[0]}`);
    }
  };
  return { folder, shot, step, failures, overflows };
}

function makeNames(testInfo: TestInfo) {
  const stamp = `${Date.now()}${testInfo.workerIndex}`.slice(-7);
  const project = testInfo.project.name.slice(0, 5);
  return {
    farmerEmail: `tour-${stamp}-${project}@example.ie`,
    farmerNewEmail: `tour-new-${stamp}-${project}@example.ie`,
    farmerMobile: `086 ${stamp.slice(0, 3)} ${stamp.slice(3)}`,
    farmerPassword: `Calves out in April ${stamp}`,
    practiceName: `Glenbeg Vets ${stamp}`,
    practiceEmail: `practice-${stamp}-${project}@vets.example.ie`,
    practicePassword: `Pasture gate ${stamp}`,
    vetEmail: `cian-${stamp}-${project}@vets.example.ie`,
    vetPassword: `Silage clamp ${stamp}`,
  };
}

async function openPerson(browser: Browser, testInfo: TestInfo) {
  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL ?? `http://localhost:${process.env.E2E_PORT ?? 3199}`,
    viewport: testInfo.project.use.viewport ?? null,
  });
  return { context, page: await context.newPage() };
}

async function clickHeaderButton(page: Page, name: string): Promise<void> {
  const button = page.getByRole("banner").getByRole("button", { name, exact: true });
  if (!(await button.isVisible())) {
    const menu = page.getByRole("button", { name: "Menu" });
    if ((await menu.getAttribute("aria-expanded")) !== "true") await menu.click();
  }
  await button.click();
}

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
      { message: `a ${hrefPart} link for ${recipient} in the outbox`, timeout: 20_000 },
    )
    .not.toBeNull();
  return href ?? "";
}

async function keepPastShotsIfAsked(page: Page, tour: Tour, name?: string): Promise<void> {
  const pastShots = page.getByRole("dialog", { name: "Shots in the past" });
  if (await pastShots.isVisible()) {
    if (name) await tour.shot(page, name, { fullPage: false });
    await pastShots.getByRole("button", { name: "Keep them" }).click();
    await expect(pastShots).toBeHidden();
  }
}

test("every screen", async ({ page, browser }, testInfo) => {
  const tour = startTour(testInfo);
  const { shot, step } = tour;
  const names = makeNames(testInfo);
  let calendarId = 0;

  await step("landing", async () => {
    await page.goto("/");
    await waitForScreen(page);
    await shot(page, "landing");
    const menu = page.getByRole("button", { name: "Menu" });
    if (await menu.isVisible()) {
      await menu.click();
      await shot(page, "landing-menu-open", { fullPage: false });
      await menu.click();
    }
  });

  await step("login and reset modals", async () => {
    await clickHeaderButton(page, "Login");
    const login = page.getByRole("dialog", { name: "Login" });
    await expect(login).toBeVisible();
    await shot(page, "login-modal", { fullPage: false });
    await login.getByRole("button", { name: "Login" }).click();
    await shot(page, "login-modal-errors", { fullPage: false });
    await login.getByRole("button", { name: "Forgot password?" }).click();
    await expect(page.getByRole("dialog", { name: "Reset your password" })).toBeVisible();
    await shot(page, "reset-request-modal", { fullPage: false });
    await page.keyboard.press("Escape");
  });

  await step("step 1", async () => {
    await page.goto("/beta");
    await expect(
      page.getByRole("heading", { level: 1, name: "Setup your calendar" }),
    ).toBeVisible();
    await shot(page, "step1-empty");
    const main = page.getByRole("main");
    await main.getByRole("radio", { name: "Dairy" }).check();
    await main.getByRole("radio", { name: "Cows", exact: true }).check();
    await main.getByRole("radio", { name: "Spring calving" }).check();
    await main.getByRole("checkbox", { name: /^BVD/ }).check();
    await main.getByRole("checkbox", { name: /^Leptospirosis/ }).check();
    await main.getByRole("checkbox", { name: /^Salmonellosis/ }).check();
    await main.getByRole("checkbox", { name: /^Bluetongue/ }).check();
    const calving = main.getByLabel("Calving season start date");
    const chosen = await calving.inputValue();
    await calving.fill(`${Number(chosen.slice(0, 4)) + 1}${chosen.slice(4)}`);
    await shot(page, "step1-filled-breeding-warning");
    await calving.fill(chosen);
  });

  await step("step 2", async () => {
    await page.getByRole("button", { name: "Next step" }).click();
    await expect(
      page.getByRole("heading", { level: 1, name: "Review your calendar" }),
    ).toBeVisible();
    await keepPastShotsIfAsked(page, tour, "step2-past-shots-popup");
    await page.getByRole("tab", { name: "Due next" }).click();
    await shot(page, "step2-due-next");
    await page.getByRole("tab", { name: "Calendar grid" }).click();
    await expect(page.getByRole("region", { name: "Vaccination calendar" })).toBeVisible();
    await shot(page, "step2-grid");
    await shot(page, "step2-grid-viewport", { fullPage: false });

    const addBvd = page.getByRole("button", { name: /^Add shot for BVD in \d{4}/ }).first();
    const year = /in (\d{4})/.exec((await addBvd.getAttribute("aria-label")) ?? "")?.[1] ?? "";
    let first = true;
    for (const day of ["10", "12", "14"]) {
      await addBvd.click();
      await expect(page.getByRole("dialog")).toBeVisible();
      const maxShots = page.getByRole("dialog", { name: "Maximum shots reached" });
      if (await maxShots.isVisible()) {
        await shot(page, "step2-maximum-shots-popup", { fullPage: false });
        await maxShots.getByRole("button", { name: "Add shot" }).click();
      }
      const panel = page.getByRole("dialog", { name: /^Add a / });
      await panel.getByLabel("Date of this shot").fill(`${year}-12-${day}`);
      if (first) await shot(page, "step2-add-shot-panel", { fullPage: false });
      await panel.getByRole("button", { name: "Confirm" }).click();
      await expect(panel).toBeHidden();
      const rulePopup = page.getByRole("dialog");
      if (await rulePopup.isVisible()) {
        if (first) await shot(page, "step2-rule-popup-new-warning", { fullPage: false });
        await page.keyboard.press("Escape");
        await expect(rulePopup).toBeHidden();
      }
      first = false;
    }
    const warning = page.locator(".shot__warning").first();
    await warning.scrollIntoViewIfNeeded();
    await shot(page, "step2-grid-with-warnings");
    await warning.click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await shot(page, "step2-warning-popup", { fullPage: false });
    await page.keyboard.press("Escape");
    await page.locator(".shot__label[data-warning]").first().click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await shot(page, "step2-shot-panel-warned", { fullPage: false });
    await page.keyboard.press("Escape");
    await page.getByRole("tab", { name: "Due next" }).click();
    await shot(page, "step2-due-next-with-warnings");
  });

  await step("finish as a visitor and register", async () => {
    await page.getByRole("button", { name: "Finish calendar" }).click();
    const choice = page.getByRole("dialog", { name: "Save your calendar" });
    await expect(choice).toBeVisible();
    await shot(page, "finish-visitor-choice", { fullPage: false });
    await choice.getByRole("button", { name: "Register" }).click();
    const register = page.getByRole("dialog", { name: "Register with VaxCal" });
    await expect(register).toBeVisible();
    await shot(page, "register-step1", { fullPage: false });
    await register.getByRole("button", { name: "Next step" }).click();
    await shot(page, "register-step1-errors", { fullPage: false });
    await register.getByLabel("First name").fill("Pádraig");
    await register.getByLabel("Surname").fill("Ó Sé");
    await register.getByLabel("Mobile number").fill(names.farmerMobile);
    await register.getByLabel("Email address").fill(names.farmerEmail);
    await register.getByLabel("Herd size").selectOption("51-100");
    await shot(page, "register-step1-farm", { fullPage: false });
    await register.getByRole("button", { name: "Next step" }).click();
    await shot(page, "register-step2-password", { fullPage: false });
    await register.getByLabel("Password", { exact: true }).fill(names.farmerPassword);
    await register.getByLabel("Confirm password").fill(names.farmerPassword);
    await register.getByLabel(/I agree to the terms/).check();
    await register.getByRole("button", { name: "Finish registration" }).click();
    await expect(register).toBeHidden();
    const popup = page.getByRole("dialog", { name: "Confirm your details" });
    await expect(popup).toBeVisible();
    await shot(page, "finish-confirm-details", { fullPage: false });
    const [response] = await Promise.all([
      page.waitForResponse(
        (candidate) =>
          new URL(candidate.url()).pathname === "/api/calendar" &&
          candidate.request().method() === "POST",
      ),
      popup.getByRole("button", { name: "Finish calendar" }).click(),
    ]);
    calendarId = ((await response.json()) as { calendar: { id: number } }).calendar.id;
    await expect(
      page.getByRole("heading", { level: 1, name: "Download your calendar" }),
    ).toBeVisible();
    await shot(page, "download-page");
    await shot(page, "download-page-viewport", { fullPage: false });
  });

  await step("my calendars", async () => {
    await page.goto("/calendars");
    await expect(page.getByRole("heading", { level: 1, name: "My calendars" })).toBeVisible();
    await expect(page.getByRole("main").getByRole("link").first()).toBeVisible();
    await shot(page, "my-calendars");
  });

  await step("saved calendar", async () => {
    await page.goto(`/calendar/${calendarId}`);
    await expect(page.getByText("Editing a saved calendar")).toBeVisible();
    await page.getByRole("tab", { name: "Due next" }).click();
    await shot(page, "saved-calendar-due-next");
    await page
      .getByRole("button", { name: /^Mark as given/ })
      .first()
      .click();
    const dialog = page.getByRole("dialog", { name: "Mark as given" });
    await dialog.getByRole("button", { name: "Save" }).click();
    await shot(page, "mark-as-given-dialog-error", { fullPage: false });
    await dialog.getByLabel(/Batch number/).fill("A1234B");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog).toBeHidden();
    await shot(page, "saved-calendar-due-next-given");
    // The wall PDF, with that shot ticked, drawn as pages at 72 dpi (100%) and 150 dpi (print).
    const token = await page.evaluate(() => window.localStorage.getItem("authToken"));
    const pdf = await page.request.get(`/api/calendars/${calendarId}/download`, {
      headers: { authorization: `Bearer ${token ?? ""}` },
    });
    expect(pdf.status()).toBe(200);
    const pdfFile = `${tour.folder}/wall.pdf`;
    writeFileSync(pdfFile, await pdf.body());
    for (const dpi of ["72", "150"]) {
      execFileSync("pdftoppm", ["-r", dpi, "-png", pdfFile, `${tour.folder}/wall-${dpi}dpi`]);
    }
    await page.getByRole("tab", { name: "Calendar grid" }).click();
    await shot(page, "saved-calendar-grid");
  });

  await step("email verify", async () => {
    await page.goto(await readOutboxLink(page, names.farmerEmail, "/email/verify/"));
    await waitForScreen(page);
    await shot(page, "email-verify");
  });

  await step("dev outbox", async () => {
    await page.goto("/dev/outbox");
    await expect(page.locator("article").first()).toBeVisible();
    await shot(page, "dev-outbox", { fullPage: false });
  });

  // The practice registers in its own browser, so the farmer can link it in settings.
  const practice = await openPerson(browser, testInfo);
  await step("vet register modal", async () => {
    const vetPage = practice.page;
    await vetPage.goto("/");
    await waitForScreen(vetPage);
    await clickHeaderButton(vetPage, "Vet register");
    const dialog = vetPage.getByRole("dialog", { name: "Register your vet practice" });
    await expect(dialog.getByText("(1/3)")).toBeVisible();
    await shot(vetPage, "vet-register-step1", { fullPage: false });
    await dialog.getByRole("button", { name: "Next" }).click();
    await shot(vetPage, "vet-register-step1-errors", { fullPage: false });
    await dialog.getByRole("button", { name: "Autofill Form" }).click();
    await dialog.getByLabel("Vet practice name").fill(names.practiceName);
    await dialog.getByLabel("Practice email address").fill(names.practiceEmail);
    await dialog.getByRole("button", { name: "Next" }).click();
    await expect(dialog.getByText("(2/3)")).toBeVisible();
    await shot(vetPage, "vet-register-step2", { fullPage: false });
    await dialog.getByLabel("Password", { exact: true }).fill(names.practicePassword);
    await dialog.getByLabel("Confirm password").fill(names.practicePassword);
    await dialog.getByRole("button", { name: "Next" }).click();
    await expect(dialog.getByText("(3/3)")).toBeVisible();
    await dialog.getByLabel("Vet 1 email address").fill(names.vetEmail);
    await shot(vetPage, "vet-register-step3", { fullPage: false });
    await dialog.getByRole("button", { name: "Send invites and register" }).click();
    await expect(vetPage).toHaveURL(/\/vet\/dashboard$/);
    await shot(vetPage, "vet-dashboard-new-practice");
  });

  await step("vet join", async () => {
    const joiner = await openPerson(browser, testInfo);
    const link = await readOutboxLink(joiner.page, names.vetEmail, "/vet/join");
    await joiner.page.goto(link);
    await waitForScreen(joiner.page);
    await shot(joiner.page, "vet-join");
    await joiner.page.getByRole("button", { name: "Join the practice" }).click();
    await shot(joiner.page, "vet-join-errors");
    await joiner.context.close();
  });

  await step("settings", async () => {
    await page.goto("/settings");
    await expect(page.getByRole("heading", { level: 1, name: "Account settings" })).toBeVisible();
    await shot(page, "settings");
    await page.getByLabel("Town").scrollIntoViewIfNeeded();
    await shot(page, "settings-viewport-scrolled", { fullPage: false });
    const picker = page.getByRole("combobox", {
      name: "Do you want to share your calendars with your vet?",
    });
    await picker.fill(names.practiceName.slice(-10).toLowerCase());
    await picker.press("ArrowDown");
    await picker.press("Enter");
    await page.getByRole("button", { name: /^Save settings$/i }).click();
    await expect(page.getByText("Settings saved successfully!")).toBeVisible();
    await shot(page, "settings-saved-shared-with-vet");
  });

  await step("vet dashboard with a farmer", async () => {
    await practice.page.goto("/vet/dashboard");
    await waitForScreen(practice.page);
    await expect(practice.page.getByRole("list", { name: "Your farmers" })).toBeVisible();
    await shot(practice.page, "vet-dashboard-farmers-doses-members");
  });
  await practice.context.close();

  await step("not found and error route", async () => {
    await page.goto("/nope");
    await waitForScreen(page);
    await shot(page, "not-found-404");
    await page.goto("/calendar/987654321");
    await waitForScreen(page);
    await shot(page, "error-route-calendar-not-found");
    await page.route("**/api/calendars/**", (route) => route.abort("internetdisconnected"));
    await page.goto(`/calendar/${calendarId}`);
    await waitForScreen(page);
    await shot(page, "error-route-no-signal");
    await page.unroute("**/api/calendars/**");
  });

  await step("logged out", async () => {
    await page.goto("/");
    await waitForScreen(page);
    await clickHeaderButton(page, "Logout");
    const dialog = page.getByRole("dialog", { name: "Logout" });
    await shot(page, "logout-confirm", { fullPage: false });
    await dialog.getByRole("button", { name: "Logout" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await shot(page, "logged-out");
  });

  await step("log in from the logged-out page", async () => {
    await clickHeaderButton(page, "Login");
    const login = page.getByRole("dialog", { name: "Login" });
    await login.getByLabel("Email address or mobile number").fill(names.farmerEmail);
    await login.getByLabel("Password").fill(names.farmerPassword);
    await login.getByRole("button", { name: "Login" }).click();
    await expect(login).toBeHidden();
    await shot(page, "logged-out-page-after-login");
  });

  await step("undo contact change", async () => {
    await page.goto("/settings");
    await expect(page.getByRole("heading", { level: 1, name: "Account settings" })).toBeVisible();
    await page.getByLabel("Email address", { exact: true }).fill(names.farmerNewEmail);
    await page.getByLabel("Current password").fill(names.farmerPassword);
    await page.getByRole("button", { name: /^Save settings$/i }).click();
    await page.waitForTimeout(1000);
    await shot(page, "settings-after-email-change");
    await page.goto(await readOutboxLink(page, names.farmerEmail, "/account/undo-contact-change"));
    await waitForScreen(page);
    await shot(page, "undo-contact-change");
    const confirm = page.getByRole("main").getByRole("button").first();
    if (await confirm.isVisible()) {
      await confirm.click();
      await page.waitForTimeout(1000);
      await shot(page, "undo-contact-change-done");
    }
  });

  await step("password reset pages", async () => {
    await page.goto("/password/reset");
    await waitForScreen(page);
    await shot(page, "reset-request-page");
    await page.getByLabel("Email address or mobile number").fill(names.farmerEmail);
    await page.getByRole("button", { name: /^Send/ }).click();
    await page.waitForTimeout(1000);
    await shot(page, "reset-request-sent");
    await page.goto(await readOutboxLink(page, names.farmerEmail, "/password/reset?"));
    await waitForScreen(page);
    await shot(page, "reset-confirm-page");
    await page.getByRole("button", { name: "Confirm reset" }).click();
    await shot(page, "reset-confirm-errors");
  });

  await step("admin", async () => {
    const admin = await openPerson(browser, testInfo);
    const adminPage = admin.page;
    await adminPage.goto("/");
    await waitForScreen(adminPage);
    await clickHeaderButton(adminPage, "Login");
    const dialog = adminPage.getByRole("dialog", { name: "Login" });
    await dialog.getByLabel("Email address or mobile number").fill(e2eAdmin.email);
    await dialog.getByLabel("Password").fill(e2eAdmin.password);
    await dialog.getByRole("button", { name: "Login" }).click();
    await expect(dialog).toBeHidden();
    for (const [path, name] of [
      ["/admin", "admin-products"],
      ["/edit/product/", "admin-add-product"],
      ["/edit/product/?id=1", "admin-edit-product"],
      ["/admin/audit/", "admin-audit"],
      ["/admin/protocol/", "admin-protocols"],
    ] as const) {
      await adminPage.goto(path);
      await waitForScreen(adminPage);
      await adminPage.waitForTimeout(500);
      await shot(adminPage, name);
    }
    await admin.context.close();
  });

  console.log(
    `[${testInfo.project.name}] failures:\n${tour.failures.join("\n") || "none"}\n` +
      `overflows:\n${tour.overflows.join("\n") || "none"}`,
  );
});
