import { formatIsoDate, readMonth, readYear, type IsoDate } from "./iso-date.ts";
import { forEachSeedOccurrence, formatOccurrenceId } from "./occurrences.ts";
import type {
  Calendar,
  CalendarDisease,
  CalendarMonth,
  CalendarSetup,
  SeasonTiming,
  BirthGroup,
  Shot,
  VaccineInput,
} from "./schedule.types.ts";

/**
 * What a template or a user decides about a first occurrence. Everything else on a shot (its
 * mirrored copies, row, order in month, booster flag) is derived here, so every edit re-derives it
 * from the seeds and a copy can never drift from its first occurrence.
 */
export interface ShotSeed {
  readonly id: string;
  readonly diseaseId: number;
  readonly templateId: number | null;
  readonly date: IsoDate | null;
  readonly custom_name: string | null;
  readonly is_recurrent: number;
  readonly userInitiated: boolean;
  /** A generated dose due now, or whose window was missed this season; its first occurrence shows it. */
  readonly seasonTiming?: SeasonTiming;
  /** A dose given to a group of the calving or lambing block (decision 416). */
  readonly birthGroup?: BirthGroup;
  /**
   * Decision 426: a later dose of a course started from today, by the first dose's id: moved
   * with it when that dose moves to keep other vaccines 14 days clear. Not on the shot.
   */
  readonly followsCourseFrom?: string;
  /**
   * Decision 426: a dose of a course started from today, as it was planned before: it goes back
   * to that when the course finds no day 14 days clear of other vaccines. Not on the shot.
   */
  readonly beforeCatchUp?: Pick<ShotSeed, "date" | "seasonTiming">;
}

export interface ColumnSeeds {
  readonly diseaseId: number;
  readonly vaccine: VaccineInput | null;
  readonly seeds: readonly ShotSeed[];
}

export interface CalendarFrame {
  readonly today: IsoDate;
  readonly setup: CalendarSetup;
  readonly calendarYear: number;
  readonly nextUserShotNumber: number;
}

type MutableShot = { -readonly [Key in keyof Shot]: Shot[Key] };

const MONTHS_PER_YEAR = 12;
/** docs/product.md §9: the grid shows at least the next 24 months, this month included. */
const GRID_MIN_MONTHS = 24;
/** Mirrored copies run at least to the end of the displayed range, which submit keeps. */
const GRID_YEARS_AFTER = 1;
// Most grid months hold no shot; they share one empty list instead of allocating one per month.
const NO_SHOTS: readonly Shot[] = Object.freeze([]);

/**
 * The grid's last year (docs/product.md §9): the latest of the calendar year + 1 (the end of the
 * displayed range), the year of the 24th month from today's, and the year of the latest first
 * occurrence, so every shot after today is in the grid. Mirrored copies are laid out up to its
 * December.
 */
export function findGridLastYear(
  frame: Pick<CalendarFrame, "today" | "calendarYear">,
  columns: readonly ColumnSeeds[],
): number {
  const todayYear = readYear(frame.today);
  const todayMonthIndex = readMonth(frame.today) - 1;
  let last = Math.max(
    frame.calendarYear + GRID_YEARS_AFTER,
    todayYear + Math.floor((todayMonthIndex + GRID_MIN_MONTHS - 1) / MONTHS_PER_YEAR),
  );
  for (const column of columns) {
    for (const seed of column.seeds) {
      if (seed.date !== null) last = Math.max(last, readYear(seed.date));
    }
  }
  return last;
}

/** The first occurrences of a column: the seeds its shots were laid out from. */
export function collectSeeds(column: CalendarDisease): ShotSeed[] {
  return column.shots.filter((shot) => !shot.isMirroredCopy);
}

export function collectColumnSeeds(calendar: Calendar): ColumnSeeds[] {
  return calendar.diseases.map((column) => ({
    diseaseId: column.diseaseId,
    vaccine: column.vaccine,
    seeds: collectSeeds(column),
  }));
}

export { isRecurrencePeriod } from "./occurrences.ts";

function createShot(
  seed: ShotSeed,
  id: string,
  date: IsoDate | null,
  cycle: number,
  sourceShotId: string | null,
): MutableShot {
  // One literal with a fixed key order keeps every shot the same hidden class.
  return {
    id,
    diseaseId: seed.diseaseId,
    templateId: seed.templateId,
    date,
    custom_name: seed.custom_name,
    is_recurrent: seed.is_recurrent,
    show_once: seed.is_recurrent === 0,
    cycle,
    sourceShotId,
    isMirroredCopy: sourceShotId !== null,
    yearIndex: null,
    row: null,
    orderInMonth: null,
    isBooster: false,
    // A copy repeats a date the user never picked, so submit may drop it outside the range.
    userInitiated: sourceShotId === null && seed.userInitiated,
    // Undefined, not absent, keeps the hidden class; equality in tests reads it as absent.
    seasonTiming: sourceShotId === null ? seed.seasonTiming : undefined,
    birthGroup: sourceShotId === null ? seed.birthGroup : undefined,
  };
}

/** By date, undated last; the id breaks ties so the order never depends on edit history. */
export function compareShots(left: Shot, right: Shot): number {
  if (left.date !== right.date) {
    if (left.date === null) return 1;
    if (right.date === null) return -1;
    return left.date < right.date ? -1 : 1;
  }
  return left.id < right.id ? -1 : left.id > right.id ? 1 : 0;
}

