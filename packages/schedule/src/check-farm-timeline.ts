import { isCompatiblePair, SPACING_DAYS } from "./check-protocol.ts";
import { countDaysBetween, formatLongDate, type IsoDate } from "./iso-date.ts";
import type { ShotTemplateInput, VaccineInput } from "./schedule.types.ts";

/*
 * One farm, one timeline (issue 24 item 6, decision 420): the same animals pass through several
 * calendars of one farm, calves then weanlings then replacement heifers then the cows, lambs then
 * hoggets then the ewes. Each calendar is checked alone by checkProtocol; this checks the
 * calendars of one owner together, for what no single calendar can see: two vaccines from
 * different calendars too close together, and a booster gap longer than the SPC allows where one
 * calendar's doses hand over to the next.
 */

/** Where a calendar's animals stand in their life on the farm. */
export const FarmStage = {
  calves: "calves",
  weanlings: "weanlings",
  heifers: "heifers",
  cows: "cows",
  lambs: "lambs",
  hoggets: "hoggets",
  ewes: "ewes",
} as const;
export type FarmStage = (typeof FarmStage)[keyof typeof FarmStage];

/** One dose of a saved calendar: each first occurrence and its yearly copies. */
export interface TimelineShot {
  readonly id: string;
  readonly diseaseId: number;
  readonly vaccineId: number | null;
  /** The name the calendar shows, e.g. "Covexin 10 (booster)". */
  readonly name: string;
  readonly date: IsoDate | null;
}

export interface TimelineCalendar {
  readonly id: number;
  /** How the farmer knows it, e.g. "Weanlings, spring calving". */
  readonly label: string;
  /** Null: an animal outside the chains (the ram), never linked. */
  readonly stage: FarmStage | null;
  readonly enterpriseId: number;
  readonly seasonId: number;
  /** Young stock: their own birth. Heifers and hoggets: their first calving or lambing. */
  readonly birthDate: IsoDate | null;
  readonly shots: readonly TimelineShot[];
}

export interface FarmTimelineInput {
  /** One owner's saved calendars. */
  readonly calendars: readonly TimelineCalendar[];
  readonly vaccines: readonly VaccineInput[];
  /** The protocol's templates: a vaccine with a yearly template is boosted every year. */
  readonly shotTemplates: readonly Pick<ShotTemplateInput, "vaccine_id" | "is_recurrent">[];
}

export const FarmTimelineRule = { spacing: "spacing", boosterGap: "boosterGap" } as const;
export type FarmTimelineRule = (typeof FarmTimelineRule)[keyof typeof FarmTimelineRule];

export interface FarmTimelineShotRef {
  readonly calendarId: number;
  readonly shotId: string;
  readonly date: IsoDate;
}

export interface FarmTimelineWarning {
  readonly rule: FarmTimelineRule;
  /** The two calendars, the earlier stage first. */
  readonly calendarIds: readonly [number, number];
  /** The two doses, by date. */
  readonly shots: readonly [FarmTimelineShotRef, FarmTimelineShotRef];
  /** In farm words: which calendars, which shots, what to do. */
  readonly message: string;
}

/** The order of each kind of animal's stages; an animal leaves one for the next. */
const stageOrder: Readonly<Record<FarmStage, { chain: "cattle" | "sheep"; step: number }>> = {
  calves: { chain: "cattle", step: 0 },
  weanlings: { chain: "cattle", step: 1 },
  heifers: { chain: "cattle", step: 2 },
  cows: { chain: "cattle", step: 3 },
  lambs: { chain: "sheep", step: 0 },
  hoggets: { chain: "sheep", step: 1 },
  ewes: { chain: "sheep", step: 2 },
};

/** Calves and weanlings of one birth block: births no further apart than a long block. */
const SAME_BLOCK_DAYS = 90;
/** Heifers calve first at about 2 years old: 21 to 28 months after their own birth. */
const HEIFER_FIRST_CALVING_DAYS = { from: 21 * 30, to: 28 * 30 } as const;
/** Ewe lambs lamb first at about 1 year, hoggets at about 2: 11 to 26 months after birth. */
const FIRST_LAMBING_DAYS = { from: 11 * 30, to: 26 * 30 } as const;
/** A heifer or hogget joins the herd or flock of the same season: calving dates this close. */
const SAME_SEASON_DAYS = 60;
/** Twelve months, whichever twelve (a leap day included). */
const DAYS_PER_YEAR = 366;

