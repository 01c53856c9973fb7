import { screen, waitFor, within } from "@testing-library/react";
import { calendarMessages, calendarPaths, protocolUpdateMessages } from "@vaxcal/contracts";
import { http } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { allowConsoleErrors } from "../../../testing/console-guard.ts";
import {
  buildCalendarSummary,
  buildFeedUrls,
  createSavedCalendarsBackend,
  createSavedCalendarsHandlers,
  failWith500,
  previewSvg,
  type SavedCalendarsBackend,
} from "../../../testing/mocks/calendar-handlers.ts";
import { server } from "../../../testing/mocks/server.ts";
import { renderApp } from "../../../testing/render-app.tsx";
import { calendarsTexts } from "../calendars-messages.ts";

let backend: SavedCalendarsBackend;
/** The file names the page handed to the browser's download. */
let savedFiles: { name: string; href: string }[];
let anchorClick: MockInstance<HTMLAnchorElement["click"]>;

beforeEach(() => {
  backend = createSavedCalendarsBackend();
  server.use(...createSavedCalendarsHandlers(backend));
  savedFiles = [];
  // jsdom has no object URLs and does not follow links; record what the page asked for instead.
  URL.createObjectURL = () => "blob:pdf";
  URL.revokeObjectURL = () => {};
  anchorClick = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    savedFiles.push({ name: this.download, href: this.href });
  });
});

afterEach(() => {
  anchorClick.mockRestore();
});

const springCowsFeedUrls = buildFeedUrls("token-12");
const springCows = buildCalendarSummary({ id: 12, feedUrls: springCowsFeedUrls });
const ewes = buildCalendarSummary({
  id: 9,
  enterprise: "Sheep",
  animal: "Ewes",
  season: "Mid-season lambing",
  year: 2027,
  birth_date: "2027-03-01",
  breeding_date: "2026-10-05",
  diseases: "Clostridial diseases, Toxoplasmosis",
  created_at: "2026-10-01T08:00:00.000Z",
  updated_at: "2026-10-03T08:00:00.000Z",
});

async function renderMyCalendars() {
  const view = renderApp("/calendars", { isAuthenticated: true });
  await screen.findByRole("heading", { level: 1, name: "My calendars" });
  return view;
}

function findCard(name: string) {
  return screen.getByRole("article", { name });
}

