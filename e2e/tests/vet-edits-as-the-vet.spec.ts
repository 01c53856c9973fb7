import type { Browser, TestInfo } from "@playwright/test";
import {
  fillStepOne,
  finishCalendar,
  formatDisplayDate,
  goToStepTwo,
  keepPastShotsIfAsked,
  shiftDate,
} from "../support/calendar-steps.ts";
import { verifyEmailFromOutbox } from "../support/dev-outbox.ts";
import { expect, showCalendarGrid, test } from "../support/fixtures.ts";
import { fromOwnFarmAddress } from "../support/farm-address.ts";
import { signInNewFarmer, signInWithToken } from "../support/farmer-account.ts";

/*
 * Issue 25, item 2 (decisions 425 and 427), against the real server on a phone (375 px): a vet of
 * the linked practice moves a client's shot. No contact fields and no terms box are shown, the
 * farm's name is on the page, and once the vet has been quiet for the period (a few seconds here:
 * VET_CHANGE_QUIET_SECONDS in playwright.config.ts) the farmer's outbox has the before → after
 * message naming the vet.
 */
const port = Number(process.env.E2E_PORT ?? 3199);
const baseURL = `http://localhost:${port}`;
test.use({ baseURL });

type Detail = {
  diseases: { shots: { date: string | null; isMirroredCopy?: boolean }[] }[];
};

/** `2027-01-18` → `18 Jan`, as the message names a day after its weekday. */
function formatShortDay(date: string): string {
  const [year = 0, month = 1, day = 1] = date.split("-").map(Number);
  const name = new Intl.DateTimeFormat("en-IE", { month: "short", timeZone: "UTC" }).format(
    new Date(Date.UTC(year, month - 1, day)),
  );
  return `${day} ${name}`;
}

