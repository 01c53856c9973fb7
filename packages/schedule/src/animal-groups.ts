import { fromDayNumber, readYear, toDayNumber, type IsoDate } from "./iso-date.ts";
import { moveAnchorToYear } from "./protocol-anchors.ts";
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

/**
 * A dose for every animal: judged from the season's first birth, as before blocks. The engine
 * places such a dose for the whole block already, and a calendar planned or saved without groups
 * (the apps until the server stores windows, decision 416) keeps the warnings it had.
 */
const FIRST_BIRTH: AnimalSpan = { from: 0, to: 0, coversAll: true, dates: null };

export interface AnimalGroups {
  /** The animals a shot is for: its group, else every animal, judged from the first birth. */
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
 * belongs to its first occurrence's group) is for that group, any other shot for every animal.
 */
export function resolveAnimalGroups(calendar: Calendar): AnimalGroups {
  const birthDate = resolveBirthDate(calendar.setup);
  const groups = new Map<string, AnimalSpan>();
  if (birthDate === null) return { spanOf: () => FIRST_BIRTH, isGrouped: () => false };
  const firstBirthDay = toDayNumber(birthDate);
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
    spanOf: (shotId) => find(shotId) ?? FIRST_BIRTH,
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

/** A group's dates move a day against the block's first birth around 29 February. */
export const GROUP_DATE_MARGIN_DAYS = 2;

/**
 * The span's first and last birth, as day numbers, in the season whose first birth is `anchorDay`
 * (the block's first birth or a yearly anniversary of it): as many days after it as in the block
 * planned, or on the same dates, as the season's dates and the doses' yearly copies keep theirs.
 * Across 29 February the two differ by a day, and a dose inside its window by either is inside:
 * the engine plans the next season's block by its length.
 */
export function placeSpan(
  span: AnimalSpan,
  birthDate: IsoDate,
  anchorDay: number,
): [first: number, last: number][] {
  const byLength: [number, number] = [anchorDay + span.from, anchorDay + span.to];
  if (span.dates === null) return [byLength];
  const shift = readYear(fromDayNumber(anchorDay)) - readYear(birthDate);
  const place = (date: IsoDate) => toDayNumber(moveAnchorToYear(date, readYear(date) + shift));
  const byDate: [number, number] = [place(span.dates.from), place(span.dates.to)];
  return byDate[0] === byLength[0] && byDate[1] === byLength[1] ? [byLength] : [byLength, byDate];
}
