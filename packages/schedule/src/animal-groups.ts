import { resolveBirthBlock } from "./birth-block.ts";
import { toDayNumber } from "./iso-date.ts";
import type { Calendar, DateWindow } from "./schedule.types.ts";
import { resolveBirthDate } from "./season-defaults.ts";

/*
 * Which animals of the calving or lambing block a dose is for (docs/decisions/416 and 417), for
 * the rule checks: a dose of the early or late group is given to that group's cows or ewes only, so
 * its product window is judged against that group's births, it and a dose of the other group are
 * never given to the same animal, and they count as one dose each animal gets.
 */

/** Births as days from the block's first birth, both included. */
export interface AnimalSpan {
  readonly from: number;
  readonly to: number;
  /** False when one date cannot cover the group, and the dose's name says so. */
  readonly coversAll: boolean;
  /** The births in dates, for the warning's words; null for the block's first birth alone. */
  readonly dates: DateWindow | null;
}

/** Without a block: the animals of the season, judged from its first birth as before blocks. */
const FIRST_BIRTH: AnimalSpan = { from: 0, to: 0, coversAll: true, dates: null };

export interface AnimalGroups {
  /** The animals a shot is for: its group, else every animal of the block. */
  readonly spanOf: (shotId: string) => AnimalSpan;
  /** Whether a shot is for one group of the block only. */
  readonly isGrouped: (shotId: string) => boolean;
}

function toSpan(window: DateWindow, firstBirthDay: number, coversAll: boolean): AnimalSpan {
  return {
    from: toDayNumber(window.from) - firstBirthDay,
    to: toDayNumber(window.to) - firstBirthDay,
    coversAll,
    dates: window,
  };
}

/**
 * Each shot's animals: a shot of a group (`birthGroup` on its first occurrence; a yearly copy
 * belongs to its first occurrence's group) is for that group, any other shot for the whole block
 * (or, without a block, judged from the first birth alone).
 */
export function resolveAnimalGroups(calendar: Calendar): AnimalGroups {
  const birthDate = resolveBirthDate(calendar.setup);
  const block = resolveBirthBlock(calendar.setup);
  const groups = new Map<string, AnimalSpan>();
  if (birthDate === null) return { spanOf: () => FIRST_BIRTH, isGrouped: () => false };
  const firstBirthDay = toDayNumber(birthDate);
  const whole = block === null ? FIRST_BIRTH : toSpan(block, firstBirthDay, true);
  for (const column of calendar.diseases) {
    for (const shot of column.shots) {
      if (shot.birthGroup === undefined) continue;
      const { coversAll } = shot.birthGroup;
      groups.set(shot.id, toSpan(shot.birthGroup, firstBirthDay, coversAll));
    }
  }
  const seriesById = new Map<string, string>();
  for (const column of calendar.diseases) {
    for (const shot of column.shots) seriesById.set(shot.id, shot.sourceShotId ?? shot.id);
  }
  const find = (shotId: string) => groups.get(seriesById.get(shotId) ?? shotId);
  return {
    spanOf: (shotId) => find(shotId) ?? whole,
    isGrouped: (shotId) => find(shotId) !== undefined,
  };
}

/** Whether two doses can reach the same animal: their groups overlap, or either is for everyone. */
export function sharesAnimals(groups: AnimalGroups, leftId: string, rightId: string): boolean {
  if (!groups.isGrouped(leftId) || !groups.isGrouped(rightId)) return true;
  const left = groups.spanOf(leftId);
  const right = groups.spanOf(rightId);
  return left.from <= right.to && right.from <= left.to;
}
