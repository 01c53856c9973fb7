import { readMonthName, type IsoDate } from "./iso-date.ts";
import {
  COURSE_FROM_TODAY_NOTE,
  MISSED_THIS_SEASON_NOTE,
  type SeasonTiming,
} from "./schedule.types.ts";

/** What a dose due now says, in the grid, the shot panel, 'Due next', the PDF and the feed. */
export const DUE_NOW_LABEL = "Due now";

/** `2027-01-12` → `12 Jan`: the year is the dose's own, so it is left out. */
function formatDayAndMonth(date: IsoDate): string {
  const [, month, day] = date.split("-").map(Number);
  return `${day} ${readMonthName(month ?? 1).slice(0, 3)}`;
}

/**
 * A dose's timing this season in farm words (decision 411): "Due now: window closes 12 Jan", or
 * "Missed this season: talk to your vet", or for a young group's course started from today
 * (decision 426) "Started from today: the first dose's usual time has passed". Null for a dose planned on its usual day, and for a
 * dose due now whose window has closed by `today` (then it is simply overdue).
 */
export function describeSeasonTiming(
  timing: SeasonTiming | null | undefined,
  today?: IsoDate,
): string | null {
  if (timing === null || timing === undefined) return null;
  if (timing.state === "missed") return MISSED_THIS_SEASON_NOTE;
  if (today !== undefined && timing.window.to < today) return null;
  if (timing.courseFromToday === true) return COURSE_FROM_TODAY_NOTE;
  return `${DUE_NOW_LABEL}: window closes ${formatDayAndMonth(timing.window.to)}`;
}
