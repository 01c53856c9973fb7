import { fromDayNumber, moveToYear, readYear, toDayNumber, type IsoDate } from "./iso-date.ts";
import type { Calendar, DayWindowInput, Shot, VaccineInput } from "./schedule.types.ts";
import { resolveBirthDate, resolveBirthLabel } from "./season-defaults.ts";

/** The rule checks of the reference document ("Rule checks worth building"). None blocks. */
export const ProtocolRule = {
  spacing: "spacing",
  minimumAge: "minimumAge",
  pregnancy: "pregnancy",
  beforeBreeding: "beforeBreeding",
  blackout: "blackout",
  productWindow: "productWindow",
  maxShots: "maxShots",
} as const;
export type ProtocolRule = (typeof ProtocolRule)[keyof typeof ProtocolRule];

export interface ProtocolWarning {
  readonly rule: ProtocolRule;
  /** A source id of the reference document: S25 for spacing, else the vaccine's first source. */
  readonly source: string;
  readonly shotIds: readonly string[];
  readonly message: string;
}

/** Animal Health Ireland's rule of thumb: two weeks between different vaccines [S25]. */
export const SPACING_DAYS = 14;
const SPACING_SOURCE = "S25";
/** When a vaccine names no source, the warning points at its summary of product characteristics. */
const FALLBACK_SOURCE = "SPC";
const SOURCE_ID_PATTERN = /S\d+/;

interface DatedShot {
  readonly shot: Shot;
  readonly vaccine: VaccineInput;
  readonly day: number;
}

interface SeasonAnchors {
  readonly birthDate: IsoDate | null;
  readonly breedingDate: IsoDate | null;
  /** Days from a breeding date to the birth that follows it. */
  readonly gestationDays: number | null;
  /** An adult's calving or lambing and breeding come round every year; a young animal's birth does not. */
  readonly isYearly: boolean;
  readonly birthLabel: string;
}

function findSourceId(vaccine: VaccineInput): string {
  return SOURCE_ID_PATTERN.exec(vaccine.source_note ?? "")?.[0] ?? FALLBACK_SOURCE;
}

function resolveAnchors(calendar: Calendar): SeasonAnchors {
  const birthDate = resolveBirthDate(calendar.setup);
  const breedingDate = calendar.setup.breedingDate;
  let gestationDays: number | null = null;
  if (birthDate !== null && breedingDate !== null) {
    let birthDay = toDayNumber(birthDate);
    let birthYear = readYear(birthDate);
    // Cows are bred after calving for next year's calving: the pregnancy ends at the next birth.
    while (birthDay < toDayNumber(breedingDate)) {
      birthYear++;
      birthDay = toDayNumber(moveToYear(birthDate, birthYear));
    }
    gestationDays = birthDay - toDayNumber(breedingDate);
  }
  return {
    birthDate,
    breedingDate,
    gestationDays,
    isYearly: calendar.setup.animal.isAdult,
    birthLabel: resolveBirthLabel(calendar.setup).toLowerCase(),
  };
}

/** Whether the anchor date, or for a yearly season any of its anniversaries, falls in the days. */
function hasAnchorBetween(
  anchor: IsoDate,
  isYearly: boolean,
  fromDay: number,
  toDay: number,
): boolean {
  if (!isYearly) {
    const day = toDayNumber(anchor);
    return day >= fromDay && day <= toDay;
  }
  const lastYear = readYear(fromDayNumber(toDay));
  for (let year = readYear(fromDayNumber(fromDay)); year <= lastYear; year++) {
    const day = toDayNumber(moveToYear(anchor, year));
    if (day >= fromDay && day <= toDay) return true;
  }
  return false;
}

function describeOffset(days: number, label: string): string {
  if (days === 0) return `the ${label} date`;
  return `${Math.abs(days)} days ${days < 0 ? "before" : "after"} ${label}`;
}

function describeWindow(window: DayWindowInput, label: string): string {
  return `from ${describeOffset(window.from, label)} to ${describeOffset(window.to, label)}`;
}

function collectDatedShots(calendar: Calendar): DatedShot[] {
  const dated: DatedShot[] = [];
  for (const column of calendar.diseases) {
    if (column.vaccine === null) continue;
    for (const shot of column.shots) {
      if (shot.date !== null) {
        dated.push({ shot, vaccine: column.vaccine, day: toDayNumber(shot.date) });
      }
    }
  }
  return dated.sort((left, right) => left.day - right.day);
}

function isCompatiblePair(left: VaccineInput, right: VaccineInput): boolean {
  return (
    left.id === right.id ||
    left.rules.compatible_vaccine_ids.includes(right.id) ||
    right.rules.compatible_vaccine_ids.includes(left.id)
  );
}