function isYoungStock(stage: FarmStage): boolean {
  return stage === "calves" || stage === "weanlings" || stage === "lambs";
}

function isHerd(stage: FarmStage): boolean {
  return stage === "cows" || stage === "ewes";
}

/** Days between the same day of the year of two dates, whichever years they are in (0 to 182). */
function countDaysApartInYear(left: IsoDate, right: IsoDate): number {
  const days = Math.abs(countDaysBetween(left, right)) % 365;
  return Math.min(days, 365 - days);
}

/**
 * Whether the animals of `later` are those of `earlier` at a later stage: same farm enterprise and
 * season, and birth dates that fit (docs/decisions/420).
 */
function isNextStage(earlier: TimelineCalendar, later: TimelineCalendar): boolean {
  if (earlier.stage === null || later.stage === null) return false;
  const from = stageOrder[earlier.stage];
  const to = stageOrder[later.stage];
  if (from.chain !== to.chain || from.step >= to.step) return false;
  if (earlier.enterpriseId !== later.enterpriseId || earlier.seasonId !== later.seasonId) {
    return false;
  }
  if (earlier.birthDate === null || later.birthDate === null) return false;
  if (isHerd(later.stage)) {
    // The herd's calendar repeats every year: the heifers join it at their first calving.
    return (
      !isYoungStock(earlier.stage) &&
      countDaysApartInYear(earlier.birthDate, later.birthDate) <= SAME_SEASON_DAYS
    );
  }
  const days = countDaysBetween(earlier.birthDate, later.birthDate);
  if (isYoungStock(later.stage)) return Math.abs(days) <= SAME_BLOCK_DAYS;
  const window = later.stage === "heifers" ? HEIFER_FIRST_CALVING_DAYS : FIRST_LAMBING_DAYS;
  return days >= window.from && days <= window.to;
}

/** Every run of calendars that follows one group of animals, longest first, none inside another. */
function listChains(calendars: readonly TimelineCalendar[]): TimelineCalendar[][] {
  const chains: TimelineCalendar[][] = [];
  const extend = (chain: TimelineCalendar[]) => {
    const last = chain[chain.length - 1];
    if (last === undefined) return;
    const next = calendars.filter((candidate) => isNextStage(last, candidate));
    if (next.length === 0) {
      if (chain.length > 1) chains.push(chain);
      return;
    }
    for (const candidate of next) extend([...chain, candidate]);
  };
  for (const calendar of calendars) extend([calendar]);
  return chains.filter(
    (chain) =>
      !chains.some(
        (other) =>
          other !== chain &&
          other.length > chain.length &&
          chain.every((member) => other.includes(member)),
      ),
  );
}

type ChainDose = {
  calendar: TimelineCalendar;
  /** The calendar's place in the chain. */
  step: number;
  shot: TimelineShot & { date: IsoDate };
  vaccine: VaccineInput;
};

/**
 * The chain's doses, by date. A herd's calendar counts for the group only from the day it joins
 * the herd (its first calving or lambing): the herd's doses before then are for other animals.
 */
function listChainDoses(
  chain: readonly TimelineCalendar[],
  vaccines: ReadonlyMap<number, VaccineInput>,
): ChainDose[] {
  const doses: ChainDose[] = [];
  chain.forEach((calendar, index) => {
    const joined =
      calendar.stage !== null && isHerd(calendar.stage) ? chain[index - 1]?.birthDate : null;
    for (const shot of calendar.shots) {
      const vaccine = shot.vaccineId === null ? undefined : vaccines.get(shot.vaccineId);
      if (shot.date === null || vaccine === undefined) continue;
      if (joined && shot.date < joined) continue;
      doses.push({ calendar, step: index, shot: { ...shot, date: shot.date }, vaccine });
    }
  });
  return doses.sort((left, right) => (left.shot.date < right.shot.date ? -1 : 1));
}

function describeDose(dose: ChainDose): string {
  return `${dose.shot.name} on ${formatLongDate(dose.shot.date)} (${dose.calendar.label})`;
}

function toWarning(
  rule: FarmTimelineRule,
  first: ChainDose,
  second: ChainDose,
  message: string,
): FarmTimelineWarning {
  return {
    rule,
    calendarIds: [first.calendar.id, second.calendar.id],
    shots: [
      { calendarId: first.calendar.id, shotId: first.shot.id, date: first.shot.date },
      { calendarId: second.calendar.id, shotId: second.shot.id, date: second.shot.date },
    ],
    message,
  };
}

