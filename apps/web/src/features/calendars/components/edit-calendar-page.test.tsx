import { cleanup, screen, waitFor, within } from "@testing-library/react";
import {
  calendarMessages,
  buildProtocolUpdatePath,
  calendarPaths,
  protocolUpdateMessages,
  referenceLists,
  type CalendarDetail,
  type ProtocolUpdatePreview,
  type SubmitCalendarRequest,
} from "@vaxcal/contracts";
import {
  addDays,
  formatLongDate,
  prepareForSubmit,
  restoreCalendar,
  updateShotDate,
  type CalendarSetup,
} from "@vaxcal/schedule";
import { http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it, vi } from "vitest";
import {
  buildCalendarSummary,
  createSavedCalendarsBackend,
  createSavedCalendarsHandlers,
  failWith500,
  type SavedCalendarsBackend,
} from "../../../testing/mocks/calendar-handlers.ts";
import { allowConsoleErrors } from "../../../testing/console-guard.ts";
import { farmerFixture } from "../../../testing/mocks/account-fixtures.ts";
import { createAccountHandlers } from "../../../testing/mocks/account-handlers.ts";
import { server } from "../../../testing/mocks/server.ts";
import { renderApp } from "../../../testing/render-app.tsx";
import {
  autosaveMessages,
  readCalendarForm,
  readToday,
  resetCalendarDraft,
  resetCalendarForm,
  toVaccineInput,
} from "../../calendar-builder/index.ts";
import {
  computeScopedDiseases,
  createFullReferenceHandlers,
  createScopedDiseasesHandler,
} from "../../calendar-builder/testing/calendar-builder-fixtures.ts";

let backend: SavedCalendarsBackend;
let scopedCalls: string[];

const setup: CalendarSetup = {
  enterprise: { id: 1 },
  animal: { id: 1, isAdult: true },
  birthDate: "2031-02-01",
  breedingDate: "2031-04-25",
};

/** What the farmer confirmed when calendar 7 was saved: not what the profile says. */
const savedContact: CalendarDetail["contact"] = {
  name: "Aoife",
  surname: "Ní Bhroin",
  phone_number: "0861234567",
  vet_email_address: "clinic@macroomvets.example.ie",
  email: "aoife@example.ie",
};

/**
 * Calendar 7 as the server stores it: dairy cows, spring calving, BVD and Leptospirosis, with the
 * farmer's BVD shot moved from 28 March to 20 February 2031.
 */
function buildSavedDetail(
  updatedAt = "2026-11-20T10:15:00.000Z",
  contact: CalendarDetail["contact"] = savedContact,
): CalendarDetail {
  const today = readToday();
  const scoped = computeScopedDiseases(1, setup.birthDate, setup.breedingDate, today).filter(
    (disease) => disease.id === 1 || disease.id === 3,
  );
  const calendar = restoreCalendar({
    setup,
    diseases: scoped.map((disease) => ({
      id: disease.id,
      vaccineId: disease.vaccine?.id ?? null,
      shots: disease.vaccine?.shots ?? [],
    })),
    vaccines: scoped.flatMap((disease) => toVaccineInput(disease) ?? []),
    today,
  });
  const bvd = calendar.diseases[0]?.shots.find((shot) => shot.date === "2031-03-28");
  const moved = updateShotDate(calendar, bvd?.id ?? "", "2031-02-20");
  if (!moved.ok) throw new Error(moved.error.message);
  const prepared = prepareForSubmit(moved.value);
  if (!prepared.ok) throw new Error(prepared.error.message);
  const summary = buildCalendarSummary({ id: 7, updated_at: updatedAt });
  return {
    calendarId: 7,
    setup: {
      enterprise: { id: 1, name: "Dairy" },
      animal: { id: 1, name: "Cows", isAdult: true },
      season: { id: 1, name: "Spring calving" },
      birthDate: setup.birthDate,
      breedingDate: setup.breedingDate,
    },
    diseases: prepared.value.diseases.map((disease) => ({ ...disease, shots: [...disease.shots] })),
    contact,
    year: 2031,
    created_at: summary.created_at,
    updated_at: summary.updated_at,
    previewImageUrl: summary.previewImageUrl,
    downloadUrl: summary.downloadUrl,
    feedUrls: summary.feedUrls,
  };
}

