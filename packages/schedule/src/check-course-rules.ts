import { resolveHerdStatus } from "./build-calendar.ts";
import { toDayNumber } from "./iso-date.ts";
import {
  ProtocolRule,
  describeDays,
  findSourceId,
  listAnchorDays,
  type ProtocolWarning,
  type SeasonAnchors,
} from "./protocol-anchors.ts";
import type { Calendar, CalendarDisease, DayWindowInput, VaccineInput } from "./schedule.types.ts";

const DAYS_PER_YEAR = 365;

interface ColumnShot {
  readonly id: string;
  readonly day: number;
}

function listColumnShots(column: CalendarDisease): ColumnShot[] {
  const shots: ColumnShot[] = [];
  for (const shot of column.shots) {
    if (shot.date !== null) shots.push({ id: shot.id, day: toDayNumber(shot.date) });
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
 * Dose interval: two doses of one vaccine closer than its course allows. The second dose of a
 * course given too soon does not count as the second dose (the vaccine's SPC).
 */
function checkDoseInterval(
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
    if (gap >= interval.from) continue;
    warnings.push({
      rule: ProtocolRule.doseInterval,
      source: findSourceId(vaccine),
      shotIds: [previous.id, current.id],
      message:
        `Second dose too soon: give the ${vaccine.name} doses at least ${interval.from} days ` +
        `apart (these are ${gap} ${gap === 1 ? "day" : "days"} apart).`,
    });
  }
}

/**
 * Missing second dose: animals that have not had the primary course (docs/product.md §3 "Herd
 * status") need its second dose within the course interval; one dose alone does not protect
 * (for Bovilis BVD: no foetal protection, S1).
 */
function checkSecondDose(
  calendar: Calendar,
  column: CalendarDisease,
  vaccine: VaccineInput,
  shots: readonly ColumnShot[],
  warnings: ProtocolWarning[],
) {
  const interval = vaccine.rules.course_interval_days ?? null;
  if (interval === null || resolveHerdStatus(calendar.setup, column.diseaseId) !== "unprimed") {
    return;
  }
  const [first, ...later] = shots;
  if (first === undefined) return;
  if (later.some((shot) => shot.day - first.day >= 1 && shot.day - first.day <= interval.to)) {
    return;
  }
  warnings.push({
    rule: ProtocolRule.missingSecondDose,
    source: findSourceId(vaccine),
    shotIds: [first.id],
    message:
      `Course not finished: give a second dose of ${vaccine.name} ` +
      `${describeInterval(interval)} after this one; one dose alone does not protect.`,
  });
}

/**
 * Pre-birth booster window: for a breeding adult, the last dose in each pregnancy belongs in the
 * vaccine's window before calving or lambing, so that the newborn gets protection through the
 * colostrum (Covexin 10: 8 to 2 weeks, S12; Heptavac P Plus: 6 to 4 weeks, S14).
 */
function checkBoosterWindow(
  vaccine: VaccineInput,
  shots: readonly ColumnShot[],
  anchors: SeasonAnchors,
  warnings: ProtocolWarning[],
) {
  const window = vaccine.rules.booster_window_birth_days ?? null;
  const { birthDate, isYearly, gestationDays, birthLabel } = anchors;
  if (window === null || birthDate === null || !isYearly) return;
  const pregnancyDays = gestationDays ?? DAYS_PER_YEAR;
  const lastByBirth = new Map<number, ColumnShot>();
  for (const shot of shots) {
    const [birthDay] = listAnchorDays(birthDate, true, shot.day + 1, shot.day + pregnancyDays);
    if (birthDay === undefined) continue;
    const last = lastByBirth.get(birthDay);
    if (last === undefined || last.day < shot.day) lastByBirth.set(birthDay, shot);
  }
  const young = birthLabel === "lambing" ? "lambs" : "calves";
  for (const [birthDay, shot] of lastByBirth) {
    const offset = shot.day - birthDay;
    if (offset >= window.from && offset <= window.to) continue;
    const timing =
      offset > window.to ? `Too close to ${birthLabel}` : `Too early before ${birthLabel}`;
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

/** The rules that look at a column's doses together: interval, course and pre-birth booster. */
export function checkCourses(
  calendar: Calendar,
  anchors: SeasonAnchors,
  warnings: ProtocolWarning[],
): void {
  for (const column of calendar.diseases) {
    const vaccine = column.vaccine;
    if (vaccine === null) continue;
    const shots = listColumnShots(column);
    checkDoseInterval(vaccine, shots, warnings);
    checkSecondDose(calendar, column, vaccine, shots, warnings);
    checkBoosterWindow(vaccine, shots, anchors, warnings);
  }
}