/**
 * A column's shots: each seed's occurrences (occurrences.ts, the one place recurrence lives)
 * through `through`. A seed past `through` still shows; only its copies stop there.
 */
export function expandColumnThrough(column: ColumnSeeds, through: IsoDate): MutableShot[] {
  const shots: MutableShot[] = [];
  for (const seed of column.seeds) {
    if (seed.date === null) {
      shots.push(createShot(seed, seed.id, null, 1, null));
      continue;
    }
    const last = seed.date > through ? seed.date : through;
    forEachSeedOccurrence(seed.date, seed.is_recurrent, seed.date, last, (cycle, date) => {
      const sourceShotId = cycle === 1 ? null : seed.id;
      shots.push(createShot(seed, formatOccurrenceId(seed.id, cycle), date, cycle, sourceShotId));
    });
  }
  return shots.sort(compareShots);
}

function expandColumn(column: ColumnSeeds, gridLastYear: number): MutableShot[] {
  return expandColumnThrough(column, formatIsoDate(gridLastYear, 12, 31));
}

/** Sets yearIndex, row, orderInMonth and isBooster on shots already in date order. */
export function assignColumnLayout(shots: MutableShot[], firstYear: number): void {
  let datedCount = 0;
  let previousRow = -1;
  let orderInMonth = 0;
  for (const shot of shots) {
    if (shot.date === null) {
      shot.yearIndex = null;
      shot.row = null;
      shot.orderInMonth = null;
      shot.isBooster = false;
      continue;
    }
    const yearIndex = readYear(shot.date) - firstYear;
    const row = yearIndex * MONTHS_PER_YEAR + readMonth(shot.date) - 1;
    orderInMonth = row === previousRow ? orderInMonth + 1 : 0;
    previousRow = row;
    shot.yearIndex = yearIndex;
    shot.row = row;
    shot.orderInMonth = orderInMonth;
    shot.isBooster = datedCount > 0;
    datedCount++;
  }
}

/** A mutable copy of laid-out shots, for a layout pass over a subset (submit). */
export function copyShots(shots: readonly Shot[]): MutableShot[] {
  return shots.map((shot) => ({ ...shot }));
}

/**
 * docs/product.md §9: the displayed years run from the earliest shot year to one year after the
 * calendar year. Copies are never earlier than their first occurrence, so the seeds decide. When
 * every shot lies beyond that end (only a user can put one there) the range shrinks to its last
 * year.
 */
function findYearRange(columns: readonly ColumnSeeds[], calendarYear: number) {
  const to = calendarYear + 1;
  let earliest = Number.POSITIVE_INFINITY;
  for (const column of columns) {
    for (const seed of column.seeds) {
      if (seed.date !== null) earliest = Math.min(earliest, readYear(seed.date));
    }
  }
  const from = earliest === Number.POSITIVE_INFINITY ? calendarYear : Math.min(earliest, to);
  return { from, to };
}

export function layoutCalendar(frame: CalendarFrame, columns: readonly ColumnSeeds[]): Calendar {
  const yearRange = findYearRange(columns, frame.calendarYear);
  // docs/product.md §9: the grid starts at today's month; earlier shots are only in the columns.
  const gridFirstYear = readYear(frame.today);
  const gridFirstMonthIndex = readMonth(frame.today) - 1;
  const gridLastYear = findGridLastYear(frame, columns);
  const monthShots: Shot[][] = [];
  const monthCount = (gridLastYear - gridFirstYear + 1) * MONTHS_PER_YEAR - gridFirstMonthIndex;
  for (let index = 0; index < monthCount; index++) monthShots.push(NO_SHOTS as Shot[]);

  const diseases: CalendarDisease[] = [];
  for (const column of columns) {
    const shots = expandColumn(column, gridLastYear);
    assignColumnLayout(shots, yearRange.from);
    for (const shot of shots) {
      if (shot.date === null) continue;
      const index =
        (readYear(shot.date) - gridFirstYear) * MONTHS_PER_YEAR +
        readMonth(shot.date) -
        1 -
        gridFirstMonthIndex;
      if (index < 0 || index >= monthCount) continue;
      const existing = monthShots[index];
      if (existing === undefined || existing === NO_SHOTS) monthShots[index] = [shot];
      else existing.push(shot);
    }
    diseases.push({
      diseaseId: column.diseaseId,
      vaccine: column.vaccine,
      shots,
      hasNoFixedSchedule: column.seeds.every((seed) => seed.templateId === null),
    });
  }

  const months: CalendarMonth[] = [];
  for (let index = 0; index < monthCount; index++) {
    const shots = monthShots[index] ?? NO_SHOTS;
    // Stable sort: same-day shots keep column order.
    if (shots.length > 1) (shots as Shot[]).sort(compareByDate);
    const monthIndex = gridFirstMonthIndex + index;
    months.push({
      year: gridFirstYear + Math.floor(monthIndex / MONTHS_PER_YEAR),
      month: (monthIndex % MONTHS_PER_YEAR) + 1,
      shots,
    });
  }

  return {
    today: frame.today,
    setup: frame.setup,
    calendarYear: frame.calendarYear,
    yearRange,
    diseases,
    months,
    nextUserShotNumber: frame.nextUserShotNumber,
  };
}

function compareByDate(left: Shot, right: Shot): number {
  return left.date === right.date ? 0 : (left.date ?? "") < (right.date ?? "") ? -1 : 1;
}
