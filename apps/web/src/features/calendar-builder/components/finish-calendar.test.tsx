import { screen, waitFor, within } from "@testing-library/react";
import {
  accountMessages,
  accountPaths,
  calendarMessages,
  calendarPaths,
  type CheckUserExistsResponse,
  type SubmitCalendarRequest,
  type UserProfile,
} from "@vaxcal/contracts";
import { referenceData } from "@vaxcal/reference-data";
import { http, HttpResponse } from "msw";
import {
  afterEach,
  beforeEach,
  describe,
  expect,
  it,
  onTestFinished,
  vi,
  type MockInstance,
} from "vitest";
import { StorageKey } from "../../../config/storage-keys.ts";
import {
  createSavedCalendarsBackend,
  createSavedCalendarsHandlers,
  failWith500,
  type SavedCalendarsBackend,
} from "../../../testing/mocks/calendar-handlers.ts";
import { server } from "../../../testing/mocks/server.ts";
import { farmerFixture } from "../../../testing/mocks/account-fixtures.ts";
import { createAccountHandlers } from "../../../testing/mocks/account-handlers.ts";
import { readRegistrationPrefill } from "../../../stores/registration-prefill.ts";
import { renderApp } from "../../../testing/render-app.tsx";
import { readToday } from "../lib/calendar-dates.ts";
import { contactMessages } from "../lib/contact-details.ts";
import { resetCalendarDraft } from "../stores/calendar-draft-store.ts";
import {
  applyCalendarFormFields,
  readCalendarForm,
  resetCalendarForm,
} from "../stores/calendar-form-store.ts";
import {
  createFullReferenceHandlers,
  createScopedDiseasesHandler,
} from "../testing/calendar-builder-fixtures.ts";

const notYetAgreed: UserProfile = { ...farmerFixture, terms_version: null };
let backend: SavedCalendarsBackend;
let emailChecks: string[];
let scrollTo: MockInstance<typeof window.scrollTo>;

beforeEach(() => {
  resetCalendarForm();
  resetCalendarDraft();
  backend = createSavedCalendarsBackend();
  emailChecks = [];
  server.use(
    createScopedDiseasesHandler(readToday()),
    ...createFullReferenceHandlers(),
    ...createSavedCalendarsHandlers(backend),
    http.get(accountPaths.checkUserExists, ({ request }) => {
      const email = new URL(request.url).searchParams.get("email") ?? "";
      emailChecks.push(email);
      return HttpResponse.json<CheckUserExistsResponse>({
        userExist: email === "taken@example.ie",
        email,
      });
    }),
  );
  // Most tests here confirm as an account that has not agreed to the current terms yet, so the
  // popup asks for the box (docs/product.md D18); the tests that say so use one that has.
  server.use(...createAccountHandlers(notYetAgreed));
  scrollTo = vi.spyOn(window, "scrollTo");
  // Dairy cows, spring calving, far enough ahead that no shot is in the past.
  applyCalendarFormFields(
    {
      enterpriseID: 1,
      animalID: 1,
      seasonID: 1,
      birthDate: "2031-02-01",
      breedingDate: "2031-04-25",
      diseases: [1],
    },
    referenceData.combinations,
  );
});

afterEach(() => {
  scrollTo.mockRestore();
});

async function renderReview({ isAuthenticated }: { isAuthenticated: boolean }) {
  if (isAuthenticated) window.localStorage.setItem(StorageKey.authToken, "stored-token");
  const view = renderApp("/calendar", { isAuthenticated });
  await screen.findByRole("region", { name: "Vaccination calendar" });
  return view;
}

function findConfirmPopup() {
  return screen.findByRole("dialog", { name: "Confirm your details" });
}

function submittedBodies(): SubmitCalendarRequest[] {
  return backend.calls
    .filter((call) => call.method === "POST" && call.path === calendarPaths.create)
    .map((call) => call.body as SubmitCalendarRequest);
}

