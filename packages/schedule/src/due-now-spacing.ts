import type { ColumnSeeds, ShotSeed } from "./calendar-layout.ts";
import { isCompatiblePair, SPACING_DAYS } from "./check-protocol.ts";
import { addDays, toDayNumber, type IsoDate } from "./iso-date.ts";
import type { VaccineInput } from "./schedule.types.ts";

interface PlacedDose {
  readonly vaccine: VaccineInput;
  readonly day: number;
}

function isClearOf(day: number, vaccine: VaccineInput, placed: readonly PlacedDose[]): boolean {
  return placed.every(
    (other) =>
      Math.abs(other.day - day) >= SPACING_DAYS || isCompatiblePair(vaccine, other.vaccine),
  );
}

/**
 * Several doses can fall due now together. Each, the one whose window closes first first, takes
 * the first day of what is left of its window that keeps SPACING_DAYS from every other vaccine's
 * dose (AHI, S25); with no such day it stays on the window's first day left, and the spacing check
 * says so. A young group's course started from today (decision 426) moves whole: every dose of it
 * must be clear, and with no such day the course is not started (its doses go back to their plan
 * before, missed this season). Other doses keep their dates. Returns new columns; the ones given
 * are not changed.
 */
export function spaceDueNowSeeds(columns: readonly ColumnSeeds[], today: IsoDate): ColumnSeeds[] {
  const placed: PlacedDose[] = [];
  const due: { column: number; seed: ShotSeed; vaccine: VaccineInput; to: IsoDate }[] = [];
  // Decision 426: a course started from today moves whole, its later doses with its first.
  const followers = new Map<ShotSeed, ShotSeed[]>();
  columns.forEach((column, index) => {
    const { vaccine } = column;
    if (vaccine === null) return;
    for (const seed of column.seeds) {
      if (seed.date === null) continue;
      const lead = column.seeds.find(({ id }) => id === seed.followsCourseFrom);
      if (lead !== undefined && lead.seasonTiming?.state === "dueNow") {
        followers.set(lead, [...(followers.get(lead) ?? []), seed]);
      } else if (seed.seasonTiming?.state === "dueNow") {
        due.push({ column: index, seed, vaccine, to: seed.seasonTiming.window.to });
      } else {
        placed.push({ vaccine, day: toDayNumber(seed.date) });
      }
    }
  });
  if (due.length === 0) return [...columns];
  due.sort((left, right) =>
    left.to !== right.to ? (left.to < right.to ? -1 : 1) : left.seed.id < right.seed.id ? -1 : 1,
  );
  const moved = new Map<ShotSeed, IsoDate>();
  const reverted = new Map<ShotSeed, Pick<ShotSeed, "date" | "seasonTiming">>();
  for (const { seed, vaccine, to } of due) {
    const first = seed.date ?? today;
    const offsets = (followers.get(seed) ?? []).map((follower) => ({
      follower,
      days: toDayNumber(follower.date ?? first) - toDayNumber(first),
    }));
    const isCourseClear = (day: number) =>
      isClearOf(day, vaccine, placed) &&
      offsets.every(({ days }) => isClearOf(day + days, vaccine, placed));
    let date: IsoDate | null = null;
    for (let candidate = first; candidate <= to; candidate = addDays(candidate, 1)) {
      if (isCourseClear(toDayNumber(candidate))) {
        date = candidate;
        break;
      }
    }
    if (date === null && seed.beforeCatchUp !== undefined) {
      // Decision 426: a course from today with no day clear of other vaccines is not started;
      // it shows as it was planned before (missed this season: talk to your vet).
      for (const course of [seed, ...offsets.map(({ follower }) => follower)]) {
        if (course.beforeCatchUp !== undefined) reverted.set(course, course.beforeCatchUp);
        if (course.date !== null && course.beforeCatchUp?.date != null) {
          placed.push({ vaccine, day: toDayNumber(course.beforeCatchUp.date) });
        }
      }
      continue;
    }
    date ??= first;
    placed.push({ vaccine, day: toDayNumber(date) });
    if (date !== first) moved.set(seed, date);
    for (const { follower, days } of offsets) {
      const followerDate = addDays(date, days);
      placed.push({ vaccine, day: toDayNumber(followerDate) });
      if (followerDate !== follower.date) moved.set(follower, followerDate);
    }
  }
  return columns.map((column) => ({
    ...column,
    seeds: column.seeds.map((seed) => {
      const before = reverted.get(seed);
      if (before !== undefined) {
        const { seasonTiming: _catchUp, followsCourseFrom: _lead, ...rest } = seed;
        return {
          ...rest,
          date: before.date,
          ...(before.seasonTiming === undefined ? {} : { seasonTiming: before.seasonTiming }),
        };
      }
      const date = moved.get(seed);
      return date === undefined ? seed : { ...seed, date };
    }),
  }));
}
