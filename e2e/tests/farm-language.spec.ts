import type { Page, TestInfo } from "@playwright/test";
import { expect, showCalendarGrid, test, waitForScreen } from "../support/fixtures.ts";
import { signUp } from "../support/sign-up.ts";

/*
 * docs/product.md D20: no screen shows a rule code, an asterisk run or '[!]'. This journey visits
 * every screen, as a visitor and as a signed-in farmer, with the popups that carry warnings and
 * notes open, and reads the text a person sees on each.
 *
 * It runs on `localhost`, a pre-launch host, so /beta, Login and the signed-in nav are there.
 */
const port = Number(process.env.E2E_PORT ?? 3199);
test.use({ baseURL: `http://localhost:${port}` });

/** What the farm-language rules forbid in visible text. */
const forbidden: { name: string; pattern: RegExp }[] = [
  // "Before breeding rule · S1", "(S25)": a source id of the reference document.
  { name: "a rule code", pattern: /·\s*S\d+\b|\(S\d+\)|\brule\s*·/ },
  { name: "an asterisk run", pattern: /\*{2,}/ },
  { name: "'[!]'", pattern: /\[!\]/ },
  { name: "'[+]'", pattern: /\[\+\]/ },
];

type Seen = { where: string; text: string };

/** The text a person sees: innerText leaves out hidden elements and closed details. */
async function readVisibleText(page: Page): Promise<string> {
  return page.evaluate(() => document.body.innerText);
}

async function look(page: Page, seen: Seen[], where: string): Promise<void> {
  seen.push({ where, text: await readVisibleText(page) });
}

function expectFarmLanguage(seen: readonly Seen[]): void {
  const problems = seen.flatMap(({ where, text }) =>
    forbidden.flatMap(({ name, pattern }) => {
      const match = pattern.exec(text);
      return match ? [`${where}: ${name} in "…${match[0]}…"`] : [];
    }),
  );
  expect(problems).toEqual([]);
  // The scan read real screens, not empty pages.
  expect(seen.every(({ text }) => text.trim().length > 40)).toBe(true);
}

function makeFarmer(testInfo: TestInfo) {
  const stamp = `${Date.now()}${testInfo.workerIndex}${testInfo.repeatEachIndex}`.slice(-7);
  return {
    email: `scan-${stamp}-${testInfo.project.name.slice(0, 5)}@example.ie`,
    mobile: `086${stamp}`,
    password: `Meadow hay in June ${stamp}`,
  };
}

async function keepPastShotsIfAsked(page: Page): Promise<void> {
  const pastShots = page.getByRole("dialog", { name: "Shots in the past" });
  if (await pastShots.isVisible()) {
    await pastShots.getByRole("button", { name: "Keep them" }).click();
    await expect(pastShots).toBeHidden();
  }
}

/**
 * Step 1 with the breeding date before calving (its warning shows), then step 2 with diseases
 * that carry notes, and BVD shots added past its limit, so warnings and their popups show.
 */