function checkSpacing(dated: readonly DatedShot[], index: number, warnings: ProtocolWarning[]) {
  const current = dated[index];
  if (current === undefined) return;
  for (let next = index + 1; next < dated.length; next++) {
    const other = dated[next];
    if (other === undefined || other.day - current.day >= SPACING_DAYS) break;
    if (isCompatiblePair(current.vaccine, other.vaccine)) continue;
    const gap = other.day - current.day;
    warnings.push({
      rule: ProtocolRule.spacing,
      source: SPACING_SOURCE,
      shotIds: [current.shot.id, other.shot.id],
      message:
        `${current.vaccine.name} and ${other.vaccine.name} are ` +
        `${gap === 0 ? "on the same day" : `${gap} ${gap === 1 ? "day" : "days"} apart`}. ` +
        `Leave at least ${SPACING_DAYS} days between different vaccines unless the product ` +
        `literature allows them together.`,
    });
  }
}

function checkShotRules(entry: DatedShot, anchors: SeasonAnchors, warnings: ProtocolWarning[]) {
  const { shot, vaccine, day } = entry;
  const { rules, name } = vaccine;
  const warn = (rule: ProtocolRule, message: string) =>
    warnings.push({ rule, source: findSourceId(vaccine), shotIds: [shot.id], message });
  const { birthDate, breedingDate, birthLabel, isYearly } = anchors;

  if (rules.min_age_days !== null && birthDate !== null && !isYearly) {
    const age = day - toDayNumber(birthDate);
    if (age < rules.min_age_days) {
      warn(
        ProtocolRule.minimumAge,
        `${name} is due ${age < 0 ? "before the animal is born" : `at ${age} days old`}, ` +
          `below its minimum age of ${rules.min_age_days} days.`,
      );
    }
  }
  if (rules.not_in_pregnancy && breedingDate !== null && anchors.gestationDays !== null) {
    // Pregnant from the breeding day up to, not including, the birth day.
    if (hasAnchorBetween(breedingDate, isYearly, day - anchors.gestationDays + 1, day)) {
      warn(
        ProtocolRule.pregnancy,
        `${name} must not be given in pregnancy, and this date falls between breeding and ${birthLabel}.`,
      );
    }
  }
  const minDaysBeforeBreeding = rules.min_days_before_breeding;
  if (minDaysBeforeBreeding !== null && minDaysBeforeBreeding > 0 && breedingDate !== null) {
    if (hasAnchorBetween(breedingDate, isYearly, day, day + minDaysBeforeBreeding - 1)) {
      warn(
        ProtocolRule.beforeBreeding,
        `${name} is due less than ${minDaysBeforeBreeding} days before breeding; ` +
          `give it at least ${minDaysBeforeBreeding} days before.`,
      );
    }
  }
  const blackout = rules.blackout_birth_days;
  if (blackout !== null && birthDate !== null) {
    if (hasAnchorBetween(birthDate, isYearly, day - blackout.to, day - blackout.from)) {
      warn(
        ProtocolRule.blackout,
        `${name} should not be given ${describeWindow(blackout, birthLabel)}.`,
      );
    }
  }
  const window = rules.window_birth_days;
  if (window !== null && birthDate !== null) {
    if (!hasAnchorBetween(birthDate, isYearly, day - window.to, day - window.from)) {
      warn(
        ProtocolRule.productWindow,
        `${name} belongs ${describeWindow(window, birthLabel)}; this date is outside that window.`,
      );
    }
  }
}

function checkMaxShotsPerYear(calendar: Calendar, warnings: ProtocolWarning[]) {
  for (const column of calendar.diseases) {
    const max = column.vaccine?.rules.max_shots ?? null;
    if (column.vaccine === null || max === null) continue;
    const shotIdsByYear = new Map<number, string[]>();
    for (const shot of column.shots) {
      if (shot.cycle !== 1 || shot.date === null) continue;
      const year = readYear(shot.date);
      const ids = shotIdsByYear.get(year);
      if (ids === undefined) shotIdsByYear.set(year, [shot.id]);
      else ids.push(shot.id);
    }
    for (const [year, shotIds] of shotIdsByYear) {
      if (shotIds.length <= max) continue;
      warnings.push({
        rule: ProtocolRule.maxShots,
        source: findSourceId(column.vaccine),
        shotIds,
        message: `${column.vaccine.name} has ${shotIds.length} shots in ${year}; the most in one year is ${max}.`,
      });
    }
  }
}

/**
 * The step 2 protocol warnings, by date: shots of different vaccines under 14 days apart (unless
 * either vaccine lists the other as compatible), a young animal under the vaccine's minimum age,
 * a not-in-pregnancy vaccine between breeding and birth, a vaccine too close before breeding, a
 * shot in a blackout window or outside its product window around birth, and more first-cycle
 * shots in a year than max_shots. For adults the season's birth and breeding dates come round
 * every year, so a mirrored copy is checked against that year's season.
 */
export function checkProtocol(calendar: Calendar): ProtocolWarning[] {
  const warnings: ProtocolWarning[] = [];
  const anchors = resolveAnchors(calendar);
  const dated = collectDatedShots(calendar);
  for (let index = 0; index < dated.length; index++) {
    const entry = dated[index];
    if (entry === undefined) continue;
    checkSpacing(dated, index, warnings);
    checkShotRules(entry, anchors, warnings);
  }
  checkMaxShotsPerYear(calendar, warnings);
  return warnings;
}
