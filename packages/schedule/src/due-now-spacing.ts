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
 * says so. Other doses keep their dates. Returns new columns; the ones given are not changed.
 */
export function spaceDueNowSeeds(columns: readonly ColumnSeeds[], today: IsoDate): ColumnSeeds[] {
  const placed: PlacedDose[] = [];
  const due: { column: number; seed: ShotSeed; vaccine: VaccineInput; to: IsoDate }[] = [];
  columns.forEach((column, index) => {
    const { vaccine } = column;
    if (vaccine === null) return;
    for (const seed of column.seeds) {
      if (seed.date === null) continue;
      if (seed.seasonTiming?.state === "dueNow") {
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
  for (const { seed, vaccine, to } of due) {
    const first = seed.date ?? today;
    let date = first;
    for (let candidate = first; candidate <= to; candidate = addDays(candidate, 1)) {
      if (isClearOf(toDayNumber(candidate), vaccine, placed)) {
        date = candidate;
        break;
      }
    }
    placed.push({ vaccine, day: toDayNumber(date) });
    if (date !== first) moved.set(seed, date);
  }
  return columns.map((column) => ({
    ...column,
    seeds: column.seeds.map((seed) => {
      const date = moved.get(seed);
      return date === undefined ? seed : { ...seed, date };
    }),
  }));
}
