import type { Page, TestInfo } from "@playwright/test";
import { expect, test } from "../support/fixtures.ts";
import { signUp } from "../support/sign-up.ts";
import { markFirstShotGiven } from "../support/given-shots.ts";

/*
 * 'A shorter save' (decision 202), on a 375 px phone: a visitor builds a calendar, presses Finish, is
 * offered Register first, registers without being asked again for what the calendar knows
 * (enterprise and animal) or for the terms at the save, and lands on the download page, which
 * stays there: 30 s later it is still the download page. Then, on the saved calendar, 'Due next'
 * marks the first shot as given with a batch number; after a reload it is still given, and the
 * PDF's checklist ticks it with its batch.
 *
 * It runs on `localhost`, a pre-launch host, where /beta opens.
 */
const port = Number(process.env.E2E_PORT ?? 3199);
test.use({ baseURL: `http://localhost:${port}` });

function makeFarmer(testInfo: TestInfo) {
  const stamp = `${Date.now()}${testInfo.workerIndex}${testInfo.repeatEachIndex}`.slice(-7);
  return {
    email: `save-${stamp}@example.ie`,
    mobile: `085 ${stamp.slice(0, 3)} ${stamp.slice(3)}`,
    e164: `+35385${stamp}`,
    password: `Calves out in April ${stamp}`,
  };
}

async function buildBeefCalendar(page: Page): Promise<void> {
  await page.goto("/beta");
  await expect(page.getByRole("heading", { level: 1, name: "Setup your calendar" })).toBeVisible();
  const main = page.getByRole("main");
  await main.getByRole("radio", { name: "Beef" }).check();
  await main.getByRole("radio", { name: "Cows", exact: true }).check();
  await main.getByRole("radio", { name: "Spring calving" }).check();
  await main.getByRole("checkbox", { name: /^BVD/ }).check();
  await main.getByRole("checkbox", { name: /^Leptospirosis/ }).check();
  await page.getByRole("button", { name: "Next step" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Review your calendar" })).toBeVisible();
  const pastShots = page.getByRole("dialog", { name: "Shots in the past" });
  if (await pastShots.isVisible())
    await pastShots.getByRole("button", { name: "Keep them" }).click();
}

test.describe("a shorter save (decision 202)", () => {
  test.skip(({ viewport }) => (viewport?.width ?? 0) > 375, "the phone journey");
  test.describe.configure({ timeout: 150_000 });

  test("build, register from Finish without retyping, and stay on the download page", async ({
    page,
  }, testInfo) => {
    const farmer = makeFarmer(testInfo);
    // The page's own clock: 30 s pass in an instant, with every timer of the page run in order.
    await page.clock.install();
    await buildBeefCalendar(page);

    // Finish offers Register first, Login second.
    await page.getByRole("button", { name: "Finish calendar" }).click();
    const choice = page.getByRole("dialog", { name: "Save your calendar" });
    const choices = choice.locator(".button-row .button");
    await expect(choices).toHaveText(["Register", "Login"]);
    await expect(choices.first()).toHaveClass(/button--primary/);
    await choice.getByRole("button", { name: "Register" }).click();

    // Step 1: who the farmer is, with the calendar's enterprise and animal already ticked; only
    // the herd size is new. Step 2: a password and the terms (decision 429).
    const register = page.getByRole("dialog", { name: "Register with VaxCal" });
    await expect(register.getByLabel("Beef")).toBeChecked();
    await expect(register.getByLabel("Dairy")).not.toBeChecked();
    await expect(
      register.getByRole("group", { name: "Animals" }).getByLabel("Cows", { exact: true }),
    ).toBeChecked();
    await signUp(register, {
      name: "Pádraig",
      surname: "Ó Sé",
      mobile: farmer.mobile,
      email: farmer.email,
      password: farmer.password,
      herdSize: "101-200",
    });
    await expect(register).toBeHidden();

    // The confirm popup is filled from the new profile, and the terms agreed a moment ago are
    // not asked again.
    const popup = page.getByRole("dialog", { name: "Confirm your details" });
    await expect(popup.getByLabel("First name")).toHaveValue("Pádraig");
    await expect(popup.getByLabel(/Surname/)).toHaveValue("Ó Sé");
    await expect(popup.getByLabel("Email address", { exact: true })).toHaveValue(farmer.email);
    await expect(popup.getByLabel(/Mobile number/)).toHaveValue(farmer.e164);
    await expect(popup.getByRole("checkbox", { name: /I agree to the terms/ })).toHaveCount(0);
    const [saved] = await Promise.all([
      page.waitForResponse(
        (candidate) =>
          new URL(candidate.url()).pathname === "/api/calendar" &&
          candidate.request().method() === "POST",
      ),
      popup.getByRole("button", { name: "Finish calendar" }).click(),
    ]);
    expect(saved.status(), "the calendar was saved").toBe(201);
    const { calendar } = (await saved.json()) as { calendar: { id: number } };

    // The download page, with the PDF and the phone calendar first.
    const heading = page.getByRole("heading", { level: 1, name: "Download your calendar" });
    await expect(heading).toBeVisible();
    // The PDF's length (12, 24 or 36 months) stands before its button (issue 25, item 7).
    const actions = page.locator(".final-page__actions").locator("select, button, a");
    await expect(actions).toHaveText([/12 months/, "Download PDF", "Add to phone calendar"]);
    await expect(page.getByRole("combobox", { name: "PDF covers" })).toHaveValue("12");
    // The notification has its own room: it covers neither of them.
    const notice = page.locator(".notification");
    await expect(notice).toBeVisible();
    const noticeBox = await notice.boundingBox();
    for (const action of await actions.all()) {
      const box = await action.boundingBox();
      const overlaps =
        noticeBox !== null &&
        box !== null &&
        noticeBox.y < box.y + box.height &&
        box.y < noticeBox.y + noticeBox.height;
      expect(overlaps, "the notification covers a button").toBe(false);
    }

    // 30 s later it is still there.
    await page.clock.runFor(30_000);
    await expect(heading).toBeVisible();
    expect(new URL(page.url()).pathname).toBe("/calendar");
    await expect(page.getByText(/We will take you/)).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath("download-page-after-30s-375.png") });

    // Then 'Due next' on the saved calendar: the first shot marked as given with its batch stays
    // given after a reload, and the PDF's checklist ticks it.
    await page.clock.resume();
    const token = await page.evaluate(() => window.localStorage.getItem("authToken"));
    expect(token, "the farmer is signed in").toBeTruthy();
    await markFirstShotGiven(page, testInfo, {
      calendarId: calendar.id,
      token: token ?? "",
      batch: "B-2041",
      animalGroup: "Cows (Beef, Spring calving)",
    });
  });

  test("the Finish choice has no accessibility violations", async ({
    expectNoAccessibilityViolations,
  }) => {
    await expectNoAccessibilityViolations("/", async (page) => {
      await buildBeefCalendar(page);
      await page.getByRole("button", { name: "Finish calendar" }).click();
      await expect(page.getByRole("dialog", { name: "Save your calendar" })).toBeVisible();
    });
  });
});
