import {
  noVaccineRules,
  ScopedDiseaseSchema,
  type ScheduledShot,
  type ScopedDisease,
} from "@vaxcal/contracts";
import {
  restoreCalendar,
  type Calendar,
  type CalendarSetup,
  type IsoDate,
  type VaccineInput,
} from "@vaxcal/schedule";
import { z } from "zod";
import { create } from "zustand";
import { StorageKey } from "../../../config/storage-keys.ts";
import { readStoredJson, removeStorage, writeStorage } from "../../../lib/storage.ts";

/*
 * Step 2's draft (docs/product.md §4, §9): `scopedDiseasesAvailable` holds the animal's diseases as
 * the server computed them for the current setup, `scopedDiseasesAll` the calendar's columns with
 * the farmer's edits (first occurrences only: the engine derives the yearly copies again). Both
 * carry the setup they belong to, so a reload shows the same calendar without a network call,
 * and a changed setup starts afresh.
 */

const CalendarDraftSchema = z.object({
  setupKey: z.string(),
  diseases: z.array(ScopedDiseaseSchema),
  /** The shotsInThePastFound question was answered for this calendar. */
  hasReviewedPastShots: z.boolean(),
  /**
   * In edit mode (docs/product.md §4), the saved calendar this draft was opened from and the
   * version it was at: a reload keeps the farmer's unsaved edits only while the saved one is
   * unchanged.
   */
  savedCalendar: z.object({ id: z.number(), updatedAt: z.string() }).optional(),
});
export type CalendarDraft = z.infer<typeof CalendarDraftSchema>;

const AvailableDiseasesSchema = z.object({
  setupKey: z.string(),
  diseases: z.array(ScopedDiseaseSchema),
});
export type AvailableDiseases = z.infer<typeof AvailableDiseasesSchema>;

type CalendarDraftState = {
  draft: CalendarDraft | null;
  available: AvailableDiseases | null;
};

export const useCalendarDraftStore = create<CalendarDraftState>(() => ({
  draft: readStoredJson(StorageKey.scopedDiseasesAll, CalendarDraftSchema),
  available: readStoredJson(StorageKey.scopedDiseasesAvailable, AvailableDiseasesSchema),
}));

function saveDraft(draft: CalendarDraft): void {
  useCalendarDraftStore.setState({ draft });
  writeStorage(StorageKey.scopedDiseasesAll, JSON.stringify(draft));
}

/**
 * Issue 14: a product an admin retired is never offered to a new calendar, nor added to one; a
 * saved calendar that has it keeps it (the server refuses it anywhere else).
 */
export function isOfferedForNewColumns(disease: ScopedDisease): boolean {
  return disease.vaccine?.retired !== true;
}

/**
 * docs/product.md §7: the call's result becomes the available diseases; those on the form, the
 * calendar's.
 */
export function startCalendarDraft(
  setupKey: string,
  diseases: readonly ScopedDisease[],
  formDiseaseIds: readonly number[],
): void {
  const available: AvailableDiseases = { setupKey, diseases: [...diseases] };
  useCalendarDraftStore.setState({ available });
  writeStorage(StorageKey.scopedDiseasesAvailable, JSON.stringify(available));
  saveDraft({
    setupKey,
    diseases: diseases.filter(
      (disease) => formDiseaseIds.includes(disease.id) && isOfferedForNewColumns(disease),
    ),
    hasReviewedPastShots: false,
  });
}

/**
 * Brings the calendar's columns in line with the form's diseases (ticked or unticked in step 1
 * since): new ones come from the available list, dropped ones go, and the rest keep their edits.
 */
export function alignDraftDiseases(formDiseaseIds: readonly number[]): void {
  const { draft, available } = useCalendarDraftStore.getState();
  if (draft === null) return;
  const kept = draft.diseases.filter((disease) => formDiseaseIds.includes(disease.id));
  const added = (available?.diseases ?? []).filter(
    (disease) =>
      formDiseaseIds.includes(disease.id) &&
      isOfferedForNewColumns(disease) &&
      !kept.some((column) => column.id === disease.id),
  );
  if (added.length === 0 && kept.length === draft.diseases.length) return;
  saveDraft({ ...draft, diseases: [...kept, ...added] });
}

/**
 * docs/product.md §4 'Add-diseases dialog': the chosen diseases join the calendar with their
 * computed shots.
 */
