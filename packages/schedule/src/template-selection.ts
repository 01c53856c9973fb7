import { addDays, type IsoDate } from "./iso-date.ts";
import type { CalendarSetup, DateWindow, HerdStatus, ShotTemplateInput } from "./schedule.types.ts";

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

/** A template's anchor: the date its days count from, or null when it is not set. */
function findTemplateAnchor(
  template: ShotTemplateInput,
  birthDate: IsoDate | null,
  breedingDate: IsoDate | null,
): { anchor: IsoDate; days: number } | null {
  if (template.birth_days !== null) {
    return birthDate === null ? null : { anchor: birthDate, days: template.birth_days };
  }
  if (template.breeding_days !== null) {
    return breedingDate === null ? null : { anchor: breedingDate, days: template.breeding_days };
  }
  return null;
}

/** A template dated against its anchor: the preferred day, and the window when it is known. */
export interface DatedTemplate {
  /** The birth or breeding date the template counts from. */
  readonly anchor: IsoDate;
  readonly preferred: IsoDate;
  /** Null when the template carries no window (earliest_days and latest_days unset). */
  readonly window: DateWindow | null;
}

/**
 * A template's preferred day and window as dates (docs/decisions/411). A window that leaves out
 * the preferred day is widened to hold it, so a hand-made template can never plan outside its own
 * window. Null when the date it counts from is not set.
 */
export function dateTemplateWindow(
  template: ShotTemplateInput,
  birthDate: IsoDate | null,
  breedingDate: IsoDate | null,
): DatedTemplate | null {
  const found = findTemplateAnchor(template, birthDate, breedingDate);
  if (found === null) return null;
  const { anchor, days } = found;
  const earliest = template.earliest_days ?? null;
  const latest = template.latest_days ?? null;
  const window =
    earliest === null && latest === null
      ? null
      : {
          from: addDays(anchor, Math.min(earliest ?? days, days)),
          to: addDays(anchor, Math.max(latest ?? days, days)),
        };
  return { anchor, preferred: addDays(anchor, days), window };
}

/** docs/product.md §3 "Herd status": a disease the setup does not mention is primed. */
export function resolveHerdStatus(
  setup: Pick<CalendarSetup, "herdStatus">,
  diseaseId: number,
): HerdStatus {
  return setup.herdStatus?.[String(diseaseId)] ?? "primed";
}

/** The spec's fixed enterprise id of dairy farms. */
const DAIRY_ENTERPRISE_ID = 1;

/**
 * Whether the animals graze where lungworm is a risk (decision 415): the setup's answer, else yes
 * for dairy calves (Huskvac's dairy replacements) and no for suckler calves, which graze with
 * their dams and for which the SPC's course is impractical (S9, SAC).
 */
export function resolveLungwormRisk(
  setup: Pick<CalendarSetup, "lungwormRisk" | "enterprise">,
): boolean {
  return setup.lungwormRisk ?? setup.enterprise.id === DAIRY_ENTERPRISE_ID;
}

/**
 * What decides whether a template applies: the season, the herd status of its disease, and
 * whether the animals graze with lungworm risk.
 */
export interface TemplateScope {
  readonly seasonId: number | null;
  readonly herdStatus: HerdStatus;
  readonly lungwormRisk: boolean;
}

/** The scope of a column's templates: the setup's season and answers for the disease. */
export function resolveTemplateScope(setup: CalendarSetup, diseaseId: number): TemplateScope {
  return {
    seasonId: setup.season?.id ?? null,
    herdStatus: resolveHerdStatus(setup, diseaseId),
    lungwormRisk: resolveLungwormRisk(setup),
  };
}

/**
 * Whether a template belongs in a column: its season (if it names one) is the setup's, and its
 * herd status (if it names one) is the disease's. A herd starting out gets its primary course
 * before the boosters every herd gets; autumn-born calves get their spring doses.
 */
export function isTemplateInScope(template: ShotTemplateInput, scope: TemplateScope): boolean {
  const seasonId = template.season_id ?? null;
  if (seasonId !== null && seasonId !== scope.seasonId) return false;
  if (template.lungworm_risk_only === true && !scope.lungwormRisk) return false;
  const herdStatus = template.herd_status ?? null;
  return herdStatus === null || herdStatus === scope.herdStatus;
}
