import { addDays, type IsoDate } from "./iso-date.ts";
import type {
  CalendarSetup,
  DateWindow,
  DiseaseInput,
  HerdStatus,
  ShotTemplateInput,
} from "./schedule.types.ts";

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

/**
 * The herd status an unanswered question takes for the animal's offer of this vaccine (decision
 * 421): the offer's default, else primed. A vaccine no disease offers the animal is primed.
 */
export function findHerdStatusDefault(
  diseases: readonly DiseaseInput[],
  animalId: number,
  vaccineId: number,
): HerdStatus {
  for (const disease of diseases) {
    for (const offer of disease.animals) {
      if (offer.animal_id === animalId && offer.vaccine_id === vaccineId) {
        return offer.herd_status_default ?? "primed";
      }
    }
  }
  return "primed";
}

/**
 * The setup with each unanswered herd status question of its animal's offers given the offer's
 * default (decision 421): heifers' BVD course is laid out unless the farmer says they had it.
 * Only defaults other than primed are written, so a setup whose offers all default to primed is
 * returned as it is. Every caller that plans or checks a setup passes it through here first.
 */
export function applyHerdStatusDefaults<Setup extends CalendarSetup>(
  setup: Setup,
  diseases: readonly DiseaseInput[],
): Setup {
  let herdStatus: Record<string, HerdStatus> | null = null;
  for (const disease of diseases) {
    const key = String(disease.id);
    if (setup.herdStatus?.[key] !== undefined) continue;
    const offer = disease.animals.find((candidate) => candidate.animal_id === setup.animal.id);
    const fallback = offer?.herd_status_default ?? "primed";
    if (fallback === "primed") continue;
    herdStatus ??= { ...setup.herdStatus };
    herdStatus[key] = fallback;
  }
  return herdStatus === null ? setup : { ...setup, herdStatus };
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
