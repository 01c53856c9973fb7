/*
 * The calendar builder's public entry: steps 1 and 2 of a new calendar (setup, review), the draft
 * stores and the engine glue. The saved calendar (features/calendars) builds its page on step 2's
 * review from what is exported here; nothing else of this folder is imported from outside it.
 */
export {
  scopedDiseasesQueryOptions,
  type ScopedDiseasesRequest,
} from "./api/get-scoped-diseases.ts";
export { calendarBuilderQueryKeys } from "./query-keys.ts";
export type {
  GivenShotDialogProps,
  GivenShots,
  UndoGivenShotButtonProps,
} from "./components/given-shots-parts.ts";
export { ReviewCalendarPage } from "./components/review-calendar-page.tsx";
export { autosaveMessages } from "./components/autosave-bar.tsx";
export { describeChosenDate, formatDayDate, readToday } from "./lib/calendar-dates.ts";
export { buildCalendarSetup, describeSetupKey, findCombination } from "./lib/calendar-setup.ts";
export {
  hasKeptSavedDraft,
  pickDraftSlot,
  resetCalendarDraft,
  restoreSavedCalendarDraft,
  toVaccineInput,
  useCalendarDraftStore,
} from "./stores/calendar-draft-store.ts";
export {
  applyCalendarFormFields,
  readCalendarForm,
  resetCalendarForm,
  useCalendarFormStore,
} from "./stores/calendar-form-store.ts";