beforeEach(() => {
  resetCalendarForm();
  resetCalendarDraft();
  scopedCalls = [];
  backend = createSavedCalendarsBackend([buildCalendarSummary({ id: 7 })]);
  backend.details.set(7, buildSavedDetail());
  server.use(
    createScopedDiseasesHandler(readToday(), scopedCalls),
    ...createFullReferenceHandlers(),
    ...createSavedCalendarsHandlers(backend),
  );
});

const autosaveText = autosaveMessages;

function listPuts(): unknown[] {
  return backend.calls
    .filter((call) => call.method === "PUT" && call.path === "/api/calendar/7")
    .map((call) => call.body);
}

/** Moves the BVD shot from `from` to `to` in its panel. */
async function moveBvdShot(
  user: Awaited<ReturnType<typeof renderEdit>>["user"],
  to: string,
  from = "2031-02-20",
) {
  const [year, month, day] = from.split("-").map(Number);
  const label = `Bovilis BVD, ${day} ${new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, 1)).toLocaleString("en-GB", { month: "long", timeZone: "UTC" })} ${year}`;
  await user.click(screen.getByRole("button", { name: label }));
  const panel = within(screen.getByRole("dialog", { name: "Bovilis BVD" }));
  await user.clear(panel.getByLabelText("Date of this shot"));
  await user.type(panel.getByLabelText("Date of this shot"), to);
  await user.click(panel.getByRole("button", { name: "Confirm" }));
}

/** Moves a shot, finds the bar asking for the details before any save, and opens the popup. */
async function moveAndOpenDetails(user: Awaited<ReturnType<typeof renderEdit>>["user"]) {
  await moveBvdShot(user, "2031-02-10");
  expect(await screen.findByText(autosaveText.needsDetails)).toBeVisible();
  expect(listPuts()).toHaveLength(0);
  await user.click(screen.getByRole("button", { name: "Confirm your details" }));
  return within(await screen.findByRole("dialog", { name: "Confirm your details" }));
}

async function renderEdit() {
  const view = renderApp("/calendar/7", { isAuthenticated: true });
  await screen.findByRole("region", { name: "Vaccination calendar" });
  return view;
}

