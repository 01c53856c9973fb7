import { referenceData } from "@vaxcal/reference-data";
import { logOut, useAuthStore } from "../../../stores/auth.ts";
import { startCalendarDraft, useCalendarDraftStore } from "./calendar-draft-store.ts";
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import {
  applyCalendarFormFields,
  emptyCalendarForm,
  readCalendarForm,
  resetCalendarForm,
  setCalendarFormField,
  useCalendarFormStore,
} from "./calendar-form-store.ts";

const combinations = referenceData.combinations;
const dairySpringCows = combinations.find((combination) => combination.id === 1);

function readStoredForm(): unknown {
  const text = window.localStorage.getItem("calendarForm");
  return text === null ? null : JSON.parse(text);
}

let warn: MockInstance<typeof console.warn>;
beforeEach(() => {
  resetCalendarForm();
  warn = vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(() => warn.mockRestore());

describe("the calendar form draft (docs/product.md §3, §4, §5)", () => {
  it("keeps exactly the spec's form fields, the herd status answers, the block's end, the lungworm answer and the youngest's birth, under calendarForm", () => {
    applyCalendarFormFields(
      { enterpriseID: 1, animalID: 1, seasonID: 1, birthDate: "2027-02-01", diseases: [1, 3] },
      combinations,
    );
    setCalendarFormField("breedingDate", "2027-04-25");

    expect(readStoredForm()).toEqual({
      id: null,
      animalID: 1,
      birthDate: "2027-02-01",
      // Decision 416: the last calving, empty until the farmer gives one (the season's default).
      birthEndDate: null,
      breedingDate: "2027-04-25",
      diseases: [1, 3],
      enterpriseID: 1,
      seasonID: 1,
      animalEnterpriseSeasonCombination: dairySpringCows,
      herdStatus: {},
      // Decision 419: not answered, so the enterprise's default.
      lungwormRisk: null,
      // Decision 422: not answered, so no dose waits for the youngest.
      youngestBirthDate: null,
    });
  });

  it("restores the draft from localStorage on reload", async () => {
    const stored = {
      ...emptyCalendarForm,
      enterpriseID: 3,
      animalID: 5,
      seasonID: 4,
      birthDate: "2027-03-01",
      breedingDate: "2026-10-05",
      diseases: [12, 13],
      animalEnterpriseSeasonCombination: combinations.find((combination) => combination.id === 21),
    };
    window.localStorage.setItem("calendarForm", JSON.stringify(stored));

    await useCalendarFormStore.persist.rehydrate();

    expect(readCalendarForm()).toEqual(stored);
  });

  it("ignores a stored draft that does not fit the form", async () => {
    window.localStorage.setItem("calendarForm", JSON.stringify({ animalID: "cows" }));

    await useCalendarFormStore.persist.rehydrate();

    expect(readCalendarForm()).toEqual(emptyCalendarForm);
  });

  it("warns and changes nothing when a field does not exist", () => {
    setCalendarFormField("birthDate", "2027-02-01");
    const before = readStoredForm();

    setCalendarFormField("herdSize", 120);

    expect(warn).toHaveBeenCalledWith(
      'The calendar form has no field "herdSize": nothing was changed.',
    );
    expect(readCalendarForm()).not.toHaveProperty("herdSize");
    expect(readStoredForm()).toEqual(before);
  });

  it("warns and changes nothing when a value does not fit its field", () => {
    setCalendarFormField("birthDate", "2027-02-01");

    setCalendarFormField("birthDate", "1 February");

    expect(warn).toHaveBeenCalledOnce();
    expect(readCalendarForm().birthDate).toBe("2027-02-01");
  });

  it("finds the combination again after a batch, from all three ids", () => {
    applyCalendarFormFields({ enterpriseID: 1, animalID: 1, seasonID: 2 }, combinations);
    expect(readCalendarForm().animalEnterpriseSeasonCombination?.id).toBe(5);

    applyCalendarFormFields({ seasonID: null }, combinations);
    expect(readCalendarForm().animalEnterpriseSeasonCombination).toBeNull();
  });

  it("sets the combination to null with a warning when no combination matches", () => {
    applyCalendarFormFields({ enterpriseID: 1, animalID: 1, seasonID: 1 }, combinations);

    // Cows have no lambing season.
    applyCalendarFormFields({ seasonID: 4 }, combinations);

    expect(readCalendarForm().animalEnterpriseSeasonCombination).toBeNull();
    expect(warn).toHaveBeenCalledOnce();
  });

  it("resets every field to null or an empty list", () => {
    applyCalendarFormFields(
      { enterpriseID: 1, animalID: 1, seasonID: 1, diseases: [1] },
      combinations,
    );

    resetCalendarForm();

    expect(readCalendarForm()).toEqual(emptyCalendarForm);
    expect(readStoredForm()).toEqual(emptyCalendarForm);
  });

  it("is wiped on logout, with step 2's draft (docs/product.md §4)", () => {
    useAuthStore.setState({ isAuthenticated: true });
    applyCalendarFormFields(
      { enterpriseID: 1, animalID: 1, seasonID: 1, diseases: [1] },
      combinations,
    );
    startCalendarDraft("new", "1|2031-02-01|2031-04-25", [], [1]);
    startCalendarDraft("saved", "1|2031-02-01|2031-04-25", [], [1]);

    logOut();

    expect(readCalendarForm()).toEqual(emptyCalendarForm);
    expect(useCalendarDraftStore.getState()).toEqual({
      new: { draft: null, available: null },
      saved: { draft: null, available: null },
    });
    expect(window.localStorage.getItem("scopedDiseasesAll")).toBeNull();
    expect(window.localStorage.getItem("savedCalendarDraft")).toBeNull();
  });
});
