import { assertIsoDate, formatIsoDate, readYear, type IsoDate } from "./iso-date.ts";
import { planTemplate } from "./season-timing.ts";
import { findHerdStatusDefault, isTemplateInScope } from "./template-selection.ts";
import type {
  AnimalBirthFacts,
  CalendarSetup,
  DiseaseInput,
  SeasonCombinationInput,
  ShotTemplateInput,
} from "./schedule.types.ts";

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

/** The reference data a season's shots come from: the diseases offered and the shot templates. */
export interface SeasonShotsInput {
  readonly diseases: readonly DiseaseInput[];
  readonly shotTemplates: readonly ShotTemplateInput[];
}

/** The year shifts tried, in order, from the year the offsets give (docs/product.md §9). */
const YEAR_SHIFTS = [-1, 0, 1, 2] as const;

/**
 * The default birth and breeding dates of a season for an animal (docs/product.md §9, "Dates that
 * face forward"; docs/decisions/418). Exactly:
 *
 * 1. The base year is today's year. Each `yearOffset.MM.DD` becomes (base year + yearOffset +
 *    shift)-MM-DD; a day past the month's end (29 February in a common year) becomes the month's
 *    last day. The birth and breeding dates are a pair and always shift together, so breeding
 *    keeps its place before or after birth.
 * 2. The season's shots are the animal's templates of every vaccine offered for it (`offered`),
 *    dated from the placed pair as the calendar would plan them today: a dose whose window is
 *    still open is due now, so it counts as to come. A shot on today is not past.
 * 3. Adults (any of the season's shots recurs): the shifts −1, 0, 1 and 2 are tried in order; the
 *    first is taken where no shot given once is before today and at least one shot is on or after
 *    today. A recurring shot before today does not disqualify a season: the calendar starts its
 *    series at the next occurrence (buildCalendar), so adults keep the season under way and no
 *    year of boosters is skipped.
 * 4. Young stock (every shot given once: calves, weanlings, lambs, hoggets, replacement heifers)
 *    are the group on the farm today, never pushed a season by one past dose:
 *    - first-time breeders (a breeding date: heifers, hoggets) are the group of the coming
 *      breeding or tupping, the first on or after today;
 *    - the others are the group born most recently (birth on or before today), unless none of its
 *      doses can still be given; then the group born next.
 *    A dose of that group whose window has closed is shown as missed, not dated (buildCalendar).
 * 5. Without templates to judge by (none passed, or none with a date), or when no shift fits, the
 *    pair moves forward one year when every date in it is before today, else stays.
 *
 * An animal without a birth date (the reference data's `hasBirthDate`: the Ram) gets none,
 * whatever the combination holds.
 */
export function resolveSeasonDefaults(
  combination: SeasonCombinationInput,
  today: IsoDate,
  animal: AnimalBirthFacts = { hasBirthDate: true },
  offered: SeasonShotsInput | null = null,
): SeasonDefaults {
  assertIsoDate(today, "today");
  const baseYear = readYear(today);
  const birth =
    combination.birth_date !== null && animal.hasBirthDate
      ? parseOffsetDate(combination.birth_date)
      : null;
  const breeding =
    combination.breeding_date !== null ? parseOffsetDate(combination.breeding_date) : null;
  if (birth === null && breeding === null) return { birthDate: null, breedingDate: null };

  const place = (yearShift: number): SeasonDefaults => ({
    birthDate: birth ? placeInYear(birth, baseYear + yearShift) : null,
    breedingDate: breeding ? placeInYear(breeding, baseYear + yearShift) : null,
  });

  const templates =
    offered === null
      ? []
      : listOfferedTemplates(combination.animal_id, combination.season_id, offered);
  const isYoungStock =
    templates.length > 0 && templates.every((template) => template.is_recurrent === 0);
  const chosen = isYoungStock
    ? chooseGroupOnFarm(place, templates, today)
    : chooseSeasonUnderWay(place, templates, today);
  if (chosen !== null) return chosen;

  const placed = place(0);
  const isPast = [placed.birthDate, placed.breedingDate].every(
    (date) => date === null || date < today,
  );
  return isPast ? place(1) : placed;
}

type PlaceSeason = (yearShift: number) => SeasonDefaults;

/** Adults: the first season with no dose given once before today and a dose to come (step 3). */
function chooseSeasonUnderWay(
  place: PlaceSeason,
  templates: readonly ShotTemplateInput[],
  today: IsoDate,
): SeasonDefaults | null {
  for (const shift of YEAR_SHIFTS) {
    const placed = place(shift);
    const shots = dateSeasonShots(templates, placed, today);
    if (shots.length === 0) return null;
    const hasPastOnceShot = shots.some((shot) => shot.is_recurrent === 0 && shot.date < today);
    const hasUpcomingShot = shots.some((shot) => shot.date >= today);
    if (!hasPastOnceShot && hasUpcomingShot) return placed;
  }
  return null;
}

/** Young stock: the group on the farm today (step 4). */
function chooseGroupOnFarm(
  place: PlaceSeason,
  templates: readonly ShotTemplateInput[],
  today: IsoDate,
): SeasonDefaults | null {
  // First-time breeders: the coming breeding or tupping, whatever any one dose says.
  const byBreeding = YEAR_SHIFTS.find((shift) => {
    const { breedingDate } = place(shift);
    return breedingDate !== null && breedingDate >= today;
  });
  if (byBreeding !== undefined) return place(byBreeding);
  // Born on or before today, the latest such group; else the first group still to be born.
  const born = YEAR_SHIFTS.filter((shift) => {
    const { birthDate } = place(shift);
    return birthDate !== null && birthDate <= today;
  });
  const onFarm = born.at(-1);
  if (onFarm === undefined) return null;
  const shots = dateSeasonShots(templates, place(onFarm), today);
  if (shots.length === 0) return null;
  const hasDoseLeft = shots.some((shot) => shot.date >= today);
  return place(hasDoseLeft ? onFarm : onFarm + 1);
}

/** The animal's templates of the vaccines its diseases offer it. */
function listOfferedTemplates(
  animalId: number,
  seasonId: number | undefined,
  offered: SeasonShotsInput,
): ShotTemplateInput[] {
  const vaccineIds = new Set<number>();
  for (const disease of offered.diseases) {
    for (const offer of disease.animals) {
      if (offer.animal_id === animalId) vaccineIds.add(offer.vaccine_id);
    }
  }
  // The default calendar is for unanswered herd status questions (primed unless the offer says
  // otherwise, decision 421), in the combination's own season; a lungworm dose counts wherever
  // the farmer could ask for it.
  return offered.shotTemplates.filter(
    (template) =>
      template.animal_id === animalId &&
      vaccineIds.has(template.vaccine_id) &&
      isTemplateInScope(template, {
        seasonId: seasonId ?? null,
        herdStatus: findHerdStatusDefault(offered.diseases, animalId, template.vaccine_id),
        lungwormRisk: true,
      }),
  );
}

/** Each template's dose as the calendar would plan it today, before any year shift. */
function dateSeasonShots(
  templates: readonly ShotTemplateInput[],
  season: SeasonDefaults,
  today: IsoDate,
): { date: IsoDate; is_recurrent: number }[] {
  const shots: { date: IsoDate; is_recurrent: number }[] = [];
  for (const template of templates) {
    const planned = planTemplate(template, season.birthDate, season.breedingDate, today);
    if (planned !== null) shots.push({ date: planned.date, is_recurrent: template.is_recurrent });
  }
  return shots;
}
