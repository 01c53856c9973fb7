import { isTemplateInScope, resolveTemplateScope } from "./template-selection.ts";
import { toDayNumber } from "./iso-date.ts";
import { placeSpan, type AnimalGroups, type AnimalSpan } from "./animal-groups.ts";
import {
  ProtocolRule,
  describeDays,
  findSourceId,
  listAnchorDays,
  type ProtocolWarning,
  type SeasonAnchors,
} from "./protocol-anchors.ts";
import type {
  Calendar,
  CalendarDisease,
  DayWindowInput,
  ShotTemplateInput,
  VaccineInput,
} from "./schedule.types.ts";

const DAYS_PER_YEAR = 365;
const DAYS_PER_MONTH = 30;
/**
 * A booster this long after the dose before comes too late to keep the course going: about 15
 * months, the reference document's example for leptospirosis after a yearly booster (S8).
 */
export const LAPSED_COURSE_DAYS = 15 * DAYS_PER_MONTH;

interface ColumnShot {
  readonly id: string;
  /** The first occurrence's id: a yearly copy belongs to its first occurrence's series. */
  readonly seriesId: string;
  readonly day: number;
}

function listColumnShots(column: CalendarDisease): ColumnShot[] {
  const shots: ColumnShot[] = [];
  for (const shot of column.shots) {
    if (shot.date === null) continue;
    shots.push({
      id: shot.id,
      seriesId: shot.sourceShotId ?? shot.id,
      day: toDayNumber(shot.date),
    });
  }
  return shots.sort((left, right) => left.day - right.day);
}

/** `4 weeks`, or `4 to 6 weeks` for a range. */
function describeInterval(interval: DayWindowInput): string {
  if (interval.from === interval.to) return describeDays(interval.from);
  const to = describeDays(interval.to);
  const [toCount, unit] = to.split(" ");
  const from = describeDays(interval.from);
  return from.endsWith(` ${unit}`)
    ? `${from.split(" ")[0]} to ${toCount} ${unit}`
    : `${from} to ${to}`;
}

/**
 * Whether the column is a primary course: the herd answered "not yet vaccinated" for the disease,
 * or the protocol gives the animal two or more once-only doses of the vaccine (heifers' Bovilis
 * BVD and lepto, calves' Covexin 10 and Huskvac, weanlings' Bovipast RSP, hoggets' and lambs'
 * Heptavac P Plus): their first course, when two of them are no further apart than the course
 * interval. A single once-only dose (weanlings' clostridial booster after the calves' course) is
 * not, nor are once-only boosters a year apart (heifers' clostridial boosters).
 */
function isPrimaryCourse(
  calendar: Calendar,
  column: CalendarDisease,
  vaccine: VaccineInput,
  shotTemplates: readonly ShotTemplateInput[] | null,
): boolean {
  const scope = resolveTemplateScope(calendar.setup, column.diseaseId);
  if (scope.herdStatus === "unprimed") return true;
  if (shotTemplates === null) return false;
  const courseDoses = shotTemplates.filter(
    (template) =>
      template.animal_id === calendar.setup.animal.id &&
      template.vaccine_id === vaccine.id &&
      template.is_recurrent === 0 &&
      isTemplateInScope(template, scope),
  );
  const interval = vaccine.rules.course_interval_days ?? null;
  const anchored = courseDoses.map((template) => findPreferredDay(calendar, template));
  if (interval === null || anchored.some((day) => day === null)) return courseDoses.length >= 2;
  // Two boosters a year apart (heifers' Covexin 10 before breeding and before calving, decision
  // 420) are not a course: a course's doses are no further apart than its interval.
  const days = (anchored as number[]).sort((left, right) => left - right);
  return days.some((day, index) => index > 0 && day - (days[index - 1] ?? day) <= interval.to);
}

