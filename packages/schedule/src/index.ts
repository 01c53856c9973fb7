/**
 * @vaxcal/schedule: the vaccination schedule engine. Pure functions, no I/O, no clock: "today" is
 * always an argument. The web app runs it on every edit; the server runs the same code to
 * validate, print and plan reminders.
 */
export {
  addDiseases,
  buildCalendar,
  generateTemplateSeeds,
  restoreCalendar,
} from "./build-calendar.ts";
export {
  applyHerdStatusDefaults,
  resolveHerdStatus,
  resolveLungwormRisk,
} from "./template-selection.ts";
export { asksYoungestAge, describeMinimumAge } from "./own-age.ts";
export {
  DEFAULT_BLOCK_DAYS_BY_SEASON,
  describeBlock,
  resolveBirthBlock,
  resolveDefaultBlockEnd,
} from "./birth-block.ts";
export {
  checkProtocol,
  ProtocolRule,
  SPACING_DAYS,
  type ProtocolWarning,
} from "./check-protocol.ts";
export {
  checkFarmTimeline,
  FarmStage,
  FarmTimelineRule,
  type FarmTimelineInput,
  type FarmTimelineShotRef,
  type FarmTimelineWarning,
  type TimelineCalendar,
  type TimelineShot,
} from "./check-farm-timeline.ts";
export { collectFootnotes, formatFootnoteMark, type Footnote } from "./footnotes.ts";
export { describeDays } from "./protocol-anchors.ts";
export {
  addDays,
  countDaysBetween,
  formatLongDate,
  formatShortDate,
  isIsoDate,
  moveToYear,
  readMonthName,
} from "./iso-date.ts";
export {
  findMonthWindow,
  listOccurrences,
  type Occurrence,
  type OccurrenceSeed,
} from "./occurrences.ts";
export { prepareForSubmit } from "./prepare-for-submit.ts";
export {
  READ_ONLY_SHOT_MESSAGE,
  ScheduleErrorCode,
  type ScheduleError,
  type ScheduleResult,
} from "./schedule-error.ts";
export { expandSavedPlan, type ExpandSavedPlanInput } from "./saved-plan.ts";
export type * from "./schedule.types.ts";
export { MISSED_THIS_SEASON_NOTE, NO_FIXED_SCHEDULE_NOTE } from "./schedule.types.ts";
export { DUE_NOW_LABEL, describeSeasonTiming } from "./season-timing-words.ts";
export {
  BirthLabel,
  resolveBirthLabel,
  resolveCalendarYear,
  resolveDefaultSeasonId,
  resolveSeasonDefaults,
  type SeasonDefaults,
} from "./season-defaults.ts";
export {
  addShot,
  canEditShot,
  checkMaxShots,
  deleteShot,
  dropPastShots,
  findShot,
  hasPastShots,
  removeDisease,
  updateShotDate,
  type MaxShotsCheck,
} from "./shot-operations.ts";
export {
  planProtocolUpdate,
  selectColumnProtocol,
  type KeptReason,
  type ProtocolChange,
  type ProtocolChangeKind,
  type ProtocolColumn,
  type ProtocolSeed,
  type ProtocolShotState,
  type ProtocolUpdate,
  type ProtocolUpdateInput,
} from "./protocol-update.ts";
