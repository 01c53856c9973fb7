import { restoreCalendar } from "./build-calendar.ts";
import { assignColumnLayout, collectSeeds, expandColumnThrough } from "./calendar-layout.ts";
import { assertIsoDate, type IsoDate } from "./iso-date.ts";
import type { RestoreCalendarInput, SubmitDisease } from "./schedule.types.ts";

export interface ExpandSavedPlanInput extends RestoreCalendarInput {
  /** The last day copies are laid out to, included. First occurrences are always kept. */
  readonly through: IsoDate;
}

/**
 * A saved plan (its first occurrences) laid out as the save payload lays a calendar out: every
 * first occurrence, every copy up to `through`, with the layout fields of docs/product.md §3
 * counted from the calendar's displayed range. A server reads a saved calendar back with it, to
 * any horizon (docs/decisions/402).
 */
export function expandSavedPlan(input: ExpandSavedPlanInput): SubmitDisease[] {
  assertIsoDate(input.through, "through");
  const calendar = restoreCalendar(input);
  return calendar.diseases.map((column) => {
    const shots = expandColumnThrough(
      { diseaseId: column.diseaseId, vaccine: column.vaccine, seeds: collectSeeds(column) },
      input.through,
    );
    assignColumnLayout(shots, calendar.yearRange.from);
    const saved = input.diseases.find((disease) => disease.id === column.diseaseId);
    return { id: column.diseaseId, vaccineId: saved?.vaccineId ?? null, shots };
  });
}
