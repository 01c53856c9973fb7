import {
  resolveAnimalGroups,
  sharesAnimals,
  type AnimalGroups,
  type AnimalSpan,
  GROUP_DATE_MARGIN_DAYS,
  placeSpan,
} from "./animal-groups.ts";
import { describeShortRange } from "./birth-block.ts";
import { checkCourses } from "./check-course-rules.ts";
import { checkOwnAge } from "./check-own-age.ts";
import { applyHerdStatusDefaults } from "./template-selection.ts";
import { readYear, toDayNumber } from "./iso-date.ts";
import {
  ProtocolRule,
  describeDays,
  findSourceId,
  hasAnchorBetween,
  isPregnantOn,
  listAnchorDays,
  resolveAnchors,
  type DatedShot,
  type ProtocolWarning,
  type SeasonAnchors,
} from "./protocol-anchors.ts";
import type {
  Calendar,
  DayWindowInput,
  DiseaseInput,
  ShotTemplateInput,
  VaccineInput,
} from "./schedule.types.ts";

export { ProtocolRule, type ProtocolWarning } from "./protocol-anchors.ts";

/** Animal Health Ireland's rule of thumb: two weeks between different vaccines [S25]. */
export const SPACING_DAYS = 14;
const SPACING_SOURCE = "S25";
const DAYS_PER_MONTH = 30;

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

/** The same vaccine, or two the product literature allows together (either lists the other). */
export function isCompatiblePair(left: VaccineInput, right: VaccineInput): boolean {
  return (
    left.id === right.id ||
    left.rules.compatible_vaccine_ids.includes(right.id) ||
    right.rules.compatible_vaccine_ids.includes(left.id)
  );
}

/**
 * Two doses of different vaccines under 14 days apart for the same animals: a dose of the early
 * group and one of the late group go to different cows or ewes (decision 417).
 */