describe("Finish calendar (docs/product.md §4 'Finish click' and 'Submission')", () => {
  it("offers a visitor Register first and Login second (docs/decisions/202)", async () => {
    const { user } = await renderReview({ isAuthenticated: false });

    await user.click(screen.getByRole("button", { name: "Finish calendar" }));
    const choice = within(await screen.findByRole("dialog", { name: "Save your calendar" }));

    const buttons = choice
      .getAllByRole("button")
      .filter((button) => button.getAttribute("aria-label") !== "Close")
      .map((button) => button.textContent);
    expect(buttons).toEqual(["Register", "Login"]);
    expect(choice.getByRole("button", { name: "Register" })).toHaveClass("button--primary");
  });

  it("opens registration with the calendar's enterprise and animal offered to the wizard", async () => {
    const { user } = await renderReview({ isAuthenticated: false });

    await user.click(screen.getByRole("button", { name: "Finish calendar" }));
    await user.click(
      within(await screen.findByRole("dialog", { name: "Save your calendar" })).getByRole(
        "button",
        { name: "Register" },
      ),
    );
    expect(await screen.findByRole("dialog", { name: /Register with VaxCal/ })).toBeVisible();
    // The wizard's farm step starts from these (register-modal-body.test.tsx shows it does).
    expect(readRegistrationPrefill()).toEqual({ enterprises: ["Dairy"], animals: ["Cows"] });
  });

  it("asks a visitor to log in, then opens the confirm popup on the same draft", async () => {
    const { user } = await renderReview({ isAuthenticated: false });

    await user.click(screen.getByRole("button", { name: "Finish calendar" }));
    await user.click(
      within(await screen.findByRole("dialog", { name: "Save your calendar" })).getByRole(
        "button",
        { name: "Login" },
      ),
    );
    const login = await screen.findByRole("dialog", { name: "Login" });
    expect(screen.queryByRole("dialog", { name: "Confirm your details" })).toBeNull();
    await user.type(
      await within(login).findByLabelText("Email address or mobile number"),
      "aoife@example.ie",
    );
    await user.type(within(login).getByLabelText("Password"), "Green fields in May");
    await user.click(within(login).getByRole("button", { name: "Login" }));

    const popup = within(await findConfirmPopup());
    // Prefilled from the profile.
    expect(popup.getByLabelText("First name")).toHaveValue("Aoife");
    expect(popup.getByLabelText(/Surname/)).toHaveValue("Byrne");
    expect(popup.getByLabelText("Email address")).toHaveValue("aoife@example.ie");
    expect(popup.getByLabelText(/Mobile number/)).toHaveValue("+353871234567");
    expect(popup.getByRole("checkbox", { name: /I agree to the terms/ })).not.toBeChecked();
    expect(screen.getByRole("button", { name: "Bovilis BVD, 28 March 2031" })).toBeInTheDocument();
  });

  it("forgets the wish to finish when the visitor closes the login modal", async () => {
    const { user } = await renderReview({ isAuthenticated: false });

    await user.click(screen.getByRole("button", { name: "Finish calendar" }));
    await user.click(
      within(await screen.findByRole("dialog", { name: "Save your calendar" })).getByRole(
        "button",
        { name: "Login" },
      ),
    );
    await user.click(
      within(await screen.findByRole("dialog", { name: "Login" })).getByRole("button", {
        name: "Close",
      }),
    );
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    // Logging in later, from the header, does not spring the popup on them.
    await user.click(
      within(screen.getByRole("banner")).getByRole("button", { name: "Login", hidden: true }),
    );
    const login = await screen.findByRole("dialog", { name: "Login" });
    await user.type(
      await within(login).findByLabelText("Email address or mobile number"),
      "aoife@example.ie",
    );
    await user.type(within(login).getByLabelText("Password"), "Green fields in May");
    await user.click(within(login).getByRole("button", { name: "Login" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.getByRole("button", { name: "Finish calendar" })).toBeVisible();
    expect(screen.queryByRole("dialog", { name: "Confirm your details" })).toBeNull();
  });

  it("shows the contact warnings and sends nothing until they are put right", async () => {
    const { user } = await renderReview({ isAuthenticated: true });
    await user.click(screen.getByRole("button", { name: "Finish calendar" }));
    const popup = within(await findConfirmPopup());

    await user.clear(popup.getByLabelText("First name"));
    await user.clear(popup.getByLabelText("Email address"));
    await user.clear(popup.getByLabelText(/Mobile number/));
    await user.click(popup.getByRole("button", { name: "Finish calendar" }));

    expect(await popup.findByText(contactMessages.firstNameRequired)).toBeVisible();
    expect(popup.getByText(contactMessages.emailRequired)).toBeVisible();
    expect(popup.getByText(accountMessages.termsRequired)).toBeVisible();
    expect(popup.getByLabelText("First name")).toHaveAttribute("aria-invalid", "true");

    // docs/product.md D6: a mobile number alone is enough contact.
    await user.type(popup.getByLabelText("First name"), "Aoife");
    await user.type(popup.getByLabelText(/Mobile number/), "087 123 4567");
    await user.click(popup.getByRole("checkbox", { name: /I agree to the terms/ }));
    await user.click(popup.getByRole("button", { name: "Finish calendar" }));

    expect(
      await screen.findByRole("heading", { level: 1, name: "Download your calendar" }),
    ).toBeVisible();
    expect(submittedBodies()).toHaveLength(1);
    expect(submittedBodies()[0]?.contact).toEqual({
      name: "Aoife",
      surname: "Byrne",
      phone_number: "0871234567",
      vet_email_address: null,
      email: null,
      agree_to_terms: true,
    });
  });

  it("sends the vet's e-mail with the calendar, and refuses one that is not an address", async () => {
    const requests: string[] = [];
    const recordRequest = ({ request }: { request: Request }) => {
      requests.push(`${request.method} ${new URL(request.url).pathname}`);
    };
    server.events.on("request:start", recordRequest);
    onTestFinished(() => server.events.removeListener("request:start", recordRequest));
    const { user } = await renderReview({ isAuthenticated: true });
    await user.click(screen.getByRole("button", { name: "Finish calendar" }));
    const popup = within(await findConfirmPopup());
    await user.click(popup.getByRole("checkbox", { name: /I agree to the terms/ }));
    const vetEmail = popup.getByLabelText(/Your vet's email address/);

    await user.type(vetEmail, "the vet in Macroom");
    await user.click(popup.getByRole("button", { name: "Finish calendar" }));
    expect(await popup.findByText(accountMessages.emailInvalid)).toBeVisible();
    expect(vetEmail).toHaveAttribute("aria-invalid", "true");
    expect(submittedBodies()).toHaveLength(0);

    await user.clear(vetEmail);
    await user.type(vetEmail, " Clinic@MacroomVets.example.ie ");
    await user.click(popup.getByRole("button", { name: "Finish calendar" }));

    expect(
      await screen.findByRole("heading", { level: 1, name: "Download your calendar" }),
    ).toBeVisible();
    expect(submittedBodies().map((body) => body.contact)).toEqual([
      {
        name: "Aoife",
        surname: "Byrne",
        phone_number: "+353871234567",
        vet_email_address: "clinic@macroomvets.example.ie",
        email: "aoife@example.ie",
        agree_to_terms: true,
      },
    ]);
    // The popup's details go with the calendar; the profile is not changed from here.
    expect(requests).toContain(`POST ${calendarPaths.create}`);
    expect(requests.filter((request) => request.includes(accountPaths.settings))).toEqual([]);
  });

  it("flags an e-mail another account uses, and checks only an e-mail that is not the user's own", async () => {
    const { user } = await renderReview({ isAuthenticated: true });
    await user.click(screen.getByRole("button", { name: "Finish calendar" }));
    const popup = within(await findConfirmPopup());
    await user.click(popup.getByRole("checkbox", { name: /I agree to the terms/ }));

    await user.clear(popup.getByLabelText("Email address"));
    await user.type(popup.getByLabelText("Email address"), "taken@example.ie");
    await user.click(popup.getByRole("button", { name: "Finish calendar" }));

    expect(await popup.findByText(contactMessages.emailTaken)).toBeVisible();
    expect(popup.getByLabelText("Email address")).toHaveFocus();
    expect(emailChecks).toEqual(["taken@example.ie"]);
    expect(submittedBodies()).toHaveLength(0);

    await user.clear(popup.getByLabelText("Email address"));
    await user.type(popup.getByLabelText("Email address"), "AOIFE@example.ie");
    await user.click(popup.getByRole("button", { name: "Finish calendar" }));

    expect(
      await screen.findByRole("heading", { level: 1, name: "Download your calendar" }),
    ).toBeVisible();
    expect(emailChecks).toEqual(["taken@example.ie"]);
  });

  it("shows 'Generating your calendar...' while saving, scrolls down after 1 s, then the final page", async () => {
    let release: () => void = () => {};
    const isReleased = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.post(calendarPaths.create, async () => {
        await isReleased;
        return undefined;
      }),
    );
    const { user } = await renderReview({ isAuthenticated: true });
    await user.click(screen.getByRole("button", { name: "Finish calendar" }));
    const popup = within(await findConfirmPopup());
    await user.click(popup.getByRole("checkbox", { name: /I agree to the terms/ }));
    await user.click(popup.getByRole("button", { name: "Finish calendar" }));

    const button = await screen.findByRole("button", { name: "Generating your calendar..." });
    expect(button).toBeDisabled();
    expect(screen.queryByRole("dialog")).toBeNull();
    const isScrollDown = (call: unknown[]) => typeof call[0] === "object";
    expect(scrollTo.mock.calls.some(isScrollDown)).toBe(false);
    await waitFor(() => expect(scrollTo.mock.calls.some(isScrollDown)).toBe(true), {
      timeout: 2000,
    });

    release();
    expect(
      await screen.findByRole("heading", { level: 1, name: "Download your calendar" }),
    ).toBeVisible();
    expect(screen.getByText(calendarMessages.submitSucceeded)).toBeVisible();

    const [body] = submittedBodies();
    expect(body?.action).toBe("create");
    expect(body?.calendarId).toBeNull();
    expect(body?.data.setup).toEqual({
      enterprise: { id: 1, name: "Dairy" },
      animal: { id: 1, name: "Cows", isAdult: true },
      season: { id: 1, name: "Spring calving" },
      birthDate: "2031-02-01",
      // Decision 416: left empty in step 1, spring calving's usual 10 weeks are saved.
      birthEndDate: "2031-04-12",
      breedingDate: "2031-04-25",
    });
    expect(body?.data.diseases.map((disease) => disease.id)).toEqual([1]);
    // Decision 405: the column's protocol stamp goes back with the shots it came with.
    expect(body?.data.diseases.map((disease) => disease.protocolStamp)).toEqual(["test-stamp-1"]);
    expect(body?.data.diseases[0]?.shots.map((shot) => shot.date)).toContain("2031-03-28");
    // Saved: the next calendar starts from an empty step 1.
    await waitFor(() => expect(readCalendarForm().enterpriseID).toBeNull());
  });

  it("says the save failed, offers Retry, and Retry saves the same calendar without asking again", async () => {
    server.use(http.post(calendarPaths.create, failWith500, { once: true }));
    const { user } = await renderReview({ isAuthenticated: true });
    await user.click(screen.getByRole("button", { name: "Finish calendar" }));
    const popup = within(await findConfirmPopup());
    await user.click(popup.getByRole("checkbox", { name: /I agree to the terms/ }));
    await user.click(popup.getByRole("button", { name: "Finish calendar" }));

    expect(await screen.findByText(calendarMessages.submitFailed)).toBeVisible();
    const retry = screen.getByRole("button", { name: "Retry" });
    expect(screen.queryByRole("heading", { name: "Download your calendar" })).toBeNull();

    await user.click(retry);
    expect(screen.queryByRole("dialog", { name: "Confirm your details" })).toBeNull();
    expect(
      await screen.findByRole("heading", { level: 1, name: "Download your calendar" }),
    ).toBeVisible();
    expect(submittedBodies()).toHaveLength(1);
    expect(submittedBodies()[0]?.contact).toMatchObject({
      name: "Aoife",
      email: "aoife@example.ie",
      agree_to_terms: true,
    });
  });

  it("shows the final page: the PDF, a new calendar, the feed links and the way to My Calendars", async () => {
    const { user, router } = await renderReview({ isAuthenticated: true });
    await user.click(screen.getByRole("button", { name: "Finish calendar" }));
    const popup = within(await findConfirmPopup());
    await user.click(popup.getByRole("checkbox", { name: /I agree to the terms/ }));
    await user.click(popup.getByRole("button", { name: "Finish calendar" }));

    const main = within(screen.getByRole("main"));
    expect(
      await main.findByRole("heading", { level: 1, name: "Download your calendar" }),
    ).toHaveFocus();
    expect(main.getByText("Cows, Spring calving 2031")).toBeVisible();
    expect(main.getByRole("button", { name: "Download PDF" })).toBeEnabled();
    expect(main.getByRole("link", { name: "Create another calendar" })).toHaveAttribute(
      "href",
      "/beta",
    );
    expect(main.getByRole("link", { name: /Add to Google Calendar/ })).toHaveAttribute(
      "href",
      expect.stringContaining("calendar.google.com"),
    );
    expect(main.getByRole("link", { name: "Add to Apple Calendar" })).toHaveAttribute(
      "href",
      expect.stringMatching(/^webcal:/),
    );
    expect(main.getByRole("link", { name: /Add to Outlook/ })).toBeVisible();
    expect(main.queryByText(/We will take you/)).toBeNull();

    await user.click(main.getByRole("link", { name: "Go to My calendars" }));
    expect(await screen.findByRole("heading", { level: 1, name: "My calendars" })).toBeVisible();
    expect(router.state.location.pathname).toBe("/calendars");
  });

  it("blocks finishing a calendar without diseases (docs/product.md §5)", async () => {
    const { user } = await renderReview({ isAuthenticated: true });
    await user.click(screen.getByRole("button", { name: "Remove BVD" }));
    await user.click(
      within(screen.getByRole("dialog", { name: "Remove disease" })).getByRole("button", {
        name: /Remove|Yes|OK/,
      }),
    );
    await user.click(screen.getByRole("button", { name: "Finish calendar" }));

    expect(screen.getAllByText("No diseases selected yet.").length).toBeGreaterThan(1);
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(submittedBodies()).toHaveLength(0);
  });
});
