import type { Warning } from "@vaxcal/contracts";
import {
  ProtocolRule,
  SPACING_DAYS,
  countDaysBetween,
  describeDays,
  findShot,
  resolveBirthLabel,
  type Calendar,
  type IsoDate,
  type ProtocolWarning,
  type VaccineInput,
} from "@vaxcal/schedule";

/*
 * The engine's protocol warnings (checkProtocol) as the page shows them: a short name beside the
 * shot, and the matching preset popup of the `warnings` list with its placeholders filled.
 */

/** Popup presets by slug (the reference data's `WarningSlug`). */
export const PopupSlug = {
  shotsInThePastFound: "shotsInThePastFound",
  maxShotsReached: "maxShotsReached",
  removeDisease: "removeDisease",
  deleteShot: "deleteShot",
  recurrentShotMirror: "recurrentShotMirror",
  ruleSpacing: "ruleSpacing",
  ruleMinimumAge: "ruleMinimumAge",
  rulePregnancy: "rulePregnancy",
  rulePreBreedingGap: "rulePreBreedingGap",
  ruleBlackoutWindow: "ruleBlackoutWindow",
  ruleProductWindow: "ruleProductWindow",
} as const;
export type PopupSlug = (typeof PopupSlug)[keyof typeof PopupSlug];

/** The rule's name for the details line under a warning; never the warning's own words. */
export const protocolRuleNames: Record<ProtocolRule, string> = {
  spacing: "Spacing",
  minimumAge: "Minimum age",
  pregnancy: "Pregnancy",
  beforeBreeding: "Before breeding",
  blackout: "Blackout",
  productWindow: "Product window",
  maxShots: "Max shots",
  doseInterval: "Dose interval",
  missingSecondDose: "Second dose",
  notProtectiveInPregnancy: "Not protective in pregnancy",
  tooEarlyBeforeBreeding: "Too early before breeding",
  boosterWindow: "Booster before birth",
  tooCloseToBirth: "Too close to birth",
  lapsedCourse: "Lapsed course",
  crossesToCalf: "Vaccine virus in pregnancy",
  handlerSafety: "Safe handling",
  youngestUnderAge: "Own age",
};

const slugByRule: Record<ProtocolRule, PopupSlug | null> = {
  spacing: PopupSlug.ruleSpacing,
  minimumAge: PopupSlug.ruleMinimumAge,
  pregnancy: PopupSlug.rulePregnancy,
  beforeBreeding: PopupSlug.rulePreBreedingGap,
  blackout: PopupSlug.ruleBlackoutWindow,
  productWindow: PopupSlug.ruleProductWindow,
  // No preset explains these after the fact; the engine's own sentence says what to do.
  maxShots: null,
  doseInterval: null,
  missingSecondDose: null,
  notProtectiveInPregnancy: null,
  tooEarlyBeforeBreeding: null,
  boosterWindow: null,
  tooCloseToBirth: null,
  lapsedCourse: null,
  crossesToCalf: null,
  handlerSafety: null,
  youngestUnderAge: null,
};

export type PopupParameters = Record<string, string | number>;

/** Fills `{name}` placeholders; a placeholder with no value stays as it is, visibly. */
export function fillPlaceholders(text: string, parameters: PopupParameters): string {
  return text.replace(/\{(\w+)\}/g, (placeholder, name: string) =>
    name in parameters ? String(parameters[name]) : placeholder,
  );
}

export function findPreset(warnings: readonly Warning[], slug: string): Warning | null {
  return warnings.find((warning) => warning.slug === slug) ?? null;
}

function findVaccine(calendar: Calendar, shotId: string): VaccineInput | null {
  const shot = findShot(calendar, shotId);
  const column = calendar.diseases.find((candidate) => candidate.diseaseId === shot?.diseaseId);
  return column?.vaccine ?? null;
}

/** Days from a date to the next breeding date on or after it (adults breed every year). */
function countDaysToBreeding(calendar: Calendar, date: IsoDate): number | null {
  const breedingDate = calendar.setup.breedingDate;
  if (breedingDate === null) return null;
  for (let year = Number(date.slice(0, 4)); year <= Number(date.slice(0, 4)) + 1; year++) {
    const days = countDaysBetween(date, `${year}${breedingDate.slice(4)}`);
    if (days >= 0) return days;
  }
  return null;
}

export type RulePopup = {
  slug: PopupSlug | null;
  parameters: PopupParameters;
  vaccine: VaccineInput | null;
  /** The engine's own sentence, for a rule without a preset. */
  message: string;
  title: string;
};