function checkSpacing(
  dated: readonly DatedShot[],
  index: number,
  groups: AnimalGroups,
  warnings: ProtocolWarning[],
) {
  const current = dated[index];
  if (current === undefined) return;
  for (let next = index + 1; next < dated.length; next++) {
    const other = dated[next];
    if (other === undefined || other.day - current.day >= SPACING_DAYS) break;
    if (isCompatiblePair(current.vaccine, other.vaccine)) continue;
    if (!sharesAnimals(groups, current.shot.id, other.shot.id)) continue;
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

function checkShotRules(
  entry: DatedShot,
  anchors: SeasonAnchors,
  groups: AnimalGroups,
  warnings: ProtocolWarning[],
) {
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
  // Pregnant from the breeding day up to, not including, the birth day.
  if (rules.not_in_pregnancy && isPregnantOn(anchors, day)) {
    warn(
      ProtocolRule.pregnancy,
      `${name} must not be given in pregnancy, and this date falls between breeding and ${birthLabel}.`,
    );
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
    const outside = findOutsideWindow(day, window, groups.spanOf(shot.id), anchors);
    if (outside !== null) {
      warn(
        ProtocolRule.productWindow,
        `${name} belongs ${describeWindow(window, birthLabel)}; this date is outside that ` +
          `window${outside}.`,
      );
    }
  }
  checkBreedingAndBirthTiming(entry, anchors, warn);
}

/**
 * Whether a dose is outside its product window for the animals it is for (decision 417): a group
 * that one date can cover (or the whole block) must have every birth inside the window, counted
 * from its first and its last birth; a group one date cannot cover, whose name already says so,
 * must have some. Null when inside; else the words naming the animals, empty without a block.
 */
function findOutsideWindow(
  day: number,
  window: DayWindowInput,
  span: AnimalSpan,
  anchors: SeasonAnchors,
): string | null {
  const { birthDate, isYearly, birthLabel } = anchors;
  if (birthDate === null) return null;
  // A birth on c is covered when c + window.from <= day <= c + window.to; c runs over the span.
  const anchorDays = listAnchorDays(
    birthDate,
    isYearly,
    day - window.to - span.to - GROUP_DATE_MARGIN_DAYS,
    day - window.from - span.from + GROUP_DATE_MARGIN_DAYS,
  );
  const isCovered = anchorDays.some((anchorDay) =>
    placeSpan(span, birthDate, anchorDay).some(([first, last]) =>
      span.coversAll
        ? last + window.from <= day && day <= first + window.to
        : first + window.from <= day && day <= last + window.to,
    ),
  );
  if (isCovered) return null;
  if (span.dates === null || span.from === span.to) return "";
  const range = `those ${birthLabel} ${describeShortRange(span.dates)}`;
  return span.coversAll ? ` for some of ${range}` : ` for every one of ${range}`;
}

/**
 * The timing rules a vet expects around breeding and birth: an inactivated BVD shot in pregnancy
 * protects nothing [S1]; Enzovax belongs within 4 months before tupping [S16]; Scabivax Forte at
 * least 7 weeks before lambing [S20].
 */
function checkBreedingAndBirthTiming(
  entry: DatedShot,
  anchors: SeasonAnchors,
  warn: (rule: ProtocolRule, message: string) => void,
) {
  const { vaccine, day } = entry;
  const { rules, name } = vaccine;
  const { birthDate, breedingDate, birthLabel, breedingLabel, isYearly } = anchors;
  const before = rules.min_days_before_breeding
    ? `at least ${describeDays(rules.min_days_before_breeding)} before ${breedingLabel}`
    : `before ${breedingLabel}`;
  if (rules.not_protective_in_pregnancy === true && isPregnantOn(anchors, day)) {
    warn(
      ProtocolRule.notProtectiveInPregnancy,
      `Not protective in pregnancy: give ${name} ${before} instead.`,
    );
  }
  // Bovela's NOAH SPC: vaccine virus can cross the placenta, and newborn calves have had
  // positive ear-notch tests for the vaccine strain [S2].
  if (rules.crosses_placenta === true && isPregnantOn(anchors, day)) {
    warn(
      ProtocolRule.crossesToCalf,
      `In pregnancy the vaccine virus can pass to the calf, and the calf's ear-notch BVD test ` +
        `can then come back positive: give ${name} ${before} instead.`,
    );
  }
  const maxDays = rules.max_days_before_breeding ?? null;
  if (maxDays !== null && breedingDate !== null && isYearly) {
    if (!hasAnchorBetween(breedingDate, isYearly, day, day + maxDays)) {
      warn(
        ProtocolRule.tooEarlyBeforeBreeding,
        `Too early before ${breedingLabel}: give ${name} within ${maxDays} days ` +
          `(${Math.round(maxDays / DAYS_PER_MONTH)} months) before ${breedingLabel}.`,
      );
    }
  }
  const minDaysBeforeBirth = rules.min_days_before_birth ?? null;
  if (minDaysBeforeBirth !== null && birthDate !== null && isYearly) {
    if (hasAnchorBetween(birthDate, isYearly, day + 1, day + minDaysBeforeBirth - 1)) {
      warn(
        ProtocolRule.tooCloseToBirth,
        `Too close to ${birthLabel}: give ${name} at least ${describeDays(minDaysBeforeBirth)} ` +
          `before ${birthLabel}.`,
      );
    }
  }
}

/**
 * What the person giving the vaccine must know (a live orf vaccine, a zoonosis: gloves, and not
 * given by anyone pregnant or with a weakened immune system, S20): once per column, on its first
 * dose.
 */
function checkHandlerSafety(calendar: Calendar, warnings: ProtocolWarning[]) {
  for (const column of calendar.diseases) {
    const text = column.vaccine?.rules.handler_warning ?? null;
    const first = column.shots.find((shot) => shot.date !== null);
    if (column.vaccine === null || text === null || first === undefined) continue;
    warnings.push({
      rule: ProtocolRule.handlerSafety,
      source: findSourceId(column.vaccine),
      shotIds: [first.id],
      message: text,
    });
  }
}

/**
 * More shots of a vaccine in a calendar year than max_shots, for the same animals: yearly copies
 * count, and an early-group and a late-group dose are one dose each animal gets (decision 417).
 */
function checkMaxShotsPerYear(
  calendar: Calendar,
  groups: AnimalGroups,
  warnings: ProtocolWarning[],
) {
  for (const column of calendar.diseases) {
    const max = column.vaccine?.rules.max_shots ?? null;
    if (column.vaccine === null || max === null) continue;
    const shotIdsByYear = new Map<number, string[]>();
    // Yearly copies count too: a yearly shot and one more in a later year are two shots there.
    for (const shot of column.shots) {
      if (shot.date === null) continue;
      const year = readYear(shot.date);
      const ids = shotIdsByYear.get(year);
      if (ids === undefined) shotIdsByYear.set(year, [shot.id]);
      else ids.push(shot.id);
    }
    for (const [year, yearIds] of shotIdsByYear) {
      for (const shotIds of listSameAnimalShots(yearIds, groups)) {
        if (shotIds.length <= max) continue;
        const animals = shotIds.some((id) => groups.isGrouped(id)) ? " for the same animals" : "";
        warnings.push({
          rule: ProtocolRule.maxShots,
          source: findSourceId(column.vaccine),
          shotIds,
          message:
            `${column.vaccine.name} has ${shotIds.length} shots in ${year}${animals}; ` +
            `the most in one year is ${max}.`,
        });
      }
    }
  }
}

/**
 * The shots each animal gets, once per distinct set: for every group's first birth (and the
 * block's), the shots given to animals giving birth then. Without groups, all of them.
 */
function listSameAnimalShots(shotIds: readonly string[], groups: AnimalGroups): string[][] {
  const births = new Set(shotIds.map((id) => groups.spanOf(id).from));
  const sets = new Map<string, string[]>();
  for (const birth of births) {
    const ids = shotIds.filter((id) => {
      const span = groups.spanOf(id);
      return !groups.isGrouped(id) || (span.from <= birth && birth <= span.to);
    });
    sets.set(ids.join(","), ids);
  }
  return [...sets.values()];
}

/**
 * The step 2 protocol warnings, by date: shots of different vaccines under 14 days apart (unless
 * either vaccine lists the other as compatible), a young animal under the vaccine's minimum age,
 * a not-in-pregnancy vaccine between breeding and birth, a vaccine too close before breeding, a
 * shot in a blackout window or outside its product window around birth, and more shots in a
 * calendar year than max_shots, yearly copies included; then the rules a vet expects
 * (docs/product.md §5, decision 415): a vaccine that protects nothing in pregnancy or whose live
 * virus can reach the calf, one given too long before breeding or too close before birth, the
 * course rules of check-course-rules.ts, and what the person giving a live orf vaccine must know. For adults the season's birth and
 * breeding dates come round every year, so a mirrored copy is checked against that year's season;
 * a dose of the early or late group of a calving or lambing block is judged for that group's
 * animals (decision 417); the warnings are then kept one per rule and shot series.
 */
export interface CheckProtocolOptions {
  /**
   * The protocol's shot templates: a column whose animal gets two or more once-only doses of its
   * vaccine is a primary course, checked for its second dose (decision 415). Without them only a
   * herd answered "not yet vaccinated" is.
   */
  readonly shotTemplates?: readonly ShotTemplateInput[];
  /**
   * The diseases' offers, for the answer an unanswered herd status question takes (decision
   * 421: heifers' BVD course unless the farmer says they had it). Without them an unanswered
   * question is primed; a calendar from buildCalendar carries its defaults already.
   */
  readonly diseases?: readonly DiseaseInput[];
}

export function checkProtocol(
  calendar: Calendar,
  options: CheckProtocolOptions = {},
): ProtocolWarning[] {
  const warnings: ProtocolWarning[] = [];
  const anchors = resolveAnchors(calendar);
  const groups = resolveAnimalGroups(calendar);
  const dated = collectDatedShots(calendar);
  for (let index = 0; index < dated.length; index++) {
    const entry = dated[index];
    if (entry === undefined) continue;
    checkSpacing(dated, index, groups, warnings);
    checkShotRules(entry, anchors, groups, warnings);
  }
  checkMaxShotsPerYear(calendar, groups, warnings);
  const answered =
    options.diseases === undefined
      ? calendar
      : { ...calendar, setup: applyHerdStatusDefaults(calendar.setup, options.diseases) };
  checkCourses(answered, anchors, warnings, options.shotTemplates ?? null, groups);
  checkHandlerSafety(calendar, warnings);
  checkOwnAge(calendar, anchors, warnings);
  return keepOnePerSeries(calendar, warnings);
}

/**
 * One warning per rule and shot series: a yearly shot in the wrong place is one problem, fixed
 * once on its first occurrence, not one warning for each of its copies.
 */
function keepOnePerSeries(calendar: Calendar, warnings: readonly ProtocolWarning[]) {
  const seriesById = new Map<string, string>();
  for (const column of calendar.diseases) {
    for (const shot of column.shots) seriesById.set(shot.id, shot.sourceShotId ?? shot.id);
  }
  const seen = new Set<string>();
  return warnings.filter((warning) => {
    const series = warning.shotIds.map((id) => seriesById.get(id) ?? id);
    const key = `${warning.rule}|${series.join(",")}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
