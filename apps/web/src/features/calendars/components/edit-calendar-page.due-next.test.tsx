import { screen, waitFor, within } from "@testing-library/react";
import {
  accountPaths,
  givenShotMessages,
  type CalendarDetail,
  type UserProfile,
} from "@vaxcal/contracts";
import { http, HttpResponse } from "msw";
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
import { farmerFixture } from "../../../testing/mocks/account-fixtures.ts";
import { matchPhoneWidth } from "../../../testing/match-phone-width.ts";
import { server } from "../../../testing/mocks/server.ts";
import { renderApp } from "../../../testing/render-app.tsx";
import {
  formatDayDate,
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

/*
 * 'Due next' and 'Mark as given' on a saved calendar (docs/product.md D19), as a farmer
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

function buildDetail({
  farmSize = null,
}: { farmSize?: CalendarDetail["farm_size"] } = {}): CalendarDetail {
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
    farm_size: farmSize,
  };
}

/** The saved detail with one shot of the second column moved 5 days after the first column's. */
function buildDetailWithCloseShots(): { detail: CalendarDetail; movedId: string; date: string } {
  const detail = buildDetail();
  const [first, second] = detail.diseases;
  const anchor = first?.shots.find((shot) => shot.date !== null && shot.date >= today);
  const moved = second?.shots.find(
    (shot) => !shot.isMirroredCopy && shot.date !== null && shot.date >= today,
  );
  if (!anchor?.date || !moved) throw new Error("the fixture has no upcoming shots to move");
  moved.date = addDays(anchor.date, 5);
  return { detail, movedId: moved.id, date: moved.date };
}

/** A farmer whose reminders go by text to a verified mobile. */
const verifiedMobileFarmer: UserProfile = {
  ...farmerFixture,
  phone: "+353871234567",
  phone_verified_at: "2026-01-01T10:00:00.000Z",
  notify_phone: true,
  notify_email: false,
};

let backend: SavedCalendarsBackend;
let firstShot: { id: string; date: string };

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
    expect(screen.getByRole("tab", { name: "By month" })).toHaveAttribute("aria-selected", "false");
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

  it("says on each coming shot the reminder that will go to the farmer's verified mobile (decision 603)", async () => {
    matchPhoneWidth(true);
    server.use(
      http.get(accountPaths.user, () => HttpResponse.json<UserProfile>(verifiedMobileFarmer)),
    );
    renderApp("/calendar/7", { isAuthenticated: true });
    const panel = await screen.findByRole("tabpanel", { name: "Due next" });
    const [first] = await within(panel).findAllByRole("list", { name: "Reminders" });
    const sendDay = Number(addDays(firstShot.date, -7).slice(8));
    expect(first).toHaveTextContent(
      new RegExp(`^Text to 087 123 4567 (on \\w{3} ${sendDay} \\w{3}, 09:00|shortly)$`),
    );
  });

  it("says the same reminder line on each coming shot of the month-by-month calendar, to the farmer only", async () => {
    matchPhoneWidth(true);
    server.use(
      http.get(accountPaths.user, () => HttpResponse.json<UserProfile>(verifiedMobileFarmer)),
    );
    const { user, unmount } = renderApp("/calendar/7", { isAuthenticated: true });
    await user.click(await screen.findByRole("tab", { name: "By month" }));
    const region = within(await screen.findByRole("region", { name: "Vaccination calendar" }));
    const [first] = await region.findAllByRole("list", { name: "Reminders" });
    const sendDay = Number(addDays(firstShot.date, -7).slice(8));
    expect(first).toHaveTextContent(
      new RegExp(`^Text to 087 123 4567 (on \\w{3} ${sendDay} \\w{3}, 09:00|shortly)$`),
    );
    unmount();

    // A vet of the linked practice sees the farm's shots, never the farmer's reminders.
    server.use(
      http.get(accountPaths.user, () =>
        HttpResponse.json<UserProfile>({ ...verifiedMobileFarmer, roles: [{ name: "VET" }] }),
      ),
    );
    const vet = renderApp("/calendar/7", { isAuthenticated: true });
    await vet.user.click(await screen.findByRole("tab", { name: "By month" }));
    const vetRegion = within(await screen.findByRole("region", { name: "Vaccination calendar" }));
    expect(
      await vetRegion.findAllByRole("button", { name: new RegExp(formatLongDate(firstShot.date)) }),
    ).not.toHaveLength(0);
    expect(vetRegion.queryByRole("list", { name: "Reminders" })).toBeNull();
  });

  it("says the reminder line on each coming shot of the grid at 1280 px", async () => {
    matchPhoneWidth(false);
    server.use(
      http.get(accountPaths.user, () => HttpResponse.json<UserProfile>(verifiedMobileFarmer)),
    );
    renderApp("/calendar/7", { isAuthenticated: true });
    const grid = within(await screen.findByRole("region", { name: "Vaccination calendar" }));
    expect(await grid.findAllByRole("list", { name: "Reminders" })).not.toHaveLength(0);
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
    expect(screen.getByRole("tab", { name: "By month" })).toHaveFocus();
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

describe("a saved calendar's doses", () => {
  it("come from the owner's herd size, not the signed-in viewer's", async () => {
    matchPhoneWidth(true);
    // The viewer's own profile says 51–100; the calendar's owner keeps over 200.
    backend.details.set(7, buildDetail({ farmSize: "200+" }));
    renderApp("/calendar/7", { isAuthenticated: true });
    const panel = await screen.findByRole("tabpanel", { name: "Due next" });
    const cards = await within(panel).findAllByRole("listitem");
    for (const card of cards) {
      expect(within(card).getByText("Doses").nextElementSibling).toHaveTextContent("over 200");
    }
  });

  it("say 1 per animal when the owner gave no size, whatever the viewer's profile says", async () => {
    matchPhoneWidth(true);
    renderApp("/calendar/7", { isAuthenticated: true });
    const panel = await screen.findByRole("tabpanel", { name: "Due next" });
    const [card] = await within(panel).findAllByRole("listitem");
    expect(within(card!).getByText("Doses").nextElementSibling).toHaveTextContent("1 per animal");
  });
});

describe("protocol warnings on 'Due next'", () => {
  it("marks a shot's warning on its card in farm words, and the button opens the rule popup", async () => {
    matchPhoneWidth(true);
    const { detail, date } = buildDetailWithCloseShots();
    backend.details.set(7, detail);
    const { user } = renderApp("/calendar/7", { isAuthenticated: true });
    const panel = await screen.findByRole("tabpanel", { name: "Due next" });
    const spacing = "Too close to another vaccine: leave 14 days between them";
    const warnings = await within(panel).findAllByRole("button", {
      name: new RegExp(`^${spacing} with `),
    });
    // One beside each shot of the pair, each naming the other shot and its own date.
    expect(warnings).toHaveLength(2);
    expect(
      warnings.some((button) =>
        button.getAttribute("aria-label")?.endsWith(`${formatLongDate(date)})`),
      ),
    ).toBe(true);
    // The visible text starts with the mark and the action; no rule code or source shows.
    expect(warnings[0]).toHaveTextContent(new RegExp(`^⚠${spacing}with `));
    expect(panel).not.toHaveTextContent(/rule,|S\d+|SPC/);
    const card = warnings[0]!.closest("li.due-card") as HTMLElement;
    expect(within(card).getByRole("button", { name: /^Change date/ })).toBeVisible();

    // By keyboard, as on the grid: the same rule popup opens, about this pair of shots.
    warnings[0]!.focus();
    await user.keyboard("{Enter}");
    const popup = await screen.findByRole("dialog", { name: "Vaccines close together" });
    expect(popup).toHaveTextContent(/is 5 days from/);
    expect(within(popup).getByRole("button", { name: "Change the date" })).toBeVisible();
  });

  it("shows no warning on a card whose shot breaks no rule", async () => {
    matchPhoneWidth(true);
    renderApp("/calendar/7", { isAuthenticated: true });
    const panel = await screen.findByRole("tabpanel", { name: "Due next" });
    await within(panel).findAllByRole("listitem");
    expect(within(panel).queryByRole("button", { name: /^Too / })).toBeNull();
    expect(panel).not.toHaveTextContent("⚠");
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
