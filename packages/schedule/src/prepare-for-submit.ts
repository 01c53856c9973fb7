import { assignColumnLayout, copyShots } from "./calendar-layout.ts";
import { readYear } from "./iso-date.ts";
import { fail, succeed, ScheduleErrorCode, type ScheduleResult } from "./schedule-error.ts";
import type { Calendar, Shot, SubmitData, SubmitDisease } from "./schedule.types.ts";

/**
 * docs/product.md §5 at "Finish Calendar": blocked without diseases; undated shots are skipped;
 * shots outside the displayed year range are dropped unless user-initiated. Rows and orders in
 * month are recomputed over what is kept, so saving, reopening with restoreCalendar and saving
 * again gives the same data.
 */
export function prepareForSubmit(calendar: Calendar): ScheduleResult<SubmitData> {
  if (calendar.diseases.length === 0) return fail(ScheduleErrorCode.noDiseases);
  const { from, to } = calendar.yearRange;
  const isKept = (shot: Shot): boolean => {
    if (shot.date === null) return false;
    const year = readYear(shot.date);
    return shot.userInitiated || (year >= from && year <= to);
  };
  const diseases = calendar.diseases.map((column): SubmitDisease => {
    const shots = copyShots(column.shots.filter(isKept));
    assignColumnLayout(shots, from);
    return { id: column.diseaseId, vaccineId: column.vaccine?.id ?? null, shots };
  });
  return succeed({ setup: calendar.setup, diseases });
}
