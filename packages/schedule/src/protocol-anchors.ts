import {
  formatIsoDate,
  fromDayNumber,
  isLeapYear,
  readDay,
  readMonth,
  readYear,
  toDayNumber,
  type IsoDate,
} from "./iso-date.ts";
import type { Calendar, Shot, VaccineInput } from "./schedule.types.ts";
import { resolveBirthDate, resolveBirthLabel } from "./season-defaults.ts";

/** The rule checks of docs/product.md §5 "Protocol checks". None blocks. */
export const ProtocolRule = {
  spacing: "spacing",
  minimumAge: "minimumAge",
  pregnancy: "pregnancy",
  beforeBreeding: "beforeBreeding",
  blackout: "blackout",
  productWindow: "productWindow",
  maxShots: "maxShots",
  doseInterval: "doseInterval",
  missingSecondDose: "missingSecondDose",
  notProtectiveInPregnancy: "notProtectiveInPregnancy",
  tooEarlyBeforeBreeding: "tooEarlyBeforeBreeding",
  boosterWindow: "boosterWindow",
  tooCloseToBirth: "tooCloseToBirth",
  lapsedCourse: "lapsedCourse",
  crossesToCalf: "crossesToCalf",
  handlerSafety: "handlerSafety",
  youngestUnderAge: "youngestUnderAge",
} as const;
export type ProtocolRule = (typeof ProtocolRule)[keyof typeof ProtocolRule];

export interface ProtocolWarning {
  readonly rule: ProtocolRule;
  /** A source id of the reference document: S25 for spacing, else the vaccine's first source. */
  readonly source: string;
  readonly shotIds: readonly string[];
  readonly message: string;
}

/** When a vaccine names no source, the warning points at its summary of product characteristics. */
const FALLBACK_SOURCE = "SPC";
const SOURCE_ID_PATTERN = /S\d+/;

export function findSourceId(vaccine: VaccineInput): string {
  return SOURCE_ID_PATTERN.exec(vaccine.source_note ?? "")?.[0] ?? FALLBACK_SOURCE;
}

export interface DatedShot {
  readonly shot: Shot;
  readonly vaccine: VaccineInput;
  readonly day: number;
}

export interface SeasonAnchors {
  readonly birthDate: IsoDate | null;
  readonly breedingDate: IsoDate | null;
  /** Days from a breeding date to the birth that follows it. */
  readonly gestationDays: number | null;
  /** An adult's calving or lambing and breeding come round every year; a young animal's birth does not. */
  readonly isYearly: boolean;
  /**
   * Heifers and hoggets are bred for the first time on the breeding date: no pregnancy comes
   * before it (docs/decisions/415), though their seasons still come round every year after.
   */
  readonly isFirstBreeding: boolean;
  readonly birthLabel: string;
  /** "breeding", or "tupping" for sheep. */
  readonly breedingLabel: string;
}

/**
 * A season date in another year. 29 February becomes 1 March in a common year, so that a shot
 * dated N days before a leap-day breeding stays N days before it in the years that follow: its
 * yearly copies keep their month and day, and 1 February is 28 days before 1 March as it was
 * before 29 February.
 */
export function moveAnchorToYear(anchor: IsoDate, year: number): IsoDate {
  if (readMonth(anchor) === 2 && readDay(anchor) === 29 && !isLeapYear(year)) {
    return formatIsoDate(year, 3, 1);
  }
  return formatIsoDate(year, readMonth(anchor), readDay(anchor));
}

const SHEEP_BREEDING_LABEL = "tupping";

/** The spec's fixed animal ids of first-time breeders: 2 Replacement Heifers, 7 Hoggets. */
export const FIRST_BREEDER_ANIMAL_IDS: readonly number[] = [2, 7];

export function resolveAnchors(calendar: Calendar): SeasonAnchors {
  const birthDate = resolveBirthDate(calendar.setup);
  const breedingDate = calendar.setup.breedingDate;
  let gestationDays: number | null = null;
  if (birthDate !== null && breedingDate !== null) {
    let birthDay = toDayNumber(birthDate);
    let birthYear = readYear(birthDate);
    // Cows are bred after calving for next year's calving: the pregnancy ends at the next birth.
    while (birthDay < toDayNumber(breedingDate)) {
      birthYear++;
      birthDay = toDayNumber(moveAnchorToYear(birthDate, birthYear));
    }
    gestationDays = birthDay - toDayNumber(breedingDate);
  }
  const birthLabel = resolveBirthLabel(calendar.setup).toLowerCase();
  return {
    birthDate,
    breedingDate,
    gestationDays,
    isYearly: calendar.setup.animal.isAdult,
    isFirstBreeding: FIRST_BREEDER_ANIMAL_IDS.includes(calendar.setup.animal.id),
    birthLabel,
    breedingLabel: birthLabel === "lambing" ? SHEEP_BREEDING_LABEL : "breeding",
  };
}

/** Every day the anchor falls on between the two days: its anniversaries for a yearly season. */
export function listAnchorDays(
  anchor: IsoDate,
  isYearly: boolean,
  fromDay: number,
  toDay: number,
): number[] {
  if (!isYearly) {
    const day = toDayNumber(anchor);
    return day >= fromDay && day <= toDay ? [day] : [];
  }
  const days: number[] = [];
  const lastYear = readYear(fromDayNumber(toDay));
  for (let year = readYear(fromDayNumber(fromDay)); year <= lastYear; year++) {
    const day = toDayNumber(moveAnchorToYear(anchor, year));
    if (day >= fromDay && day <= toDay) days.push(day);
  }
  return days;
}

/** Whether the anchor date, or for a yearly season any of its anniversaries, falls in the days. */
export function hasAnchorBetween(
  anchor: IsoDate,
  isYearly: boolean,
  fromDay: number,
  toDay: number,
): boolean {
  return listAnchorDays(anchor, isYearly, fromDay, toDay).length > 0;
}

/**
 * Whether the animals are pregnant on the day: a breeding date (or, for a yearly season, one of
 * its anniversaries) on or before it, with the birth that follows still ahead. A first-time
 * breeder has no pregnancy before her first breeding date.
 */
export function isPregnantOn(anchors: SeasonAnchors, day: number): boolean {
  const { breedingDate, gestationDays, isYearly, isFirstBreeding } = anchors;
  if (breedingDate === null || gestationDays === null) return false;
  const firstDay = isFirstBreeding ? toDayNumber(breedingDate) : Number.NEGATIVE_INFINITY;
  return listAnchorDays(breedingDate, isYearly, day - gestationDays + 1, day).some(
    (breedingDay) => breedingDay >= firstDay,
  );
}

/** `8 weeks` for 56 days, `10 days` for 10. */
export function describeDays(days: number): string {
  const magnitude = Math.abs(days);
  if (magnitude % 7 === 0 && magnitude >= 14) return `${magnitude / 7} weeks`;
  return `${magnitude} ${magnitude === 1 ? "day" : "days"}`;
}