/** A template's preferred day for the calendar's dates; null when its date is not given. */
function findPreferredDay(calendar: Calendar, template: ShotTemplateInput): number | null {
  const { birthDate, breedingDate } = calendar.setup;
  if (template.birth_days !== null) {
    return birthDate === null ? null : toDayNumber(birthDate) + template.birth_days;
  }
  if (template.breeding_days !== null) {
    return breedingDate === null ? null : toDayNumber(breedingDate) + template.breeding_days;
  }
  return null;
}

/**
 * A primary course's first dose needs its second within the course interval: one dose alone does
 * not protect (for Bovilis BVD: no foetal protection, S1). A second dose later than the interval
 * allows leaves the first one spent: the course starts again (decision 415).
 */
function checkSecondDose(
  vaccine: VaccineInput,
  shots: readonly ColumnShot[],
  warnings: ProtocolWarning[],
) {
  const interval = vaccine.rules.course_interval_days ?? null;
  const [first, ...later] = shots;
  if (interval === null || first === undefined) return;
  // The first dose's own yearly copies are not its second dose.
  const next = later.find((shot) => shot.day > first.day && shot.seriesId !== first.seriesId);
  if (next === undefined) {
    warnings.push({
      rule: ProtocolRule.missingSecondDose,
      source: findSourceId(vaccine),
      shotIds: [first.id],
      message:
        `Course not finished: give a second dose of ${vaccine.name} ` +
        `${describeInterval(interval)} after this one; one dose alone does not protect.`,
    });
    return;
  }
  const gap = next.day - first.day;
  if (gap <= interval.to) return;
  warnings.push({
    rule: ProtocolRule.lapsedCourse,
    source: findSourceId(vaccine),
    shotIds: [first.id, next.id],
    message:
      `Course lapsed: these ${vaccine.name} doses are ${describeDays(gap)} apart, more than ` +
      `${describeInterval(interval)}, so the first no longer counts. Restart the course: ` +
      `2 doses ${describeInterval(interval)} apart.`,
  });
}

/**
 * The gaps between a column's doses of a course vaccine, one after the other: two doses closer
 * than the course allows (the second given too soon does not count as the second dose, the
 * vaccine's SPC), and a dose more than about 15 months after the one before (LAPSED_COURSE_DAYS),
 * too late to boost, so the course starts again (decision 415).
 */
function checkDoseGaps(
  vaccine: VaccineInput,
  shots: readonly ColumnShot[],
  warnings: ProtocolWarning[],
) {
  const interval = vaccine.rules.course_interval_days ?? null;
  if (interval === null) return;
  for (let index = 1; index < shots.length; index++) {
    const previous = shots[index - 1];
    const current = shots[index];
    if (previous === undefined || current === undefined) continue;
    const gap = current.day - previous.day;
    const base = { source: findSourceId(vaccine), shotIds: [previous.id, current.id] };
    if (gap < interval.from) {
      warnings.push({
        ...base,
        rule: ProtocolRule.doseInterval,
        message:
          `Second dose too soon: give the ${vaccine.name} doses at least ${interval.from} days ` +
          `apart (these are ${gap} ${gap === 1 ? "day" : "days"} apart).`,
      });
    } else if (gap > LAPSED_COURSE_DAYS) {
      warnings.push({
        ...base,
        rule: ProtocolRule.lapsedCourse,
        message:
          `Course lapsed: ${Math.round(gap / DAYS_PER_MONTH)} months since the last ` +
          `${vaccine.name} dose, too long for a booster. Restart the course: 2 doses ` +
          `${describeInterval(interval)} apart.`,
      });
    }
  }
}

/**
 * Pre-birth booster window: for a breeding adult, the last dose in each pregnancy belongs in the
 * vaccine's window before calving or lambing, so that the newborn gets protection through the
 * colostrum (Covexin 10: 8 to 2 weeks, S12; Heptavac P Plus: 6 to 4 weeks, S14). With early and
 * late groups of the block (decision 417) each group is judged apart, on its own doses and those
 * for every animal: the window must hold for each of its births (for some, when the dose's name
 * already says one date cannot cover them).
 */