/** Two different vaccines from two calendars of the same animals less than 14 days apart (S25). */
function checkSpacing(doses: readonly ChainDose[], warnings: FarmTimelineWarning[]): void {
  doses.forEach((first, index) => {
    for (const second of doses.slice(index + 1)) {
      const gap = countDaysBetween(first.shot.date, second.shot.date);
      if (gap >= SPACING_DAYS) break;
      if (first.calendar === second.calendar) continue;
      if (isCompatiblePair(first.vaccine, second.vaccine)) continue;
      const apart = gap === 0 ? "on the same day" : `${gap} ${gap === 1 ? "day" : "days"} apart`;
      warnings.push(
        toWarning(
          FarmTimelineRule.spacing,
          first,
          second,
          `The same animals get ${describeDose(first)} and ${describeDose(second)}, ${apart}. ` +
            `Move one so there are at least ${SPACING_DAYS} days between different vaccines, ` +
            `unless your vet says they can go together.`,
        ),
      );
    }
  });
}

/** Years between boosters, from the protocol's yearly templates; null: no routine booster. */
function readBoosterYears(input: FarmTimelineInput): Map<number, number> {
  const years = new Map<number, number>();
  for (const template of input.shotTemplates) {
    if (template.is_recurrent <= 0) continue;
    const known = years.get(template.vaccine_id);
    years.set(template.vaccine_id, Math.min(known ?? Infinity, template.is_recurrent));
  }
  return years;
}

/**
 * A disease's doses handed from one calendar to the next more than its booster interval apart:
 * the animals go unprotected between them (Covexin 10: every 6 to 12 months, S12; Leptavoid-H
 * yearly, S8). Only from a calendar to the very next one of the chain: a disease the stage in
 * between does not cover (calves' Bovivac S, then the cows') is that stage's choice, not a gap.
 */
function checkBoosterGaps(
  doses: readonly ChainDose[],
  boosterYears: ReadonlyMap<number, number>,
  warnings: FarmTimelineWarning[],
): void {
  const byDisease = new Map<number, ChainDose[]>();
  for (const dose of doses) {
    byDisease.set(dose.shot.diseaseId, [...(byDisease.get(dose.shot.diseaseId) ?? []), dose]);
  }
  for (const diseaseDoses of byDisease.values()) {
    for (let index = 1; index < diseaseDoses.length; index++) {
      const first = diseaseDoses[index - 1];
      const second = diseaseDoses[index];
      if (first === undefined || second === undefined) continue;
      if (second.step !== first.step + 1) continue;
      const years = boosterYears.get(first.vaccine.id);
      if (years === undefined) continue;
      const gap = countDaysBetween(first.shot.date, second.shot.date);
      if (gap <= years * DAYS_PER_YEAR) continue;
      const months = Math.round(gap / 30.44);
      const interval = years === 1 ? "12 months" : `${years} years`;
      warnings.push(
        toWarning(
          FarmTimelineRule.boosterGap,
          first,
          second,
          `About ${months} months between ${describeDose(first)} and ${describeDose(second)}: ` +
            `longer than the ${interval} ${first.vaccine.name} protects for. Add a booster ` +
            `within ${interval} of the first, or talk to your vet.`,
        ),
      );
    }
  }
}

/**
 * The warnings across one owner's calendars, each once, by the first dose's date. Pure: the
 * caller expands each calendar's yearly copies over the years it wants checked.
 */
export function checkFarmTimeline(input: FarmTimelineInput): FarmTimelineWarning[] {
  const vaccines = new Map(input.vaccines.map((vaccine) => [vaccine.id, vaccine]));
  const boosterYears = readBoosterYears(input);
  const warnings: FarmTimelineWarning[] = [];
  for (const chain of listChains(input.calendars)) {
    const doses = listChainDoses(chain, vaccines);
    checkSpacing(doses, warnings);
    checkBoosterGaps(doses, boosterYears, warnings);
  }
  const seen = new Set<string>();
  return warnings
    .filter((warning) => {
      const key = `${warning.rule}:${warning.shots.map((shot) => `${shot.calendarId}/${shot.shotId}/${shot.date}`).join(":")}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort((left, right) => (left.shots[0].date < right.shots[0].date ? -1 : 1));
}
