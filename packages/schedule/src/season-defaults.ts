import { assertIsoDate, formatIsoDate, readYear, type IsoDate } from "./iso-date.ts";
import type { AnimalBirthFacts, CalendarSetup, SeasonCombinationInput } from "./schedule.types.ts";

const SHEEP_ENTERPRISE_ID = 3;
/** docs/product.md §9: enterprise 3 (Sheep) defaults to season 4 (Mid-season lambing). */
const DEFAULT_SEASON_ID_BY_ENTERPRISE: Readonly<Record<number, number>> = { 3: 4 };

/** The season step 1 preselects for an enterprise, or null when the farmer must pick. */
export function resolveDefaultSeasonId(enterpriseId: number): number | null {
  return DEFAULT_SEASON_ID_BY_ENTERPRISE[enterpriseId] ?? null;
}

export const BirthLabel = { birth: "Birth", calving: "Calving", lambing: "Lambing" } as const;
export type BirthLabel = (typeof BirthLabel)[keyof typeof BirthLabel];

/**
 * docs/product.md §5: Lambing for sheep adults, Calving for other adults, Birth for young animals.
 */
export function resolveBirthLabel(setup: CalendarSetup): BirthLabel {
  if (!setup.animal.isAdult) return BirthLabel.birth;
  return setup.enterprise.id === SHEEP_ENTERPRISE_ID ? BirthLabel.lambing : BirthLabel.calving;
}

/** The birth date the engine uses: none for an animal without one, whatever the form holds. */
export function resolveBirthDate(setup: CalendarSetup): IsoDate | null {
  return setup.animal.hasBirthDate === false ? null : setup.birthDate;
}

/**
 * docs/product.md §4: the later of the birth and breeding years, or today's year when neither is
 * set.
 */
export function resolveCalendarYear(setup: CalendarSetup, today: IsoDate): number {
  const birthDate = resolveBirthDate(setup);
  const years: number[] = [];
  if (birthDate) years.push(readYear(birthDate));
  if (setup.breedingDate) years.push(readYear(setup.breedingDate));
  return years.length > 0 ? Math.max(...years) : readYear(today);
}

export interface SeasonDefaults {
  readonly birthDate: IsoDate | null;
  readonly breedingDate: IsoDate | null;
}

interface OffsetDate {
  readonly yearOffset: number;
  readonly month: number;
  readonly day: number;
}

const OFFSET_DATE_PATTERN = /^(-?\d+)\.(\d{2})\.(\d{2})$/;

function parseOffsetDate(value: string): OffsetDate {
  const match = OFFSET_DATE_PATTERN.exec(value);
  const month = Number(match?.[2]);
  const day = Number(match?.[3]);
  if (!match || month < 1 || month > 12 || day < 1 || day > 31) {
    throw new RangeError(`A season date must be yearOffset.MM.DD, got "${value}"`);
  }
  return { yearOffset: Number(match[1]), month, day };
}

function placeInYear(offsetDate: OffsetDate, baseYear: number): IsoDate {
  return formatIsoDate(baseYear + offsetDate.yearOffset, offsetDate.month, offsetDate.day);
}

/**
 * The default birth and breeding dates of a season for an animal (docs/product.md §9: "the year
 * offset is added to the current year, moved forward a year if already past"). Exactly:
 *
 * 1. The base year is today's year. Each `yearOffset.MM.DD` becomes (base year + yearOffset)-MM-DD;
 *    a day past the month's end (29 February in a common year) becomes the month's last day.
 * 2. The dates are a pair and move together. The pair is past when every date in it is before
 *    today; a date on today is not past.
 * 3. A past pair moves forward exactly one year, both dates at once, so breeding keeps its place
 *    before or after birth. It never moves twice and never one date alone.
 *
 * So a season already under way is kept even when one of its dates is behind: on 2026-11-21
 * mid-season ewes (`0.03.01`, `-1.10.05`) get lambing 2027-03-01 and tupping 2026-10-05, the
 * tupping that got them in lamb; their shots before that date are past shots (docs/product.md §4,
 * shotsInThePastFound). A date with offset −1 alone always lands in today's year, because every
 * date of last year is past: weanlings (`-1.02.01`) are this year's calves, and the ram's tupping
 * (`-1.10.05`) is the ewes' tupping of the season under way.
 *
 * An animal without a birth date (the reference data's `hasBirthDate`: the Ram) gets none,
 * whatever the combination holds.
 */
export function resolveSeasonDefaults(
  combination: SeasonCombinationInput,
  today: IsoDate,
  animal: AnimalBirthFacts = { hasBirthDate: true },
): SeasonDefaults {
  assertIsoDate(today, "today");
  const baseYear = readYear(today);
  const birth =
    combination.birth_date !== null && animal.hasBirthDate
      ? parseOffsetDate(combination.birth_date)
      : null;
  const breeding =
    combination.breeding_date !== null ? parseOffsetDate(combination.breeding_date) : null;

  const place = (yearShift: number): SeasonDefaults => ({
    birthDate: birth ? placeInYear(birth, baseYear + yearShift) : null,
    breedingDate: breeding ? placeInYear(breeding, baseYear + yearShift) : null,
  });
  const placed = place(0);
  const isPast = [placed.birthDate, placed.breedingDate].every(
    (date) => date === null || date < today,
  );
  return isPast && (placed.birthDate !== null || placed.breedingDate !== null) ? place(1) : placed;
}