async function buildCalendarWithWarnings(page: Page, seen: Seen[], who: string): Promise<void> {
  await page.goto("/beta");
  await expect(page.getByRole("heading", { level: 1, name: "Setup your calendar" })).toBeVisible();
  const main = page.getByRole("main");
  await main.getByRole("radio", { name: "Dairy" }).check();
  await main.getByRole("radio", { name: "Cows", exact: true }).check();
  await main.getByRole("radio", { name: "Spring calving" }).check();
  await main.getByRole("checkbox", { name: /^BVD/ }).check();
  await main.getByRole("checkbox", { name: /^Salmonellosis/ }).check();
  await main.getByRole("checkbox", { name: /^Bluetongue/ }).check();
  const calving = main.getByLabel("Calving season start date");
  const chosenCalving = await calving.inputValue();
  await calving.fill(`${Number(chosenCalving.slice(0, 4)) + 1}${chosenCalving.slice(4)}`);
  await expect(main.getByText(/before the calving season/)).toBeVisible();
  // The chosen dates are repeated in words.
  await expect(
    main.getByText(/^(Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2} [A-Z][a-z]+ \d{4}$/).first(),
  ).toBeVisible();
  await look(page, seen, `${who} step 1 with the breeding warning`);
  await calving.fill(chosenCalving);

  await page.getByRole("button", { name: "Next step" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Review your calendar" })).toBeVisible();
  await keepPastShotsIfAsked(page);
  // Both views of step 2: 'Due next' (where phones open), then the grid.
  await page.getByRole("tab", { name: "Due next" }).click();
  await expect(page.getByRole("tabpanel", { name: "Due next" })).toBeVisible();
  await look(page, seen, `${who} step 2 due next`);
  await showCalendarGrid(page);
  await expect(page.getByRole("list", { name: "Notes" })).toBeVisible();

  const addBvd = page.getByRole("button", { name: /^Add shot for BVD in \d{4}/ }).first();
  const year = /in (\d{4})/.exec((await addBvd.getAttribute("aria-label")) ?? "")?.[1] ?? "";
  for (const day of ["10", "12", "14"]) {
    await addBvd.click();
    await expect(page.getByRole("dialog")).toBeVisible();
    const maxShots = page.getByRole("dialog", { name: "Maximum shots reached" });
    if (await maxShots.isVisible()) {
      await look(page, seen, `${who} maximum shots popup`);
      await maxShots.getByRole("button", { name: "Add shot" }).click();
    }
    const panel = page.getByRole("dialog", { name: /^Add a / });
    await panel.getByLabel("Date of this shot").fill(`${year}-12-${day}`);
    await look(page, seen, `${who} add shot panel`);
    await panel.getByRole("button", { name: "Confirm" }).click();
    await expect(panel).toBeHidden();
    // A new warning opens its rule popup at once.
    const rulePopup = page.getByRole("dialog");
    if (await rulePopup.isVisible()) {
      await look(page, seen, `${who} rule popup`);
      await page.keyboard.press("Escape");
      await expect(rulePopup).toBeHidden();
    }
  }
  const warning = page.locator(".shot__warning").first();
  await expect(warning).toBeVisible();
  await look(page, seen, `${who} step 2 with warnings and notes`);
  await warning.click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await look(page, seen, `${who} a warning's popup`);
  await page.keyboard.press("Escape");
  await page.locator(".shot__label[data-warning]").first().click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await look(page, seen, `${who} a warned shot's panel`);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();
}

async function visit(page: Page, seen: Seen[], path: string, where: string): Promise<void> {
  await page.goto(path);
  await waitForScreen(page);
  await look(page, seen, where);
}

test.describe("farm language on every screen (D20)", () => {
  test.describe.configure({ timeout: 120_000 });

  test("no rule code, asterisk run or '[!]' shows, to a visitor or a signed-in farmer", async ({
    page,
    browser,
    layout,
  }, testInfo) => {
    const seen: Seen[] = [];
    const farmer = makeFarmer(testInfo);

    // A visitor.
    await visit(page, seen, "/", "visitor landing page");
    await visit(page, seen, "/password/reset", "visitor password reset");
    await visit(page, seen, "/logged-out", "visitor logged-out page");
    await visit(page, seen, "/no-such-page", "visitor 404 page");
    await buildCalendarWithWarnings(page, seen, "visitor");
    await page.getByRole("button", { name: "Finish calendar" }).click();
    const choice = page.getByRole("dialog", { name: "Save your calendar" });
    await expect(choice).toBeVisible();
    await look(page, seen, "visitor finish choice");
    await choice.getByRole("button", { name: "Login" }).click();
    await expect(page.getByRole("dialog", { name: "Login" })).toBeVisible();
    await look(page, seen, "visitor login modal");
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Finish calendar" }).click();
    await choice.getByRole("button", { name: "Register" }).click();
    const register = page.getByRole("dialog", { name: "Register with VaxCal" });
    await expect(register.getByLabel("First name")).toBeVisible();
    await look(page, seen, "visitor registration step 1");

    // Register from Finish, so the rest is seen signed in.
    await register.getByLabel("Herd size").selectOption("51-100");
    await look(page, seen, "visitor registration step 1, filled");
    await signUp(register, {
      name: "Eileen",
      surname: "Walsh",
      mobile: farmer.mobile,
      email: farmer.email,
      password: farmer.password,
    });
    const popup = page.getByRole("dialog", { name: "Confirm your details" });
    await expect(popup).toBeVisible();
    await look(page, seen, "farmer confirm popup");
    await popup.getByRole("button", { name: "Finish calendar" }).click();
    await expect(
      page.getByRole("heading", { level: 1, name: "Download your calendar" }),
    ).toBeVisible();
    await look(page, seen, "farmer download page");

    // Signed in.
    await visit(page, seen, "/calendars", "farmer My calendars");
    const open = page.getByRole("link", { name: /Open and edit/ }).first();
    await open.click();
    await expect(
      page.getByRole("heading", { level: 1, name: "Review your calendar" }),
    ).toBeVisible();
    await keepPastShotsIfAsked(page);
    await look(page, seen, "farmer saved calendar in step 2");
    await visit(page, seen, "/settings", "farmer account settings");
    // A calendar that is not there: the browser logs the 404 of its fetch, so this one screen is
    // opened in a context of its own, signed in as the farmer.
    const lost = await browser.newContext({
      baseURL: `http://localhost:${port}`,
      viewport: page.viewportSize(),
      storageState: await page.context().storageState(),
    });
    try {
      const lostPage = await lost.newPage();
      await visit(lostPage, seen, "/calendar/999999", "farmer calendar not found");
      await expect(lostPage.getByRole("heading", { level: 1 })).toHaveText(
        "We could not find this calendar.",
      );
      await expect(lostPage.getByText(/signal/)).toHaveCount(0);
    } finally {
      await lost.close();
    }
    await visit(page, seen, "/", "farmer landing page");
    await buildCalendarWithWarnings(page, seen, "farmer");
    await visit(page, seen, "/logged-out", "farmer on the logged-out page");

    // The signed-in header has no Register, and fits one row on a desktop.
    const header = page.getByRole("banner");
    await expect(header.getByRole("button", { name: "Register", exact: true })).toHaveCount(0);
    if (layout === "desktop") {
      const brand = await header.getByRole("link", { name: "VaxCal" }).boundingBox();
      const logout = await header.getByRole("button", { name: "Logout" }).boundingBox();
      const middle = (box: { y: number; height: number } | null) =>
        box === null ? Number.NaN : box.y + box.height / 2;
      expect(Math.abs(middle(brand) - middle(logout)), "the header is one row").toBeLessThan(12);
    }

    expectFarmLanguage(seen);
  });
});
