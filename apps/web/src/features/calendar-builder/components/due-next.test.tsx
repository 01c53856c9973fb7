import { screen, waitFor, within } from "@testing-library/react";
import { givenShotMessages, type CalendarDetail } from "@vaxcal/contracts";
import {
  addDays,
  formatLongDate,
  prepareForSubmit,
  restoreCalendar,
  type CalendarSetup,
} from "@vaxcal/schedule";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  buildCalendarSummary,
  createSavedCalendarsBackend,
  createSavedCalendarsHandlers,
  type SavedCalendarsBackend,
} from "../../../testing/mocks/calendar-handlers.ts";
import { server } from "../../../testing/mocks/server.ts";
import { renderApp } from "../../../testing/render-app.tsx";
import { formatDayDate, readToday } from "../lib/calendar-dates.ts";
import { resetCalendarDraft, toVaccineInput } from "../stores/calendar-draft-store.ts";
import { resetCalendarForm } from "../stores/calendar-form-store.ts";
import {
  computeScopedDiseases,
  createFullReferenceHandlers,
  createScopedDiseasesHandler,
} from "../testing/calendar-builder-fixtures.ts";

/*
 * 'Due next' and 'Mark as given' on a saved calendar (issue 10, docs/product.md D19), as a farmer
 * meets them on a phone: the list opens first, a shot is marked with its batch, shown as given
 * in both views, and undone.
 */

const today = readToday();
/** Dairy cows calving in a month: the first shots fall in the coming weeks. */
const setup: CalendarSetup = {
  enterprise: { id: 1 },
  animal: { id: 1, isAdult: true },
  birthDate: addDays(today, 30),
  breedingDate: addDays(today, 110),
};

function buildDetail(): CalendarDetail {
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
  const prepared = prepareForSubmit(calendar);
  if (!prepared.ok) throw new Error(prepared.error.message);
  const summary = buildCalendarSummary({ id: 7 });
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
    contact: null,
    year: Number(today.slice(0, 4)),
    created_at: summary.created_at,
    updated_at: summary.updated_at,
    previewImageUrl: summary.previewImageUrl,
    downloadUrl: summary.downloadUrl,
    feedUrls: summary.feedUrls,
  };
}

let backend: SavedCalendarsBackend;
let firstShot: { id: string; date: string };

function matchPhoneWidth(isPhone: boolean) {
  vi.stubGlobal(
    "matchMedia",
    (query: string) =>
      ({
        matches: isPhone,
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );
}

beforeEach(() => {
  resetCalendarForm();
  resetCalendarDraft();
  backend = createSavedCalendarsBackend([buildCalendarSummary({ id: 7 })]);
  const detail = buildDetail();
  backend.details.set(7, detail);
  const shots = detail.diseases
    .flatMap((disease) => disease.shots)
    .filter((shot) => shot.date !== null && shot.date >= today)
    .sort((left, right) => (left.date ?? "").localeCompare(right.date ?? ""));
  firstShot = { id: shots[0]?.id ?? "", date: shots[0]?.date ?? "" };
  server.use(
    createScopedDiseasesHandler(today, []),
    ...createFullReferenceHandlers(),
    ...createSavedCalendarsHandlers(backend),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe("a saved calendar on a phone", () => {
  it("opens on 'Due next': the coming shots by week, with animals, route and doses", async () => {
    matchPhoneWidth(true);
    renderApp("/calendar/7", { isAuthenticated: true });
    const tab = await screen.findByRole("tab", { name: "Due next" });
    expect(tab).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tab", { name: "Calendar grid" })).toHaveAttribute(
      "aria-selected",
      "false",
    );
    const panel = screen.getByRole("tabpanel", { name: "Due next" });
    const cards = await within(panel).findAllByRole("listitem");
    expect(cards.length).toBeGreaterThan(1);
    const first = within(cards[0]!);
    expect(first.getByText("Cows (Dairy, Spring calving)")).toBeVisible();
    expect(first.getByText("Route")).toBeVisible();
    expect(first.getByText("Doses")).toBeVisible();
    expect(cards[0]).toHaveTextContent(formatLongDate(firstShot.date));
    expect(within(panel).getAllByRole("heading", { level: 2 })[0]).toHaveTextContent(
      /This week|Next week|Week of/,
    );
  });

  it("marks the first shot as given with its batch, shows it in both views, and undoes it", async () => {
    matchPhoneWidth(true);
    const { user } = renderApp("/calendar/7", { isAuthenticated: true });
    const panel = await screen.findByRole("tabpanel", { name: "Due next" });
    const [markFirst] = await within(panel).findAllByRole("button", { name: /^Mark as given/ });
    await user.click(markFirst!);

    const dialog = within(await screen.findByRole("dialog", { name: "Mark as given" }));
    // Planned for later: the date given starts at today, never in the future.
    const givenOn = firstShot.date > today ? today : firstShot.date;
    expect(dialog.getByLabelText("Date given")).toHaveValue(givenOn);
    // The date in words sits under the input, with its weekday, as at every other date.
    expect(dialog.getByLabelText("Date given")).toHaveAccessibleDescription(formatDayDate(givenOn));
    await user.click(dialog.getByRole("button", { name: "Save" }));
    expect(dialog.getByText(givenShotMessages.batchRequired)).toBeVisible();
    expect(backend.calls.filter((call) => call.method === "PUT")).toEqual([]);

    await user.type(dialog.getByLabelText(/Batch number/), "A1234-B");
    await user.type(dialog.getByLabelText(/Given by/), "Seán");
    await user.click(dialog.getByRole("button", { name: "Save" }));

    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const puts = backend.calls.filter((call) => call.method === "PUT");
    expect(puts.map((call) => call.path)).toEqual([
      `/api/calendars/7/given-shots/${encodeURIComponent(firstShot.id)}`,
    ]);
    expect(puts[0]?.body).toMatchObject({ batch: "A1234-B", givenBy: "Seán" });
    expect(await within(panel).findByText(/Batch A1234-B/)).toBeVisible();
    expect(screen.getByText(givenShotMessages.recorded)).toBeVisible();

    // The grid shows it as given too; the arrow key moves to it.
    screen.getByRole("tab", { name: "Due next" }).focus();
    await user.keyboard("{ArrowRight}");
    expect(screen.getByRole("tab", { name: "Calendar grid" })).toHaveFocus();
    const grid = await screen.findByRole("region", { name: "Vaccination calendar" });
    expect(
      within(grid).getByRole("button", { name: /, given on .*, batch A1234-B$/ }),
    ).toBeVisible();

    await user.keyboard("{ArrowLeft}");
    const list = screen.getByRole("tabpanel", { name: "Due next" });
    await user.click(within(list).getByRole("button", { name: /^Undo given/ }));
    await waitFor(() => expect(within(list).queryByText(/Batch A1234-B/)).toBeNull());
    expect(backend.calls.filter((call) => call.method === "DELETE")).toHaveLength(1);
  });
});

describe("on a wide screen", () => {
  it("opens on the grid, and 'Due next' is one tab away", async () => {
    matchPhoneWidth(false);
    const { user } = renderApp("/calendar/7", { isAuthenticated: true });
    expect(await screen.findByRole("region", { name: "Vaccination calendar" })).toBeVisible();
    await user.click(screen.getByRole("tab", { name: "Due next" }));
    expect(screen.getByRole("tabpanel", { name: "Due next" })).toBeVisible();
  });
});