/** The popup a protocol warning opens from beside one of its shots. */
export function describeRulePopup(
  warning: ProtocolWarning,
  shotId: string,
  calendar: Calendar,
): RulePopup {
  const vaccine = findVaccine(calendar, shotId);
  const shot = findShot(calendar, shotId);
  const parameters: PopupParameters = { vaccine: vaccine?.name ?? "This vaccine" };
  const rules = vaccine?.rules;
  if (warning.rule === ProtocolRule.spacing) {
    const otherId = warning.shotIds.find((id) => id !== shotId) ?? shotId;
    const other = findShot(calendar, otherId);
    parameters.otherVaccine = findVaccine(calendar, otherId)?.name ?? "another vaccine";
    if (shot?.date && other?.date) {
      parameters.days = Math.abs(countDaysBetween(other.date, shot.date));
    }
  } else if (warning.rule === ProtocolRule.minimumAge && rules) {
    parameters.minAgeDays = rules.min_age_days ?? 0;
    const birthDate = calendar.setup.birthDate;
    if (shot?.date && birthDate) {
      parameters.ageDays = countDaysBetween(birthDate, shot.date);
    }
  } else if (warning.rule === ProtocolRule.beforeBreeding && rules) {
    parameters.minDays = rules.min_days_before_breeding ?? 0;
    const days = shot?.date ? countDaysToBreeding(calendar, shot.date) : null;
    if (days !== null) parameters.days = days;
  } else if (warning.rule === ProtocolRule.blackout && rules?.blackout_birth_days) {
    parameters.daysBefore = -rules.blackout_birth_days.from;
    parameters.daysAfter = rules.blackout_birth_days.to;
  } else if (warning.rule === ProtocolRule.productWindow && rules?.window_birth_days) {
    parameters.earliestDays = -rules.window_birth_days.from;
    parameters.latestDays = -rules.window_birth_days.to;
  }
  return {
    slug: slugByRule[warning.rule],
    parameters,
    vaccine,
    message: warning.message,
    title: `${protocolRuleNames[warning.rule]} rule`,
  };
}

/**
 * docs/product.md D20: what a warning beside a shot says, in farm words. It names the problem
 * and what to do ("Too close to breeding: give it at least 4 weeks before"); the rule's name and
 * its source go in a details line (describeWarningDetails), never in the label.
 */
export function describeWarningAction(
  warning: ProtocolWarning,
  shotId: string,
  calendar: Calendar,
): string {
  const rules = findVaccine(calendar, shotId)?.rules;
  const birth = resolveBirthLabel(calendar.setup).toLowerCase();
  switch (warning.rule) {
    case ProtocolRule.spacing:
      return `Too close to another vaccine: leave ${SPACING_DAYS} days between them`;
    case ProtocolRule.minimumAge:
      return rules?.min_age_days
        ? `Too young: give it from ${describeDays(rules.min_age_days)} old`
        : "Too young: give it later";
    case ProtocolRule.pregnancy:
      return `Not in pregnancy: give it before breeding or after ${birth}`;
    case ProtocolRule.beforeBreeding:
      return rules?.min_days_before_breeding
        ? `Too close to breeding: give it at least ${describeDays(rules.min_days_before_breeding)} before`
        : "Too close to breeding: give it earlier";
    case ProtocolRule.blackout:
      return rules?.blackout_birth_days
        ? `Too close to ${birth}: give it more than ${describeDays(-rules.blackout_birth_days.from)} before or ${describeDays(rules.blackout_birth_days.to)} after`
        : `Too close to ${birth}: move it away from ${birth}`;
    case ProtocolRule.productWindow:
      return rules?.window_birth_days
        ? `Outside its window: give it ${describeDays(-rules.window_birth_days.from)} to ${describeDays(-rules.window_birth_days.to)} before ${birth}`
        : `Outside its window: move it nearer ${birth}`;
    case ProtocolRule.maxShots:
      return rules?.max_shots
        ? `Too many shots this year: the most is ${rules.max_shots}, so remove one`
        : "Too many shots this year: remove one";
    default: {
      // The course and timing rules already speak this way: "Too close to lambing: give … before".
      // Beside its own shot the vaccine is "it", which keeps the label short on a phone.
      const name = findVaccine(calendar, shotId)?.name;
      const text = warning.message.replace(/\.$/, "");
      if (!name) return text;
      return text
        .replace(`give ${name} `, "give it ")
        .replace(`give the ${name} `, "give the ")
        .replace(` of ${name} `, " ");
    }
  }
}

/** The details line: which rule, and where it comes from (a source of the reference document). */
export function describeWarningDetails(warning: ProtocolWarning): string {
  const source = warning.source === "SPC" ? "the product's SPC" : `reference ${warning.source}`;
  return `${protocolRuleNames[warning.rule]} rule, from ${source}`;
}