/** A practice with its e-mail confirmed (decision 503): its manager's token and its id. */
async function registerPractice(browser: Browser, stamp: string) {
  const context = await browser.newContext({ baseURL, viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  const email = `glenbeg-${stamp}@vets.example.ie`;
  const response = await page.request.post("/api/vet/register", {
    headers: fromOwnFarmAddress(),
    data: {
      vet_practice_name: `Glenbeg Veterinary Clinic ${stamp}`,
      vet_practice_email: email,
      vet_practice_landline: "021 456 7890",
      mobile_number: "087 765 4321",
      veterinarian_name: "Seán",
      veterinarian_surname: "Kelly",
      vci_number: "VCI-1234",
      address1: "Mart Road",
      address2: null,
      town: "Macroom",
      county: "Cork",
      country: "Ireland",
      eircode: "P12 X4K7",
      agree_to_terms: true,
      territoryManagerId: null,
      password: `Pasture gate ${stamp}`,
      password_confirmation: `Pasture gate ${stamp}`,
      vets: [],
      skip_inviting: true,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const body = (await response.json()) as { token: string };
  await verifyEmailFromOutbox(page, email);
  // The practice is linkable once its e-mail is proved (decision 503): farmers find it in the
  // picker's list. (The manager's own `vet_id` is a farmer's link, null for a vet.)
  const vets = (await (await page.request.get("/api/vets")).json()) as {
    id: number;
    vet_practice_name: string;
  }[];
  const listed = vets.find((vet) => vet.vet_practice_name === `Glenbeg Veterinary Clinic ${stamp}`);
  if (!listed) throw new Error("the verified practice is not in the picker's list");
  return { context, page, token: body.token, practiceId: listed.id };
}

test.describe("a vet edits as the vet (issue 25, decisions 425 and 427)", () => {
  test.describe.configure({ timeout: 240_000 });
  test.skip(({ layout }) => layout !== "phone", "the journey is the phone's, at 375 px");

  test("a vet moves a client's shot: no contact fields and no terms box are shown, the farm's name is on the page, and the farmer's outbox gets the before → after message", async ({
    page,
    browser,
  }, testInfo: TestInfo) => {
    const stamp = `${Date.now()}${testInfo.workerIndex}`.slice(-7);
    const practice = await registerPractice(browser, stamp);
    // The farmer, who linked the practice, saves a calendar.
    const farmer = {
      email: `aoife-${stamp}@example.ie`,
      farmName: `Hill Farm ${stamp.slice(-3)}`,
      token: "",
    };
    farmer.token = await signInNewFarmer(page, testInfo, "aoife", {
      name: "Aoife",
      surname: "Ní Bhroin",
      email: farmer.email,
      farmer_name: farmer.farmName,
      vet_id: practice.practiceId,
    });
    // The farmer's e-mail, a reminder channel once verified, gets the message.
    await verifyEmailFromOutbox(page, farmer.email);
    await fillStepOne(page, {
      enterprise: "Dairy",
      animal: "Cows",
      season: "Spring calving",
      diseases: [/^BVD/, /^Leptospirosis/],
    });
    await goToStepTwo(page);
    const calendarId = await finishCalendar(page);
    const detail = (await (
      await page.request.get(`/api/calendars/${calendarId}`, {
        headers: { Authorization: `Bearer ${farmer.token}` },
      })
    ).json()) as Detail;
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Dublin" }).format(
      new Date(),
    );
    const from = detail.diseases
      .flatMap((disease) => disease.shots)
      .find((shot) => !shot.isMirroredCopy && shot.date !== null && shot.date > today)?.date;
    if (!from) throw new Error("the calendar has no shot ahead");
    const to = shiftDate(from, 6);

    // The vet opens it: the farm is named, and a move saves without asking anything.
    const vetPage = practice.page;
    await signInWithToken(vetPage, practice.token);
    await vetPage.goto(`/calendar/${calendarId}`);
    await expect(
      vetPage.getByText(`Editing for Aoife Ní Bhroin, ${farmer.farmName}`),
    ).toBeVisible();
    await keepPastShotsIfAsked(vetPage);
    await showCalendarGrid(vetPage);
    await vetPage
      .getByRole("region", { name: "Vaccination calendar" })
      .getByRole("button", { name: new RegExp(`^[^,]+, ${formatDisplayDate(from)}$`) })
      .first()
      .click();
    const panel = vetPage
      .getByRole("dialog")
      .filter({ has: vetPage.getByLabel("Date of this shot") });
    await panel.getByLabel("Date of this shot").fill(to);
    await panel.getByRole("button", { name: "Confirm" }).click();
    await expect(panel).toBeHidden();
    await expect(vetPage.getByText(/^Saved\./)).toBeVisible();
    // No contact fields, no terms box, no feed link.
    await expect(vetPage.getByRole("dialog", { name: "Confirm your details" })).toHaveCount(0);
    await expect(vetPage.getByRole("button", { name: "Confirm your details" })).toHaveCount(0);
    await expect(vetPage.getByRole("checkbox", { name: /I agree to the terms/ })).toHaveCount(0);
    await expect(vetPage.getByLabel(/mobile/i)).toHaveCount(0);
    await expect(vetPage.getByLabel("Link for other calendar apps")).toHaveCount(0);
    await vetPage.screenshot({ path: testInfo.outputPath("vet-edit-375.png"), fullPage: true });

    // After the quiet period the farmer's outbox has one message: before → after, and who.
    const message = page
      .locator("article", { hasText: `E-mail to ${farmer.email}` })
      .filter({ hasText: "changed your Cows calendar" });
    await expect
      .poll(
        async () => {
          await page.goto("/dev/outbox");
          return message.count();
        },
        { message: "the farmer's message about the vet's change", timeout: 45_000 },
      )
      .toBe(1);
    await expect(message).toContainText(
      `Seán Kelly of Glenbeg Veterinary Clinic ${stamp} changed your Cows calendar:`,
    );
    await expect(message).toContainText(
      new RegExp(
        `moved from \\w{3} ${formatShortDay(from)}( \\d{4})? to \\w{3} ${formatShortDay(to)} \\d{4}\\.`,
      ),
    );
    await page.screenshot({ path: testInfo.outputPath("farmer-outbox-375.png"), fullPage: true });

    await practice.context.close();
  });
});