function checkBoosterWindow(
  vaccine: VaccineInput,
  shots: readonly ColumnShot[],
  anchors: SeasonAnchors,
  groups: AnimalGroups,
  warnings: ProtocolWarning[],
) {
  const window = vaccine.rules.booster_window_birth_days ?? null;
  const { birthDate, breedingDate, isYearly, gestationDays, birthLabel } = anchors;
  if (window === null || birthDate === null || !isYearly) return;
  const pregnancyDays = gestationDays ?? DAYS_PER_YEAR;
  // A first-time breeder (heifers, hoggets) has no birth before the one her first breeding
  // brings: a booster before that is for her own cover, not for colostrum (decision 415).
  const firstBirthDay =
    anchors.isFirstBreeding && breedingDate !== null && gestationDays !== null
      ? toDayNumber(breedingDate) + gestationDays
      : Number.NEGATIVE_INFINITY;
  const grouped = shots.filter((shot) => groups.isGrouped(shot.id));
  const spans = new Map<string, AnimalSpan>();
  for (const shot of grouped.length > 0 ? grouped : shots.slice(0, 1)) {
    const span = groups.spanOf(shot.id);
    spans.set(`${span.from}..${span.to}`, span);
  }
  const young = birthLabel === "lambing" ? "lambs" : "calves";
  for (const span of spans.values()) {
    const lastByBirth = new Map<number, ColumnShot>();
    for (const shot of shots) {
      const other = groups.spanOf(shot.id);
      if (groups.isGrouped(shot.id) && (other.to < span.from || span.to < other.from)) continue;
      // The first season whose group has births still to come after the dose, the first of them
      // within a pregnancy of it: a dose given while the group is calving is judged for it.
      const [birthDay] = listAnchorDays(
        birthDate,
        true,
        Math.max(shot.day + 1 - span.to, firstBirthDay),
        shot.day + pregnancyDays - span.from,
      );
      if (birthDay === undefined) continue;
      const last = lastByBirth.get(birthDay);
      if (last === undefined || last.day < shot.day) lastByBirth.set(birthDay, shot);
    }
    for (const [birthDay, shot] of lastByBirth) {
      // Days from the group's first birth, and from its last: one date covers a birth when it is
      // inside the window, and a group one date can cover needs every birth covered.
      const isInside = placeSpan(span, birthDate, birthDay).some(([first, last]) =>
        span.coversAll
          ? shot.day - last >= window.from && shot.day - first <= window.to
          : shot.day - first >= window.from && shot.day - last <= window.to,
      );
      if (isInside) continue;
      const timing =
        shot.day - birthDay - span.from > window.to
          ? `Too close to ${birthLabel}`
          : `Too early before ${birthLabel}`;
      warnings.push({
        rule: ProtocolRule.boosterWindow,
        source: findSourceId(vaccine),
        shotIds: [shot.id],
        message:
          `${timing}: give the ${vaccine.name} booster ` +
          `${describeInterval({ from: -window.to, to: -window.from })} before ${birthLabel}, ` +
          `so the ${young} get protection through the colostrum.`,
      });
    }
  }
}

/**
 * The rules that look at a column's doses together: interval, course (second dose, lapse) and
 * pre-birth booster.
 */
export function checkCourses(
  calendar: Calendar,
  anchors: SeasonAnchors,
  warnings: ProtocolWarning[],
  shotTemplates: readonly ShotTemplateInput[] | null,
  groups: AnimalGroups,
): void {
  for (const column of calendar.diseases) {
    const vaccine = column.vaccine;
    if (vaccine === null) continue;
    const shots = listColumnShots(column);
    checkDoseGaps(vaccine, shots, warnings);
    // A course with a dose missed this season already says "talk to your vet" (decision 418).
    const hasMissedDose = column.shots.some(
      (shot) => shot.date === null && shot.seasonTiming?.state === "missed",
    );
    if (!hasMissedDose && isPrimaryCourse(calendar, column, vaccine, shotTemplates)) {
      checkSecondDose(vaccine, shots, warnings);
    }
    checkBoosterWindow(vaccine, shots, anchors, groups, warnings);
  }
}
