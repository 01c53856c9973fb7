import { addDays, type IsoDate } from "./iso-date.ts";
import type { CalendarSetup, HerdStatus, ShotTemplateInput } from "./schedule.types.ts";

/** A template's date, or null when the date it counts from is not set (the Ram has no birth). */
export function dateTemplate(
  template: ShotTemplateInput,
  birthDate: IsoDate | null,
  breedingDate: IsoDate | null,
): IsoDate | null {
  if (template.birth_days !== null) {
    return birthDate === null ? null : addDays(birthDate, template.birth_days);
  }
  if (template.breeding_days !== null) {
    return breedingDate === null ? null : addDays(breedingDate, template.breeding_days);
  }
  return null;
}

/** docs/product.md §3 "Herd status": a disease the setup does not mention is primed. */
export function resolveHerdStatus(
  setup: Pick<CalendarSetup, "herdStatus">,
  diseaseId: number,
): HerdStatus {
  return setup.herdStatus?.[String(diseaseId)] ?? "primed";
}

/** What decides whether a template applies: the season, and the herd status of its disease. */
export interface TemplateScope {
  readonly seasonId: number | null;
  readonly herdStatus: HerdStatus;
}

/**
 * Whether a template belongs in a column: its season (if it names one) is the setup's, and its
 * herd status (if it names one) is the disease's. A herd starting out gets its primary course
 * before the boosters every herd gets; autumn-born calves get their spring doses.
 */
export function isTemplateInScope(template: ShotTemplateInput, scope: TemplateScope): boolean {
  const seasonId = template.season_id ?? null;
  if (seasonId !== null && seasonId !== scope.seasonId) return false;
  const herdStatus = template.herd_status ?? null;
  return herdStatus === null || herdStatus === scope.herdStatus;
}
