import type { ShotSeed } from "./calendar-layout.ts";
import {
  addDays,
  countDaysBetween,
  countDaysInMonth,
  formatIsoDate,
  readDay,
  readMonth,
  readYear,
  type IsoDate,
} from "./iso-date.ts";
import { FIRST_BREEDER_ANIMAL_IDS, describeDays } from "./protocol-anchors.ts";
import type { CalendarSetup, ShotTemplateInput, VaccineRulesInput } from "./schedule.types.ts";

/*
 * Decision 422: the youngest animal's own age against a dose's minimum age (Bovilis BVD from
 * 8 months, S1; Enzovax and Toxovax from 5 months, S16, S18), for first breeders whose doses hang
 * on the breeding date alone.
 */

/** The reference data's month: `months(8)` is 240 days (packages/reference-data vaccines.ts). */
const DAYS_PER_MONTH = 30;

/**
 * The shortest minimum age step 1 asks the youngest's birth for: a first breeder (heifers bred
 * from about 15 months, ewe lambs tupped from 7) can be under 5 months (Enzovax, Toxovax, S16,
 * S18) or 8 months (Bovilis BVD, S1) at a dose before her first breeding; never under the
 * 2 weeks or 3 months of her other vaccines.
 */
const OWN_AGE_QUESTION_MIN_DAYS = 5 * DAYS_PER_MONTH;

/**
 * Decision 422: whether step 1 asks when the youngest was born, for a ticked disease whose
 * vaccine is given to these animals: first breeders (heifers, hoggets), and a minimum age they
 * can still be under.
 */
export function asksYoungestAge(
  animalId: number,
  rules: Pick<VaccineRulesInput, "min_age_days"> | null | undefined,
): boolean {
  const minAgeDays = rules?.min_age_days ?? null;
  return (
    FIRST_BREEDER_ANIMAL_IDS.includes(animalId) &&
    minAgeDays !== null &&
    minAgeDays >= OWN_AGE_QUESTION_MIN_DAYS
  );
}

/** `8 months` for 240 days; else in days or weeks, as the SPC gives it. */
export function describeMinimumAge(minAgeDays: number): string {
  const months = readWholeMonths(minAgeDays);
  if (months !== null) return `${months} ${months === 1 ? "month" : "months"}`;
  return describeDays(minAgeDays);
}

/** A minimum age in whole months (240 days: 8), or null when the SPC gives it in days or weeks. */
export function readWholeMonths(minAgeDays: number): number | null {
  return minAgeDays > 0 && minAgeDays % DAYS_PER_MONTH === 0 ? minAgeDays / DAYS_PER_MONTH : null;
}

/**
 * The day an animal born on `born` reaches `minAgeDays`: an age in whole months counts calendar
 * months (8 months from 15 July is 15 March), so "under 8 months old" is true in words; a day the
 * month lacks (31 August + 6 months) is the 1st of the month after, never earlier.
 */
export function reachesAgeOn(born: IsoDate, minAgeDays: number): IsoDate {
  const months = readWholeMonths(minAgeDays);
  if (months === null) return addDays(born, minAgeDays);
  const total = readYear(born) * 12 + readMonth(born) - 1 + months;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  const day = readDay(born);
  if (day <= countDaysInMonth(year, month)) return formatIsoDate(year, month, day);
  return month === 12 ? formatIsoDate(year + 1, 1, 1) : formatIsoDate(year, month + 1, 1);
}

/**
 * The day the youngest of the group reaches the vaccine's minimum age; null without the answer
 * (`setup.youngestBirthDate`) or without a minimum age.
 */
export function resolveYoungestOfAge(
  setup: Pick<CalendarSetup, "youngestBirthDate">,
  rules: Pick<VaccineRulesInput, "min_age_days">,
): IsoDate | null {
  const born = setup.youngestBirthDate ?? null;
  const minAgeDays = rules.min_age_days;
  if (born === null || minAgeDays === null || minAgeDays <= 0) return null;
  return reachesAgeOn(born, minAgeDays);
}

function readTemplateDays(template: ShotTemplateInput): number | null {
  return template.birth_days ?? template.breeding_days;
}

/** The last day a seed's window allows: its season window, else its template's latest day. */
function findLatestDay(seed: ShotSeed, template: ShotTemplateInput, date: IsoDate): IsoDate {
  if (seed.seasonTiming !== undefined) return seed.seasonTiming.window.to;
  const days = readTemplateDays(template);
  const latest = template.latest_days ?? null;
  if (days === null || latest === null || latest <= days) return date;
  return addDays(date, latest - days);
}

/**
 * Decision 422: a column's generated doses given once, dated before the youngest reaches the
 * vaccine's minimum age, move to that day when every moved dose stays inside its window, and a
 * course's later doses keep their gap to the one before (the 2nd Bovilis BVD dose 4 weeks after
 * the 1st) and the course's longest gap. If any cannot, the column keeps its plan, and the rule
 * check (check-own-age.ts) says so in words on each dose too young. Without the answer, or
 * without a minimum age, nothing changes.
 */
export function keepMinimumAge(
  seeds: readonly ShotSeed[],
  shotTemplates: readonly ShotTemplateInput[],
  setup: Pick<CalendarSetup, "youngestBirthDate">,
  rules: Pick<VaccineRulesInput, "min_age_days" | "course_interval_days"> | null,
): ShotSeed[] {
  const ofAge = rules === null ? null : resolveYoungestOfAge(setup, rules);
  if (ofAge === null || rules === null) return [...seeds];
  const entries = seeds
    .map((seed, index) => ({
      seed,
      index,
      template: shotTemplates.find((candidate) => candidate.id === seed.templateId),
    }))
    .filter(
      (
        entry,
      ): entry is {
        seed: ShotSeed & { date: IsoDate };
        index: number;
        template: ShotTemplateInput;
      } =>
        entry.template !== undefined &&
        entry.seed.date !== null &&
        !entry.seed.userInitiated &&
        entry.seed.is_recurrent === 0,
    )
    .sort((left, right) => (left.seed.date < right.seed.date ? -1 : 1));
  if (!entries.some((entry) => entry.seed.date < ofAge)) return [...seeds];
  const longestGap = rules.course_interval_days?.to ?? null;
  const kept = [...seeds];
  let previous: { date: IsoDate; moved: boolean; days: number | null } | null = null;
  for (const { seed, index, template } of entries) {
    const days = readTemplateDays(template);
    let earliest = ofAge;
    if (previous?.moved === true && previous.days !== null && days !== null) {
      const afterPrevious = addDays(previous.date, days - previous.days);
      if (afterPrevious > earliest) earliest = afterPrevious;
    }
    if (seed.date >= earliest) {
      previous = { date: seed.date, moved: false, days };
      continue;
    }
    if (earliest > findLatestDay(seed, template, seed.date)) return [...seeds];
    if (
      previous !== null &&
      !previous.moved &&
      longestGap !== null &&
      countDaysBetween(previous.date, earliest) > longestGap
    ) {
      return [...seeds];
    }
    // Planned later than its day, it is no longer due now.
    const { seasonTiming: _dueNow, ...rest } = seed;
    kept[index] = { ...rest, date: earliest };
    previous = { date: earliest, moved: true, days };
  }
  return kept;
}
