import {
  CalendarFormSchema,
  type AnimalEnterpriseSeasonCombination,
  type CalendarForm,
  type CalendarFormField,
} from "@vaxcal/contracts";
import { create } from "zustand";
import { persist, type PersistStorage, type StorageValue } from "zustand/middleware";
import { StorageKey } from "../../../config/storage-keys.ts";
import { useAuthStore } from "../../../stores/auth.ts";
import { readStoredJson, removeStorage, writeStorage } from "../../../lib/storage.ts";
import { findCombination } from "../lib/calendar-setup.ts";
import { resetCalendarDraft } from "./calendar-draft-store.ts";

/*
 * docs/product.md §3 'Calendar form' and §4: the step 1 draft, kept in localStorage under
 * `calendarForm` and restored on reload. localStorage holds exactly the form's fields; a stored
 * draft that no longer fits the contract (an older version wrote it) is ignored rather than
 * half-read.
 */

export const emptyCalendarForm: CalendarForm = {
  id: null,
  animalID: null,
  birthDate: null,
  birthEndDate: null,
  breedingDate: null,
  diseases: [],
  enterpriseID: null,
  seasonID: null,
  animalEnterpriseSeasonCombination: null,
  herdStatus: {},
  lungwormRisk: null,
  youngestBirthDate: null,
};

const formFields = new Set<string>(Object.keys(emptyCalendarForm));

function isFormField(name: string): name is CalendarFormField {
  return formFields.has(name);
}

function pickFormFields(state: CalendarForm): CalendarForm {
  return {
    id: state.id,
    animalID: state.animalID,
    birthDate: state.birthDate,
    birthEndDate: state.birthEndDate ?? null,
    breedingDate: state.breedingDate,
    diseases: state.diseases,
    enterpriseID: state.enterpriseID,
    seasonID: state.seasonID,
    animalEnterpriseSeasonCombination: state.animalEnterpriseSeasonCombination,
    herdStatus: state.herdStatus ?? {},
    lungwormRisk: state.lungwormRisk ?? null,
    youngestBirthDate: state.youngestBirthDate ?? null,
  };
}

const formStorage: PersistStorage<CalendarForm> = {
  getItem(name): StorageValue<CalendarForm> | null {
    const state = readStoredJson(name, CalendarFormSchema);
    return state === null ? null : { state, version: 0 };
  },
  setItem(name, value) {
    writeStorage(name, JSON.stringify(pickFormFields(value.state)));
  },
  removeItem(name) {
    removeStorage(name);
  },
};

export const useCalendarFormStore = create<CalendarForm>()(
  persist(() => ({ ...emptyCalendarForm }), {
    name: StorageKey.calendarForm,
    storage: formStorage,
    partialize: pickFormFields,
  }),
);

export function readCalendarForm(): CalendarForm {
  return pickFormFields(useCalendarFormStore.getState());
}

/**
 * docs/product.md §5: sets one field of the draft. A name that is not a form field, or a value of
 * the wrong kind, only warns and changes nothing.
 */
export function setCalendarFormField(name: string, value: unknown): void {
  if (!isFormField(name)) {
    console.warn(`The calendar form has no field "${name}": nothing was changed.`);
    return;
  }
  const result = CalendarFormSchema.shape[name].safeParse(value);
  if (!result.success) {
    console.warn(`"${String(value)}" is not a valid value for "${name}": nothing was changed.`);
    return;
  }
  useCalendarFormStore.setState({ [name]: result.data });
}

/**
 * docs/product.md §4: applies a batch of fields, then finds the combination again from the three
 * ids. When all three are chosen and no combination matches, it is set to null with a warning
 * (docs/product.md §3).
 */
export function applyCalendarFormFields(
  fields: Partial<CalendarForm>,
  combinations: readonly AnimalEnterpriseSeasonCombination[],
): void {
  const next = { ...readCalendarForm(), ...fields };
  const combination = findCombination(combinations, next);
  if (
    combination === null &&
    next.enterpriseID !== null &&
    next.animalID !== null &&
    next.seasonID !== null
  ) {
    console.warn(
      `No animal-enterprise-season combination matches enterprise ${next.enterpriseID}, animal ${next.animalID} and season ${next.seasonID}.`,
    );
  }
  useCalendarFormStore.setState({ ...next, animalEnterpriseSeasonCombination: combination });
}

/** docs/product.md §4: reset clears every field to null or an empty list. */
export function resetCalendarForm(): void {
  useCalendarFormStore.setState({ ...emptyCalendarForm });
}

// docs/product.md §4: logout clears local storage and wipes calendar data, so the draft held in
// memory goes with it; the next visitor on this phone starts from an empty step 1.
useAuthStore.subscribe((state, previous) => {
  if (previous.isAuthenticated && !state.isAuthenticated) {
    resetCalendarForm();
    resetCalendarDraft();
  }
});
