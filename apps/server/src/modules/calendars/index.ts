// The calendars module's public entry: what app.ts, the other modules and their tests use.
export { calendarsRoutes } from "./calendars.plugin.ts";
export type { CalendarsRoutesOptions } from "./calendar-routes-context.ts";
export { createRenderVersions, type RenderVersions } from "./documents/render-versions.ts";
export { createCalendarPdfReader } from "./documents/calendar-pdf-reader.ts";
export { createCalendarRenders, type CalendarRenders } from "./documents/calendar-renders.ts";
export {
  listCalendarOccurrences,
  listOccurrencesOfAllCalendars,
  listOccurrencesOfCalendars,
  type CalendarOccurrence,
} from "./calendars/calendar-occurrences.ts";
export { createCalendarPlansRepository } from "./calendars/calendar-plans.repository.ts";
export { createProtocolStamp } from "./calendars/protocol-stamp.ts";
export { toStoredSeeds } from "./calendars/check-calendar-submission.ts";
export { buildFeedUrls, createFeedCredentials } from "./documents/calendar-feed-token.ts";
export type { CalendarDocument } from "./documents/calendar-document.ts";
export {
  createVetChangeNoticesRepository,
  type NoticeShot,
  type VetChangeNotice,
} from "./calendars/vet-change-notices.repository.ts";
