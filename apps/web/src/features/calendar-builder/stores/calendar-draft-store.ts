import {
  noVaccineRules,
  ScopedDiseaseSchema,
  type ScheduledShot,
  type ScopedDisease,
  type Vaccine,
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
 *
 * A new calendar and a saved calendar being edited have a draft each (`DraftSlot`), kept apart in
 * memory and in localStorage: the new calendar's under the spec's keys, the saved calendar's
 * under `savedCalendarDraft` and `savedCalendarAvailable`, marked with the calendar's id and
 * version. So opening a saved calendar never shows up as a new calendar with the same setup, and
 * starting a new calendar leaves the saved calendar's unsaved edits where they were.
 */

export type DraftSlot = "new" | "saved";

const CalendarDraftSchema = z.object({
  setupKey: z.string(),
  diseases: z.array(ScopedDiseaseSchema),
  /** The shotsInThePastFound question was answered for this calendar. */
  hasReviewedPastShots: z.boolean(),
  /**
   * In edit mode (docs/product.md §4), the saved calendar this draft was opened from and the
   * version it was at: a reload keeps the farmer's unsaved edits only while the saved one is
   * unchanged. Never set on a new calendar's draft.
   */
  savedCalendar: z.object({ id: z.number(), updatedAt: z.string() }).optional(),
  /**
   * Decision 424, edit mode: the version the server answered this draft's last autosave with; a
   * reload keeps the draft while the saved calendar is at it.
   */
  autosavedVersion: z.string().optional(),
  /** Decision 424, edit mode: an edit not yet on the server (offline, say), sent at the next opening. */
  hasUnsavedEdits: z.boolean().optional(),
});
export type CalendarDraft = z.infer<typeof CalendarDraftSchema>;

const AvailableDiseasesSchema = z.object({
  setupKey: z.string(),
  diseases: z.array(ScopedDiseaseSchema),
});
export type AvailableDiseases = z.infer<typeof AvailableDiseasesSchema>;

type SlotState = { draft: CalendarDraft | null; available: AvailableDiseases | null };
type CalendarDraftState = Record<DraftSlot, SlotState>;

const storageKeys: Record<DraftSlot, { draft: StorageKey; available: StorageKey }> = {
  new: { draft: StorageKey.scopedDiseasesAll, available: StorageKey.scopedDiseasesAvailable },
  saved: { draft: StorageKey.savedCalendarDraft, available: StorageKey.savedCalendarAvailable },
};

function readSlot(slot: DraftSlot): SlotState {
  const draft = readStoredJson(storageKeys[slot].draft, CalendarDraftSchema);
  return {
    // A new calendar's draft never belongs to a saved calendar (one written before the drafts
    // were kept apart is left unread), and a saved calendar's always does.
    draft: (slot === "saved") === (draft?.savedCalendar !== undefined) ? draft : null,
    available: readStoredJson(storageKeys[slot].available, AvailableDiseasesSchema),
  };
}

export const useCalendarDraftStore = create<CalendarDraftState>(() => ({
  new: readSlot("new"),
  saved: readSlot("saved"),
}));

/** The draft of a new calendar (calendarId null) or of the saved calendar being edited. */
export function pickDraftSlot(calendarId: number | null): DraftSlot {
  return calendarId === null ? "new" : "saved";
}

function readDraftSlot(slot: DraftSlot): SlotState {
  return useCalendarDraftStore.getState()[slot];
}

function setSlot(slot: DraftSlot, change: Partial<SlotState>): void {
  useCalendarDraftStore.setState((state) => ({ [slot]: { ...state[slot], ...change } }));
}

function saveDraft(slot: DraftSlot, draft: CalendarDraft): void {
  setSlot(slot, { draft });
  writeStorage(storageKeys[slot].draft, JSON.stringify(draft));
}

function saveAvailable(slot: DraftSlot, available: AvailableDiseases): void {
  setSlot(slot, { available });
  writeStorage(storageKeys[slot].available, JSON.stringify(available));
}

/**
 * docs/decisions/405: a product an admin retired is never offered to a new calendar, nor added to one; a
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
  slot: DraftSlot,
  setupKey: string,
  diseases: readonly ScopedDisease[],
  formDiseaseIds: readonly number[],
): void {
  saveAvailable(slot, { setupKey, diseases: [...diseases] });
  saveDraft(slot, {
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
export function alignDraftDiseases(slot: DraftSlot, formDiseaseIds: readonly number[]): void {
  const { draft, available } = readDraftSlot(slot);
  if (draft === null) return;
  const kept = draft.diseases.filter((disease) => formDiseaseIds.includes(disease.id));
  const added = (available?.diseases ?? []).filter(
    (disease) =>
      formDiseaseIds.includes(disease.id) &&
      isOfferedForNewColumns(disease) &&
      !kept.some((column) => column.id === disease.id),
  );
  if (added.length === 0 && kept.length === draft.diseases.length) return;
  saveDraft(slot, { ...draft, diseases: [...kept, ...added] });
}

/**
 * docs/product.md §4 'Add-diseases dialog': the chosen diseases join the calendar with their
 * computed shots.
 */
export function addDraftDiseases(slot: DraftSlot, diseaseIds: readonly number[]): void {
  const { draft, available } = readDraftSlot(slot);
  if (draft === null) return;
  const added = (available?.diseases ?? []).filter(
    (disease) =>
      diseaseIds.includes(disease.id) &&
      isOfferedForNewColumns(disease) &&
      !draft.diseases.some((column) => column.id === disease.id),
  );
  saveDraft(slot, { ...draft, diseases: [...draft.diseases, ...added] });
}

/**
 * Decision 428: diseases added with an answer to their first-course question join with the
 * columns the scoped call computed for that answer; the calendar's other columns keep their
 * edits. Given a setup key, the draft and the available list move to that setup (a new
 * calendar, whose form records the answer).
 */
export function addDraftDiseasesAnswered(
  slot: DraftSlot,
  diseaseIds: readonly number[],
  computed: readonly ScopedDisease[],
  setupKey?: string,
): void {
  const { draft } = readDraftSlot(slot);
  if (draft === null) return;
  const added = computed.filter(
    (disease) =>
      diseaseIds.includes(disease.id) &&
      isOfferedForNewColumns(disease) &&
      !draft.diseases.some((column) => column.id === disease.id),
  );
  if (setupKey !== undefined) saveAvailable(slot, { setupKey, diseases: [...computed] });
  saveDraft(slot, {
    ...draft,
    ...(setupKey === undefined ? {} : { setupKey }),
    diseases: [...draft.diseases, ...added],
  });
}

/** Keeps an edited calendar: each column's first occurrences, in the calendar's column order. */
export function saveDraftCalendar(slot: DraftSlot, calendar: Calendar): void {
  const { draft } = readDraftSlot(slot);
  if (draft === null) return;
  const diseases = calendar.diseases.flatMap((column) => {
    const disease = draft.diseases.find((candidate) => candidate.id === column.diseaseId);
    if (disease === undefined) return [];
    if (disease.vaccine === undefined) return [disease];
    const shots = column.shots.filter((shot) => !shot.isMirroredCopy);
    return [{ ...disease, vaccine: { ...disease.vaccine, shots } }];
  });
  saveDraft(slot, { ...draft, diseases });
}

export function markPastShotsReviewed(slot: DraftSlot): void {
  const { draft } = readDraftSlot(slot);
  if (draft === null || draft.hasReviewedPastShots) return;
  saveDraft(slot, { ...draft, hasReviewedPastShots: true });
}

/**
 * Decision 405: each column's protocol stamp, as the scoped call gave it with the column's shots,
 * for the save to send back.
 */
export function readProtocolStamps(
  draft: CalendarDraft,
): Map<number, { vaccineId: number; stamp: string }> {
  return new Map(
    draft.diseases.flatMap((disease) =>
      disease.vaccine?.protocolStamp === undefined
        ? []
        : [[disease.id, { vaccineId: disease.vaccine.id, stamp: disease.vaccine.protocolStamp }]],
    ),
  );
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
  /** The saved columns, in order, with their vaccine and the shots as stored (copies included). */
  columns: readonly { id: number; vaccineId?: number | null; shots: readonly ScheduledShot[] }[];
  savedCalendar: { id: number; updatedAt: string };
  /**
   * Every vaccine (the reference list): a column whose disease has another default vaccine now
   * keeps its own until the farmer accepts the update (decision 405).
   */
  vaccines?: readonly Vaccine[];
};

/**
 * docs/product.md §4 'Opening a saved calendar': the draft becomes the saved calendar. Each column
 * keeps the disease's current vaccine facts and rules from the scoped call and the saved shots
 * (first occurrences only: the engine lays the copies out again). A saved disease the animal is no
 * longer offered is left out rather than shown without its vaccine. A column whose disease has
 * another default vaccine since it was saved keeps its own vaccine (from the reference list),
 * until the farmer accepts the update (decision 405).
 */
export function restoreSavedCalendarDraft({
  setupKey,
  available,
  columns,
  savedCalendar,
  vaccines = [],
}: SavedCalendarDraftInput): void {
  saveAvailable("saved", { setupKey, diseases: [...available] });
  const diseases = columns.flatMap((column): ScopedDisease[] => {
    const disease = available.find((candidate) => candidate.id === column.id);
    if (disease === undefined) return [];
    const ownVaccine =
      column.vaccineId != null && column.vaccineId !== disease.vaccine?.id
        ? vaccines.find((vaccine) => vaccine.id === column.vaccineId)
        : undefined;
    const vaccine = ownVaccine ?? disease.vaccine;
    if (vaccine === undefined) return [disease];
    const shots = column.shots.filter((shot) => !shot.isMirroredCopy);
    return [{ ...disease, vaccine: { ...vaccine, shots } }];
  });
  saveDraft("saved", { setupKey, diseases, hasReviewedPastShots: false, savedCalendar });
}

/**
 * Whether the kept draft is the one opened from this saved version, or autosaved as it (decision
 * 424), with its unsaved edits.
 */
export function hasKeptSavedDraft(
  setupKey: string,
  savedCalendar: { id: number; updatedAt: string },
): boolean {
  const { draft, available } = readDraftSlot("saved");
  return (
    draft?.setupKey === setupKey &&
    available?.setupKey === setupKey &&
    draft.savedCalendar?.id === savedCalendar.id &&
    (draft.savedCalendar.updatedAt === savedCalendar.updatedAt ||
      draft.autosavedVersion === savedCalendar.updatedAt)
  );
}

/** Decision 424: the version the saved calendar's draft was last saved as, opened or autosaved. */
export function readSavedDraftVersion(): string | null {
  const { draft } = readDraftSlot("saved");
  return draft?.autosavedVersion ?? draft?.savedCalendar?.updatedAt ?? null;
}

/** Decision 424: whether the saved calendar's draft has an edit the server has not got yet. */
export function setSavedDraftUnsaved(hasUnsavedEdits: boolean): void {
  const { draft } = readDraftSlot("saved");
  if (draft === null || (draft.hasUnsavedEdits ?? false) === hasUnsavedEdits) return;
  saveDraft("saved", { ...draft, hasUnsavedEdits });
}

/** Decision 424: the server saved the draft as this version; whether an edit came in since. */
export function markSavedDraftSaved(version: string, hasUnsavedEdits: boolean): void {
  const { draft } = readDraftSlot("saved");
  if (draft === null) return;
  saveDraft("saved", { ...draft, autosavedVersion: version, hasUnsavedEdits });
}

/** Decision 424's undo: the saved calendar's columns as they were before an edit. */
export function replaceSavedDraftDiseases(diseases: readonly ScopedDisease[]): void {
  const { draft } = readDraftSlot("saved");
  if (draft === null) return;
  saveDraft("saved", { ...draft, diseases: [...diseases] });
}

/**
 * Whether the slot's kept draft is the one for this page: the setup's, and for a saved calendar
 * that calendar's (a new calendar's draft never is a saved calendar's).
 */
export function isDraftFor(
  { draft, available }: SlotState,
  setupKey: string,
  calendarId: number | null,
): boolean {
  return (
    draft?.setupKey === setupKey &&
    available?.setupKey === setupKey &&
    (draft.savedCalendar?.id ?? null) === calendarId
  );
}

/** Forgets step 2's draft (one slot's, or both), in memory and in localStorage. */
export function resetCalendarDraft(slot?: DraftSlot): void {
  for (const each of slot === undefined ? (["new", "saved"] as const) : [slot]) {
    setSlot(each, { draft: null, available: null });
    removeStorage(storageKeys[each].draft);
    removeStorage(storageKeys[each].available);
  }
}