// Each journey edits and waits for its save: more than the default 5 s on a loaded machine.
describe(
  "edit mode at /calendar/{id} (docs/product.md §2 CalendarDetail, §4 'Opening a saved calendar')",
  { timeout: 20_000 },
  () => {
    it("opens the saved calendar in step 2, with its own shots and no save button (decision 424)", async () => {
      await renderEdit();

      expect(screen.getByRole("heading", { level: 1, name: "Review your calendar" })).toBeVisible();
      expect(screen.getByText("Editing a saved calendar")).toBeVisible();
      expect(screen.getByRole("button", { name: "Bovilis BVD, 20 February 2031" })).toBeVisible();
      expect(
        screen.getByRole("button", { name: "Bovilis BVD, 20 February 2032, repeats every year" }),
      ).toBeVisible();
      expect(screen.queryByRole("button", { name: "Bovilis BVD, 28 March 2031" })).toBeNull();
      // Decision 424: edits save themselves; the bar says so, and there is nothing to press.
      expect(screen.getByText(autosaveText.unchanged)).toBeVisible();
      expect(screen.queryByRole("button", { name: "Update calendar" })).toBeNull();
      expect(screen.queryByRole("button", { name: "Finish calendar" })).toBeNull();
      // The draft is the saved calendar now, with its id, so a reload stays in edit mode.
      expect(readCalendarForm()).toMatchObject({
        id: 7,
        enterpriseID: 1,
        animalID: 1,
        diseases: [1, 3],
      });
    });

    it("restores when the youngest was born, as saved (decision 422)", async () => {
      const detail = buildSavedDetail();
      backend.details.set(7, {
        ...detail,
        setup: { ...detail.setup, youngestBirthDate: "2026-06-01" },
      });
      await renderEdit();
      expect(readCalendarForm().youngestBirthDate).toBe("2026-06-01");
    });

    it("saves a moved shot by itself, with the last confirmed details and its version, asking nothing", async () => {
      const { user } = await renderEdit();
      await moveBvdShot(user, "2031-02-10");

      expect(screen.getByText(autosaveText.saving)).toBeVisible();
      expect(await screen.findByText(autosaveText.saved)).toBeVisible();
      expect(screen.queryByRole("dialog", { name: "Confirm your details" })).toBeNull();
      // The farmer stays on the calendar.
      expect(screen.getByRole("heading", { level: 1, name: "Review your calendar" })).toBeVisible();
      const puts = listPuts();
      expect(puts).toHaveLength(1);
      const body = puts[0] as SubmitCalendarRequest;
      expect(body.action).toBe("update");
      expect(body.calendarId).toBe(7);
      expect(body.updated_at).toBe("2026-11-20T10:15:00.000Z");
      expect(body.data.diseases.map((disease) => disease.id)).toEqual([1, 3]);
      const bvdDates = body.data.diseases[0]?.shots.map((shot) => shot.date);
      expect(bvdDates).toContain("2031-02-10");
      expect(bvdDates).not.toContain("2031-02-20");
      // What was confirmed at the last save, not the profile (Byrne, +353…), and no terms again.
      expect(body.contact).toEqual({
        name: "Aoife",
        surname: "Ní Bhroin",
        phone_number: "0861234567",
        vet_email_address: "clinic@macroomvets.example.ie",
        email: "aoife@example.ie",
      });
      expect(backend.calls.some((call) => call.method === "POST")).toBe(false);

      // The next edit goes on the version the server answered.
      await moveBvdShot(user, "2031-02-05", "2031-02-10");
      await waitFor(() => expect(listPuts()).toHaveLength(2));
      expect((listPuts()[1] as SubmitCalendarRequest).updated_at).toBe("2026-11-20T10:16:00.000Z");
      expect(await screen.findByText(autosaveText.saved)).toBeVisible();
    });

    it("takes the last edit back on Undo and saves again", async () => {
      const { user } = await renderEdit();
      await moveBvdShot(user, "2031-02-10");
      await screen.findByText(autosaveText.saved);

      await user.click(screen.getByRole("button", { name: "Undo" }));
      expect(
        await screen.findByRole("button", { name: "Bovilis BVD, 20 February 2031" }),
      ).toBeVisible();
      await waitFor(() => expect(listPuts()).toHaveLength(2));
      const bvdDates = (listPuts()[1] as SubmitCalendarRequest).data.diseases[0]?.shots.map(
        (shot) => shot.date,
      );
      expect(bvdDates).toContain("2031-02-20");
      expect(bvdDates).not.toContain("2031-02-10");
      expect(await screen.findByText(autosaveText.saved)).toBeVisible();
      expect(screen.queryByRole("button", { name: "Undo" })).toBeNull();
    });

    it("undoes a removed disease: the column and its shots come back, and are saved", async () => {
      const { user } = await renderEdit();
      const removeButtons = screen.getAllByRole("button", { name: /^Remove/ });
      await user.click(removeButtons[1] as HTMLElement);
      const popup = within(await screen.findByRole("dialog", { name: "Remove disease" }));
      await user.click(popup.getByRole("button", { name: /Remove|Confirm|OK|Yes/ }));
      await waitFor(() => expect(listPuts()).toHaveLength(1));
      expect((listPuts()[0] as SubmitCalendarRequest).data.diseases.map((d) => d.id)).toEqual([1]);
      await screen.findByText(autosaveText.saved);

      await user.click(screen.getByRole("button", { name: "Undo" }));
      await waitFor(() => expect(listPuts()).toHaveLength(2));
      expect((listPuts()[1] as SubmitCalendarRequest).data.diseases.map((d) => d.id)).toEqual([
        1, 3,
      ]);
      expect(readCalendarForm().diseases).toEqual([1, 3]);
    });

    it("waits with a plain message while offline, asks before leaving, and saves when the signal is back", async () => {
      const onLine = vi.spyOn(window.navigator, "onLine", "get").mockReturnValue(false);
      try {
        const { user } = await renderEdit();
        await moveBvdShot(user, "2031-02-10");
        expect(await screen.findByText(autosaveText.offline)).toBeVisible();
        expect(listPuts()).toHaveLength(0);
        const leaving = new Event("beforeunload", { cancelable: true });
        window.dispatchEvent(leaving);
        expect(leaving.defaultPrevented).toBe(true);

        onLine.mockReturnValue(true);
        window.dispatchEvent(new Event("online"));
        expect(await screen.findByText(autosaveText.saved)).toBeVisible();
        expect(listPuts()).toHaveLength(1);
        await waitFor(() => {
          const left = new Event("beforeunload", { cancelable: true });
          window.dispatchEvent(left);
          expect(left.defaultPrevented).toBe(false);
        });
      } finally {
        onLine.mockRestore();
      }
    });

    it("waits when the call itself fails for want of signal", async () => {
      server.use(http.put(calendarPaths.update, () => HttpResponse.error(), { once: true }));
      const { user } = await renderEdit();
      await moveBvdShot(user, "2031-02-10");
      expect(await screen.findByText(autosaveText.offline)).toBeVisible();

      window.dispatchEvent(new Event("online"));
      expect(await screen.findByText(autosaveText.saved)).toBeVisible();
    });

    it("sends an edit left unsaved offline at the next opening", async () => {
      const onLine = vi.spyOn(window.navigator, "onLine", "get").mockReturnValue(false);
      const first = await renderEdit();
      await moveBvdShot(first.user, "2031-02-10");
      await screen.findByText(autosaveText.offline);
      first.unmount();
      onLine.mockRestore();

      await renderEdit();
      expect(screen.getByRole("button", { name: "Bovilis BVD, 10 February 2031" })).toBeVisible();
      expect(await screen.findByText(autosaveText.saved)).toBeVisible();
      const bvdDates = (listPuts()[0] as SubmitCalendarRequest).data.diseases[0]?.shots.map(
        (shot) => shot.date,
      );
      expect(bvdDates).toContain("2031-02-10");
    });

    it("says when the save failed, with Try again", async () => {
      server.use(http.put(calendarPaths.update, failWith500, { once: true }));
      const { user } = await renderEdit();
      await moveBvdShot(user, "2031-02-10");
      expect(await screen.findByText(autosaveText.failed)).toBeVisible();

      await user.click(screen.getByRole("button", { name: "Try again" }));
      expect(await screen.findByText(autosaveText.saved)).toBeVisible();
      expect(listPuts()).toHaveLength(1);
    });

    it("overwrites nothing saved elsewhere since it was opened, and opens the latest on request", async () => {
      const { user } = await renderEdit();
      // Another tab (or the farm's vet) saves first.
      backend.details.set(7, buildSavedDetail("2026-11-21T08:00:00.000Z"));
      await moveBvdShot(user, "2031-02-10");
      expect(await screen.findByText(calendarMessages.savedElsewhere)).toBeVisible();
      expect(screen.queryByRole("button", { name: "Undo" })).toBeNull();

      await user.click(screen.getByRole("button", { name: "Load the latest version" }));
      expect(
        await screen.findByRole("button", { name: "Bovilis BVD, 20 February 2031" }),
      ).toBeVisible();
      expect(screen.getByText(autosaveText.unchanged)).toBeVisible();
    });

    it("shows a saved calendar's past shots as past and never asks about them, at any opening", async () => {
      // The farmer moved the BVD shot to a date that has since gone by.
      const past = addDays(readToday(), -45);
      const detail = buildSavedDetail();
      backend.details.set(7, {
        ...detail,
        diseases: detail.diseases.map((disease) => ({
          ...disease,
          shots: disease.shots.map((shot) =>
            shot.date === "2031-02-20" ? { ...shot, date: past } : shot,
          ),
        })),
      });

      for (let opening = 1; opening <= 2; opening++) {
        const { user, unmount } = await renderEdit();
        expect(screen.queryByRole("dialog", { name: "Shots in the past" })).toBeNull();
        await user.click(screen.getByText("Past shots (1)"));
        expect(
          screen.getByRole("button", {
            name: `Bovilis BVD, ${formatLongDate(past)}, BVD, past`,
          }),
        ).toBeVisible();
        unmount();
      }
    });

    it("asks once for the details of a calendar saved without them, prefilled from the profile, then saves", async () => {
      backend.details.set(7, buildSavedDetail(undefined, null));
      const { user } = await renderEdit();
      const popup = await moveAndOpenDetails(user);
      expect(popup.getByLabelText("First name")).toHaveValue("Aoife");
      expect(popup.getByLabelText(/Surname/)).toHaveValue("Byrne");
      expect(popup.getByLabelText(/Mobile number/)).toHaveValue("+353871234567");
      expect(popup.getByLabelText(/Your vet's email address/)).toHaveValue("");
      await user.click(popup.getByRole("button", { name: "Save changes" }));
      expect(await screen.findByText(autosaveText.saved)).toBeVisible();

      // The next edit asks nothing.
      await moveBvdShot(user, "2031-02-05", "2031-02-10");
      await waitFor(() => expect(listPuts()).toHaveLength(2));
      expect((listPuts()[1] as SubmitCalendarRequest).contact?.name).toBe("Aoife");
      expect(screen.queryByRole("dialog", { name: "Confirm your details" })).toBeNull();
    });

    it("asks for the terms once, before any save, when the account has not agreed to the current ones", async () => {
      server.use(...createAccountHandlers({ ...farmerFixture, terms_version: null }));
      const { user } = await renderEdit();
      const popup = await moveAndOpenDetails(user);
      await user.click(popup.getByRole("checkbox", { name: /I agree to the terms/ }));
      await user.click(popup.getByRole("button", { name: "Save changes" }));
      expect(await screen.findByText(autosaveText.saved)).toBeVisible();
      expect((listPuts()[0] as SubmitCalendarRequest).contact?.agree_to_terms).toBe(true);

      await moveBvdShot(user, "2031-02-05", "2031-02-10");
      await waitFor(() => expect(listPuts()).toHaveLength(2));
      expect((listPuts()[1] as SubmitCalendarRequest).contact).not.toHaveProperty("agree_to_terms");
      expect(await screen.findByText(autosaveText.saved)).toBeVisible();
    });

    it("names the farm for a vet of the linked practice, and saves the vet's edit without asking for details or terms (decision 425)", async () => {
      // A vet who has not agreed to the current terms, on a calendar saved before details were kept.
      server.use(...createAccountHandlers({ ...farmerFixture, terms_version: null }));
      backend.details.set(7, {
        ...buildSavedDetail("2026-11-20T10:15:00.000Z", null),
        feedUrls: undefined,
        owner: { name: "Aoife Ní Bhroin", farm_name: "Hill Farm" },
      });
      const { user } = await renderEdit();
      expect(screen.getByText("Editing for Aoife Ní Bhroin, Hill Farm")).toBeVisible();

      await moveBvdShot(user, "2031-02-10");
      expect(await screen.findByText(autosaveText.saved)).toBeVisible();
      expect(screen.queryByRole("dialog", { name: "Confirm your details" })).toBeNull();
      expect(screen.queryByRole("button", { name: "Confirm your details" })).toBeNull();
      expect(screen.queryByRole("checkbox", { name: /I agree to the terms/ })).toBeNull();
      const puts = listPuts();
      expect(puts).toHaveLength(1);
      expect(puts[0]).not.toHaveProperty("contact");
    });

    it("names no one to the farmer on their own calendar", async () => {
      await renderEdit();
      expect(screen.queryByText(/^Editing for /)).toBeNull();
    });

    it("keeps the edits across a reload once saved", async () => {
      const first = await renderEdit();
      await moveBvdShot(first.user, "2031-02-10");
      first.unmount();

      await renderEdit();
      expect(screen.getByRole("button", { name: "Bovilis BVD, 10 February 2031" })).toBeVisible();
      expect(scopedCalls).toHaveLength(1);
    });

    it("opens the saved version when it changed since the draft was made", async () => {
      const first = await renderEdit();
      await moveBvdShot(first.user, "2031-02-10");
      first.unmount();

      backend.details.set(7, buildSavedDetail("2026-11-21T08:00:00.000Z"));
      await renderEdit();
      expect(screen.getByRole("button", { name: "Bovilis BVD, 20 February 2031" })).toBeVisible();
    });

    it("goes to the error route with 'Failed to load calendar detail' when the calendar cannot be loaded", async () => {
      server.use(http.get(calendarPaths.detail, failWith500));
      renderApp("/calendar/7", { isAuthenticated: true });

      expect(
        await screen.findByRole("heading", { level: 1, name: calendarMessages.detailFailed }),
      ).toBeVisible();
    });

    it.each(["/calendar/99", "/calendar/abc", "/calendar/0"])(
      "says %s (not there, not this account's, or no calendar's address) was not found, not the signal",
      async (path) => {
        const { router } = renderApp(path, { isAuthenticated: true });

        expect(
          await screen.findByRole("heading", { level: 1, name: calendarMessages.notFound }),
        ).toBeVisible();
        expect(screen.queryByText(/signal/)).toBeNull();
        expect(screen.getByRole("link", { name: "Go to My calendars" })).toHaveAttribute(
          "href",
          "/calendars",
        );
        expect(router.state.location.pathname).toBe(path);
      },
    );

    it("sends a visitor to PublicHome", async () => {
      const { router } = renderApp("/calendar/7");
      await screen.findByRole("heading", { level: 1, name: /planned/ });
      await waitFor(() => expect(router.state.location.pathname).toBe("/"));
      expect(backend.calls).toEqual([]);
    });
  },
);

describe("a saved calendar whose vaccine schedule changed (decision 405)", () => {
  const waiting: ProtocolUpdatePreview = {
    token: "token-1",
    changes: [
      {
        kind: "moved",
        diseaseId: 1,
        diseaseName: "BVD",
        shotId: "1-2",
        name: "Bovilis BVD",
        before: { date: "2031-03-28", is_recurrent: 1 },
        after: { date: "2031-04-04", is_recurrent: 1 },
        reason: null,
      },
      {
        kind: "kept",
        diseaseId: 3,
        diseaseName: "Leptospirosis",
        shotId: "3-1",
        name: "Leptavoid-H",
        before: { date: "2031-03-14", is_recurrent: 1 },
        after: { date: "2031-03-14", is_recurrent: 1 },
        reason: "given",
      },
    ],
  };

  it("shows nothing while the calendar follows the current schedule", async () => {
    await renderEdit();
    await waitFor(() => expect(backend.calls.length).toBeGreaterThan(0));
    expect(screen.queryByRole("region", { name: /vaccine schedule has changed/ })).toBeNull();
  });

  it("says so, shows the difference in farm words first, and updates on confirm", async () => {
    backend.protocolUpdates.set(7, waiting);
    const { user } = await renderEdit();
    const notice = await screen.findByRole("region", { name: /vaccine schedule has changed/ });
    expect(notice).toHaveTextContent(protocolUpdateMessages.noticeBody);
    await user.click(within(notice).getByRole("button", { name: "Update my calendar" }));

    const dialog = within(await screen.findByRole("dialog", { name: "Update my calendar" }));
    expect(dialog.getByText(/From 28 March 2031 to 4 April 2031/)).toBeVisible();
    expect(dialog.getByText("Moves")).toBeVisible();
    expect(dialog.getByText(/Already marked as given, so it stays/)).toBeVisible();
    // Nothing is written before the farmer confirms.
    expect(backend.calls.filter((call) => call.method === "POST")).toEqual([]);

    await user.click(dialog.getByRole("button", { name: "Update my calendar" }));
    expect(await screen.findByText(protocolUpdateMessages.updated)).toBeVisible();
    expect(backend.calls.filter((call) => call.method === "POST")).toEqual([
      { method: "POST", path: "/api/calendars/7/protocol-update", body: { token: "token-1" } },
    ]);
    await waitFor(() =>
      expect(screen.queryByRole("region", { name: /vaccine schedule has changed/ })).toBeNull(),
    );
  });

  it("shows a disease's new default vaccine in farm words, with its shots and those that stay", async () => {
    backend.protocolUpdates.set(7, {
      token: "token-3",
      changes: [
        {
          kind: "product",
          diseaseId: 1,
          diseaseName: "BVD",
          shotId: "vaccine-1",
          name: "Bovela",
          before: null,
          after: null,
          reason: null,
          product: { before: "Bovilis BVD", after: "Bovela" },
        },
        {
          kind: "kept",
          diseaseId: 1,
          diseaseName: "BVD",
          shotId: "1-2",
          name: "Bovilis BVD",
          before: { date: "2031-03-28", is_recurrent: 1 },
          after: { date: "2031-03-28", is_recurrent: 1 },
          reason: "given",
        },
        {
          kind: "added",
          diseaseId: 1,
          diseaseName: "BVD",
          shotId: "1-50",
          name: "Bovela",
          before: null,
          after: { date: "2031-04-11", is_recurrent: 1 },
          reason: null,
        },
      ],
    });
    const { user } = await renderEdit();
    const notice = await screen.findByRole("region", { name: /vaccine schedule has changed/ });
    await user.click(within(notice).getByRole("button", { name: "Update my calendar" }));

    const dialog = within(await screen.findByRole("dialog", { name: "Update my calendar" }));
    expect(dialog.getByText("New vaccine")).toBeVisible();
    expect(
      dialog.getByText(/The recommended vaccine is now Bovela instead of Bovilis BVD\./),
    ).toBeVisible();
    expect(dialog.getByText(/11 April 2031, every year\./)).toBeVisible();
    expect(dialog.getByText(/Already marked as given, so it stays/)).toBeVisible();
    await user.click(dialog.getByRole("button", { name: "Update my calendar" }));
    expect(await screen.findByText(protocolUpdateMessages.updated)).toBeVisible();
  });

  it("keeps the column's own vaccine while a new default product waits to be accepted", async () => {
    // An admin made Bovilis IBR Marker Live BVD's default for cows since calendar 7 was saved.
    server.use(
      http.get(referenceLists.diseases.path, ({ request }) => {
        if (!new URL(request.url).searchParams.has("seasonComboId")) return undefined;
        const scoped = computeScopedDiseases(1, setup.birthDate, setup.breedingDate, readToday());
        const ibr = scoped.find((disease) => disease.id === 2)?.vaccine;
        return HttpResponse.json(
          scoped.map((disease) =>
            disease.id === 1 && ibr ? { ...disease, vaccine: { ...ibr, shots: [] } } : disease,
          ),
        );
      }),
    );
    const { user } = await renderEdit();
    // The saved BVD shot still shows as Bovilis BVD, on its saved date.
    expect(screen.getByRole("button", { name: "Bovilis BVD, 20 February 2031" })).toBeVisible();
    await moveBvdShot(user, "2031-02-10");
    await screen.findByText(autosaveText.saved);
    const body = listPuts()[0] as SubmitCalendarRequest;
    expect(body.data.diseases.map((disease) => [disease.id, disease.vaccineId])).toEqual([
      [1, 1],
      [3, 10],
    ]);
  });

  it(
    "keeps the calendar as it is on 'Keep it as it is', and the notice goes (issue 25 item 8)",
    { timeout: 20_000 },
    async () => {
      backend.protocolUpdates.set(7, waiting);
      const { user } = await renderEdit();
      const notice = await screen.findByRole("region", { name: /vaccine schedule has changed/ });
      await user.click(within(notice).getByRole("button", { name: "Update my calendar" }));
      const dialog = within(await screen.findByRole("dialog", { name: "Update my calendar" }));
      await user.click(dialog.getByRole("button", { name: "Keep it as it is" }));
      expect(screen.queryByRole("dialog", { name: "Update my calendar" })).toBeNull();
      expect(backend.calls.filter((call) => call.method === "POST")).toEqual([]);
      expect(screen.queryByRole("region", { name: /vaccine schedule has changed/ })).toBeNull();

      // Opened again, the same change is not offered again; a different one is.
      cleanup();
      const previewAnswered = new Promise<void>((resolve) => {
        server.events.on("response:mocked", ({ request }) => {
          if (new URL(request.url).pathname === buildProtocolUpdatePath(7)) resolve();
        });
      });
      await renderEdit();
      await previewAnswered;
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(screen.queryByRole("region", { name: /vaccine schedule has changed/ })).toBeNull();
      cleanup();
      const later = waiting.changes.map((change) => ({
        ...change,
        after: { date: "2031-04-11", is_recurrent: 1 },
      }));
      backend.protocolUpdates.set(7, { token: "token-2", changes: later });
      await renderEdit();
      expect(
        await screen.findByRole("region", { name: /vaccine schedule has changed/ }),
      ).toBeVisible();
    },
  );

  it("opens the difference at once when My Calendars' link asks for it", async () => {
    backend.protocolUpdates.set(7, waiting);
    renderApp("/calendar/7?update=1", { isAuthenticated: true });
    expect(await screen.findByRole("dialog", { name: "Update my calendar" })).toBeVisible();
  });

  it("says so when the schedule changed again meanwhile, and applies nothing", async () => {
    backend.protocolUpdates.set(7, waiting);
    const { user } = await renderEdit();
    const notice = await screen.findByRole("region", { name: /vaccine schedule has changed/ });
    await user.click(within(notice).getByRole("button", { name: "Update my calendar" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Update my calendar" }));
    backend.protocolUpdates.set(7, { ...waiting, token: "token-2" });
    await user.click(dialog.getByRole("button", { name: "Update my calendar" }));
    expect(await screen.findByText(protocolUpdateMessages.changedMeanwhile)).toBeVisible();
    expect(backend.protocolUpdates.get(7)?.token).toBe("token-2");
  });

  it("says when the check failed, with a way to try again", async () => {
    allowConsoleErrors();
    server.use(http.get("/api/calendars/:id/protocol-update", failWith500));
    await renderEdit();
    expect(await screen.findByText(protocolUpdateMessages.loadFailed)).toBeVisible();
    expect(screen.getByRole("button", { name: "Try again" })).toBeVisible();
  });
});

describe("a saved calendar checked with the owner's other calendars (decision 420)", () => {
  const message =
    "About 15 months between Covexin 10 (booster) on 27 September 2027 (Weanlings, Spring calving 2027) and Covexin 10 on 28 December 2028 (Replacement Heifers, Spring calving 2029): longer than the 12 months Covexin 10 protects for. Add a booster within 12 months of the first, or talk to your vet.";

  it("shows each warning in farm words, with a link to the other calendar", async () => {
    backend.details.set(7, {
      ...buildSavedDetail(),
      farmTimelineWarnings: [{ rule: "boosterGap", otherCalendarId: 12, message }],
    });
    await renderEdit();
    const notice = await screen.findByRole("region", {
      name: /other calendars for the same animals/,
    });
    expect(within(notice).getByText(message)).toBeVisible();
    expect(within(notice).getByRole("link", { name: "Open the other calendar" })).toHaveAttribute(
      "href",
      "/calendar/12",
    );
  });

  it("shows nothing when there is no warning", async () => {
    backend.details.set(7, { ...buildSavedDetail(), farmTimelineWarnings: [] });
    await renderEdit();
    expect(
      screen.queryByRole("region", { name: /other calendars for the same animals/ }),
    ).toBeNull();
  });
});

describe("the saved calendar's PDF (issue 25, item 7)", () => {
  it("offers the PDF with its length, 12 months unless changed, 24 or 36", async () => {
    await renderEdit();
    const months = screen.getByRole("combobox", { name: "PDF covers" });
    expect(months).toHaveValue("12");
    expect(
      within(months)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["12 months", "24 months", "36 months"]);
    expect(screen.getByRole("button", { name: "Download PDF" })).toBeVisible();
  });
});
