import { beforeEach, describe, expect, it, vi } from "vitest";
import { computeScopedDiseases } from "../testing/calendar-builder-fixtures.ts";
import {
  hasKeptSavedDraft,
  isDraftFor,
  readProtocolStamps,
  resetCalendarDraft,
  restoreSavedCalendarDraft,
  startCalendarDraft,
  useCalendarDraftStore,
} from "./calendar-draft-store.ts";

const setupKey = "1|2031-02-01|2031-04-25";
const available = computeScopedDiseases(1, "2031-02-01", "2031-04-25", "2026-03-02");
const savedCalendar = { id: 7, updatedAt: "2026-01-10T09:00:00.000Z" };

function openSavedCalendar() {
  restoreSavedCalendarDraft({
    setupKey,
    available,
    columns: [
      { id: 3, shots: available.find((disease) => disease.id === 3)?.vaccine?.shots ?? [] },
    ],
    savedCalendar,
  });
}

beforeEach(() => resetCalendarDraft());

describe("step 2's drafts, one for a new calendar and one for a saved calendar", () => {
  it("keeps them apart: opening a saved calendar leaves the new calendar's draft as it was", () => {
    startCalendarDraft("new", setupKey, available, [1]);
    const newDraft = useCalendarDraftStore.getState().new;
    openSavedCalendar();

    const state = useCalendarDraftStore.getState();
    expect(state.new).toEqual(newDraft);
    expect(state.new.draft?.diseases.map((disease) => disease.id)).toEqual([1]);
    expect(state.saved.draft?.diseases.map((disease) => disease.id)).toEqual([3]);
    expect(isDraftFor(state.new, setupKey, null)).toBe(true);
    expect(isDraftFor(state.saved, setupKey, 7)).toBe(true);
    // Not another saved calendar's, nor a new calendar's.
    expect(isDraftFor(state.saved, setupKey, 8)).toBe(false);
    expect(isDraftFor(state.saved, setupKey, null)).toBe(false);
    expect(JSON.parse(window.localStorage.getItem("savedCalendarDraft") ?? "{}")).toMatchObject({
      savedCalendar,
    });
  });

  it("starting a new calendar leaves the saved calendar's draft, and each is forgotten alone", () => {
    openSavedCalendar();
    startCalendarDraft("new", setupKey, available, [1, 3]);
    expect(hasKeptSavedDraft(setupKey, savedCalendar)).toBe(true);

    resetCalendarDraft("new");
    expect(useCalendarDraftStore.getState().new).toEqual({ draft: null, available: null });
    expect(hasKeptSavedDraft(setupKey, savedCalendar)).toBe(true);
    resetCalendarDraft("saved");
    expect(hasKeptSavedDraft(setupKey, savedCalendar)).toBe(false);
    expect(window.localStorage.getItem("savedCalendarDraft")).toBeNull();
  });

  it("does not take a saved calendar's draft kept under the new calendar's key by an older version", async () => {
    window.localStorage.setItem(
      "scopedDiseasesAll",
      JSON.stringify({ setupKey, diseases: [], hasReviewedPastShots: false, savedCalendar }),
    );
    window.localStorage.setItem(
      "scopedDiseasesAvailable",
      JSON.stringify({ setupKey, diseases: [] }),
    );
    vi.resetModules();
    const reloaded = await import("./calendar-draft-store.ts");
    expect(reloaded.useCalendarDraftStore.getState().new.draft).toBeNull();
  });

  it("reads each column's protocol stamp for the save (decision 405)", () => {
    startCalendarDraft("new", setupKey, available, [1, 3]);
    const { draft } = useCalendarDraftStore.getState().new;
    if (draft === null) throw new Error("no draft");
    expect([...readProtocolStamps(draft)]).toEqual([
      [1, { vaccineId: 1, stamp: "test-stamp-1" }],
      [3, { vaccineId: 10, stamp: "test-stamp-10" }],
    ]);
  });
});