export function addDraftDiseases(diseaseIds: readonly number[]): void {
  const { draft, available } = useCalendarDraftStore.getState();
  if (draft === null) return;
  const added = (available?.diseases ?? []).filter(
    (disease) =>
      diseaseIds.includes(disease.id) &&
      isOfferedForNewColumns(disease) &&
      !draft.diseases.some((column) => column.id === disease.id),
  );
  saveDraft({ ...draft, diseases: [...draft.diseases, ...added] });
}

/** Keeps an edited calendar: each column's first occurrences, in the calendar's column order. */
export function saveDraftCalendar(calendar: Calendar): void {
  const { draft } = useCalendarDraftStore.getState();
  if (draft === null) return;
  const diseases = calendar.diseases.flatMap((column) => {
    const disease = draft.diseases.find((candidate) => candidate.id === column.diseaseId);
    if (disease === undefined) return [];
    if (disease.vaccine === undefined) return [disease];
    const shots = column.shots.filter((shot) => !shot.isMirroredCopy);
    return [{ ...disease, vaccine: { ...disease.vaccine, shots } }];
  });
  saveDraft({ ...draft, diseases });
}

export function markPastShotsReviewed(): void {
  const { draft } = useCalendarDraftStore.getState();
  if (draft === null || draft.hasReviewedPastShots) return;
  saveDraft({ ...draft, hasReviewedPastShots: true });
}

/** The engine's vaccine from a scoped one: the call always includes rules, but be safe. */
export function toVaccineInput(disease: ScopedDisease): VaccineInput | null {
  if (disease.vaccine === undefined) return null;
  return { ...disease.vaccine, rules: disease.vaccine.rules ?? noVaccineRules };
}

/** The draft as the engine's calendar; the browser runs the engine, so edits need no network. */
export function restoreDraftCalendar(
  draft: CalendarDraft,
  setup: CalendarSetup,
  today: IsoDate,
): Calendar {
  return restoreCalendar({
    setup,
    diseases: draft.diseases.map((disease) => ({
      id: disease.id,
      vaccineId: disease.vaccine?.id ?? null,
      shots: disease.vaccine?.shots ?? [],
    })),
    vaccines: draft.diseases.flatMap((disease) => toVaccineInput(disease) ?? []),
    today,
  });
}

export type SavedCalendarDraftInput = {
  setupKey: string;
  /** The animal's diseases for the saved setup, from the scoped call. */
  available: readonly ScopedDisease[];
  /** The saved columns, in order, with the shots as stored (mirrored copies included). */
  columns: readonly { id: number; shots: readonly ScheduledShot[] }[];
  savedCalendar: { id: number; updatedAt: string };
};

/**
 * docs/product.md §4 'Opening a saved calendar': the draft becomes the saved calendar. Each column
 * keeps the disease's current vaccine facts and rules from the scoped call and the saved shots
 * (first occurrences only: the engine lays the copies out again). A saved disease the animal is no
 * longer offered is left out rather than shown without its vaccine.
 */
export function restoreSavedCalendarDraft({
  setupKey,
  available,
  columns,
  savedCalendar,
}: SavedCalendarDraftInput): void {
  const availableDiseases: AvailableDiseases = { setupKey, diseases: [...available] };
  useCalendarDraftStore.setState({ available: availableDiseases });
  writeStorage(StorageKey.scopedDiseasesAvailable, JSON.stringify(availableDiseases));
  const diseases = columns.flatMap((column) => {
    const disease = available.find((candidate) => candidate.id === column.id);
    if (disease === undefined) return [];
    if (disease.vaccine === undefined) return [disease];
    const shots = column.shots.filter((shot) => !shot.isMirroredCopy);
    return [{ ...disease, vaccine: { ...disease.vaccine, shots } }];
  });
  saveDraft({ setupKey, diseases, hasReviewedPastShots: false, savedCalendar });
}

/** Whether the kept draft is the one opened from this saved version, with its unsaved edits. */
export function hasKeptSavedDraft(
  setupKey: string,
  savedCalendar: { id: number; updatedAt: string },
): boolean {
  const { draft, available } = useCalendarDraftStore.getState();
  return (
    draft?.setupKey === setupKey &&
    available?.setupKey === setupKey &&
    draft.savedCalendar?.id === savedCalendar.id &&
    draft.savedCalendar.updatedAt === savedCalendar.updatedAt
  );
}

/** Forgets step 2's draft, in memory and in localStorage. */
export function resetCalendarDraft(): void {
  useCalendarDraftStore.setState({ draft: null, available: null });
  removeStorage(StorageKey.scopedDiseasesAll);
  removeStorage(StorageKey.scopedDiseasesAvailable);
}