describe("My Calendars (docs/product.md §2)", () => {
  it("sends a visitor to PublicHome", async () => {
    window.localStorage.clear();
    const { router } = renderApp("/calendars");
    await screen.findByRole("heading", { level: 1, name: /planned/ });
    expect(router.state.location.pathname).toBe("/");
  });

  it("shows the banner and, with no calendars, the notice with its create button", async () => {
    await renderMyCalendars();

    expect(await screen.findByText(calendarsTexts.emptyList)).toBeVisible();
    expect(screen.getByRole("link", { name: "Create your first calendar" })).toHaveAttribute(
      "href",
      "/beta",
    );
    expect(screen.getByRole("link", { name: "Create new calendar" })).toHaveAttribute(
      "href",
      "/beta",
    );
  });

  it("lists each calendar as a card; the newest is open with its details and preview", async () => {
    backend.calendars = [springCows, ewes];
    const { user } = await renderMyCalendars();

    const first = await screen.findByRole("article", { name: "Cows, Spring calving 2031" });
    const toggle = within(first).getByRole("button", { name: /^Cows, Spring calving 2031/ });
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    for (const text of ["Dairy", "1 February 2031", "25 April 2031", "BVD, Leptospirosis"]) {
      expect(within(first).getAllByText(text).length).toBeGreaterThan(0);
    }
    expect(within(first).getByText("Calving date")).toBeVisible();
    const preview = await within(first).findByRole("img", { name: /Preview of Cows/ });
    expect(decodeURIComponent(preview.getAttribute("src") ?? "")).toContain(previewSvg);
    expect(within(first).getByRole("link", { name: /Open and edit/ })).toHaveAttribute(
      "href",
      "/calendar/12",
    );
    expect(within(first).getByRole("link", { name: /Add to Google Calendar/ })).toHaveAttribute(
      "href",
      springCowsFeedUrls.google,
    );
    expect(within(first).getByRole("link", { name: "Add to Apple Calendar" })).toHaveAttribute(
      "href",
      springCowsFeedUrls.webcal,
    );
    expect(within(first).getByLabelText("Link for other calendar apps")).toHaveValue(
      springCowsFeedUrls.https,
    );

    // The older card is closed, and its preview is not fetched until it is opened.
    const second = findCard("Ewes, Mid-season lambing 2027");
    const secondToggle = within(second).getByRole("button", { name: /^Ewes/ });
    expect(secondToggle).toHaveAttribute("aria-expanded", "false");
    expect(within(second).queryByRole("img")).toBeNull();
    expect(backend.calls.some((call) => call.path === "/api/calendars/9/preview.svg")).toBe(false);

    secondToggle.focus();
    await user.keyboard("{Enter}");
    expect(secondToggle).toHaveAttribute("aria-expanded", "true");
    expect(await within(second).findByRole("img", { name: /Preview of Ewes/ })).toBeVisible();
    expect(within(second).getByText("Lambing date")).toBeVisible();
    expect(within(second).getByText("Last changed")).toBeVisible();
  });

  it("asks before deleting, keeps the calendar on Cancel and removes it on Delete", async () => {
    backend.calendars = [springCows, ewes];
    const { user } = await renderMyCalendars();
    const card = await screen.findByRole("article", { name: "Cows, Spring calving 2031" });

    await user.click(within(card).getByRole("button", { name: /^Delete/ }));
    let dialog = screen.getByRole("dialog", { name: "Delete calendar" });
    expect(within(dialog).getByText(calendarMessages.deleteConfirm)).toBeVisible();
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(backend.calls.some((call) => call.method === "DELETE")).toBe(false);

    await user.click(within(card).getByRole("button", { name: /^Delete/ }));
    dialog = screen.getByRole("dialog", { name: "Delete calendar" });
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));

    await waitFor(() => expect(screen.queryByRole("article", { name: /Cows/ })).toBeNull());
    expect(findCard("Ewes, Mid-season lambing 2027")).toBeVisible();
    expect(screen.getByText(calendarsTexts.deleted)).toBeVisible();
    expect(backend.calls.filter((call) => call.method === "DELETE")).toEqual([
      { method: "DELETE", path: "/api/calendars/12", body: undefined },
    ]);
    // Removed from the list held, with no second list call.
    expect(backend.calls.filter((call) => call.path === calendarPaths.list)).toHaveLength(1);
  });

  it("says a delete failed and keeps the calendar", async () => {
    allowConsoleErrors();
    backend.calendars = [springCows];
    server.use(http.delete(calendarPaths.remove, failWith500));
    const { user } = await renderMyCalendars();
    const card = await screen.findByRole("article", { name: "Cows, Spring calving 2031" });

    await user.click(within(card).getByRole("button", { name: /^Delete/ }));
    await user.click(
      within(screen.getByRole("dialog", { name: "Delete calendar" })).getByRole("button", {
        name: "Delete",
      }),
    );

    expect(await screen.findByText(calendarsTexts.deleteFailed)).toBeVisible();
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(findCard("Cows, Spring calving 2031")).toBeVisible();
  });

  it("downloads the PDF as calendar-{id}.pdf, and says so when it fails", async () => {
    backend.calendars = [springCows];
    const { user } = await renderMyCalendars();
    const card = await screen.findByRole("article", { name: "Cows, Spring calving 2031" });

    await user.click(within(card).getByRole("button", { name: "Download calendar" }));
    await waitFor(() =>
      expect(savedFiles).toEqual([{ name: "calendar-12.pdf", href: "blob:pdf" }]),
    );
    expect(backend.calls.some((call) => call.path === "/api/calendars/12/download")).toBe(true);

    allowConsoleErrors();
    server.use(http.get(calendarPaths.download, failWith500));
    await user.click(within(card).getByRole("button", { name: "Download calendar" }));
    expect(await screen.findByText(calendarsTexts.downloadFailed)).toBeVisible();
    expect(savedFiles).toHaveLength(1);
  });

  it("makes new feed links after asking, and shows them", async () => {
    backend.calendars = [springCows];
    const { user } = await renderMyCalendars();
    const card = await screen.findByRole("article", { name: "Cows, Spring calving 2031" });

    await user.click(within(card).getByRole("button", { name: "Regenerate link" }));
    const dialog = screen.getByRole("dialog", { name: "Regenerate link" });
    await user.click(within(dialog).getByRole("button", { name: "Make new links" }));

    expect(await screen.findByText(calendarMessages.feedRegenerated)).toBeVisible();
    expect(within(card).getByLabelText("Link for other calendar apps")).toHaveValue(
      "http://localhost/api/calendars/feed/fresh-12.ics",
    );
  });

  it("shows 'Failed to load user calendars' when the list fails, and loads it on Try again", async () => {
    server.use(http.get(calendarPaths.list, failWith500, { once: true }));
    backend.calendars = [springCows];
    const { user } = await renderMyCalendars();

    expect(await screen.findByText(calendarMessages.listFailed)).toBeVisible();
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("article", { name: "Cows, Spring calving 2031" })).toBeVisible();
    expect(screen.queryByText(calendarMessages.listFailed)).toBeNull();
  });

  it("shows 20 calendars, then the rest on 'Show more calendars' by keyboard, focusing the first new one", async () => {
    backend.calendars = Array.from({ length: 45 }, (_, index) =>
      buildCalendarSummary({ id: 100 - index }),
    );
    const { user } = await renderMyCalendars();

    await waitFor(() => expect(screen.getAllByRole("article")).toHaveLength(20));
    const showMore = screen.getByRole("button", { name: calendarsTexts.showMore });
    showMore.focus();
    await user.keyboard("{Enter}");

    await waitFor(() => expect(screen.getAllByRole("article")).toHaveLength(40));
    const list = screen.getByRole("list", { name: "Your calendars" });
    await waitFor(() => expect(list.children.item(20)).toHaveFocus());
    expect(within(list.children.item(20) as HTMLElement).getByRole("article")).toBeVisible();
    // Said by the page's live region, as a screen reader hears it.
    expect(screen.getByText(calendarsTexts.moreShown(40))).toHaveAttribute("role", "status");

    await user.click(screen.getByRole("button", { name: calendarsTexts.showMore }));
    await waitFor(() => expect(screen.getAllByRole("article")).toHaveLength(45));
    expect(screen.queryByRole("button", { name: calendarsTexts.showMore })).toBeNull();
    expect(screen.getByText(calendarsTexts.allShown(45))).toHaveAttribute("role", "status");
    const listCalls = backend.calls.filter((call) => call.path === calendarPaths.list);
    expect(listCalls).toHaveLength(3);
    // 45 cards with their previews take a few seconds in jsdom on a loaded machine.
  }, 30_000);

  it("says a page that failed to load failed, keeps the calendars shown, and loads it on Try again", async () => {
    allowConsoleErrors();
    backend.calendars = Array.from({ length: 25 }, (_, index) =>
      buildCalendarSummary({ id: 100 - index }),
    );
    const { user } = await renderMyCalendars();
    await waitFor(() => expect(screen.getAllByRole("article")).toHaveLength(20));
    server.use(http.get(calendarPaths.list, failWith500, { once: true }));

    await user.click(screen.getByRole("button", { name: calendarsTexts.showMore }));
    expect(await screen.findByText(calendarMessages.listFailed)).toBeVisible();
    expect(screen.getAllByRole("article")).toHaveLength(20);

    await user.click(screen.getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(screen.getAllByRole("article")).toHaveLength(25));
    expect(screen.queryByText(calendarMessages.listFailed)).toBeNull();
  }, 30_000);
});

describe("My Calendars: a vaccine schedule changed since a calendar was saved (decision 405)", () => {
  it("marks only that calendar's card, linking to its update, and none when none changed", async () => {
    backend.calendars = [springCows, ewes];
    backend.protocolUpdates.set(9, {
      token: "t",
      changes: [
        {
          kind: "moved",
          diseaseId: 1,
          diseaseName: "Clostridial diseases",
          shotId: "1-2",
          name: "Bravoxin 10",
          before: { date: "2027-02-01", is_recurrent: 1 },
          after: { date: "2027-02-08", is_recurrent: 1 },
          reason: null,
        },
      ],
    });
    await renderMyCalendars();
    const cards = await screen.findAllByRole("article");
    const [cowsCard, ewesCard] = cards;
    const link = await within(ewesCard!).findByRole("link", { name: /Update my calendar/ });
    expect(link).toHaveAttribute("href", "/calendar/9?update=1");
    expect(within(ewesCard!).getByText(protocolUpdateMessages.cardNotice)).toBeVisible();
    expect(within(cowsCard!).queryByText(protocolUpdateMessages.cardNotice)).toBeNull();
  });
});
