import { addDays, readMonthName, type IsoDate } from "./iso-date.ts";
import type { BirthGroup, CalendarSetup, DateWindow } from "./schedule.types.ts";
import { resolveBirthDate } from "./season-defaults.ts";

/*
 * Calving and lambing as blocks (issue 24, item 2; docs/decisions/416): an adult's birth date is
 * the first calving or lambing of a block that runs to `birthEndDate`. A pre-birth dose is placed
 * so that every animal of the block is inside its SPC window, or the block is split into an early
 * and a late group, or the dose says in words that its window cannot cover the whole block.
 */

/**
 * The default block length of each season, in days from the first to the last calving or lambing:
 * - calving, 10 weeks: Irish herds aim to calve in 10 to 12 weeks, 90% in the first 6 (Teagasc
 *   BETTER farm programme, farmersjournal.ie "Top tips for a successful breeding season"; S22);
 * - lambing, 5 weeks: rams run for two cycles of 17 days (Teagasc; S22), and Irish advice splits
 *   flocks lambing over 6 weeks or more into early and late groups (S23).
 */
export const DEFAULT_BLOCK_DAYS_BY_SEASON: Readonly<Record<number, number>> = {
  1: 70,
  2: 70,
  3: 35,
  4: 35,
  5: 35,
};

/**
 * The block's last calving or lambing when the farmer leaves it out: the season's default length
 * from its start. Null without a start or a season with a default.
 */
export function resolveDefaultBlockEnd(
  seasonId: number | null | undefined,
  birthDate: IsoDate | null,
): IsoDate | null {
  const days = seasonId == null ? undefined : DEFAULT_BLOCK_DAYS_BY_SEASON[seasonId];
  if (days === undefined || birthDate === null) return null;
  return addDays(birthDate, days);
}

/** `1 February to 12 April`, the block in words. */
export function describeBlock(block: DateWindow): string {
  return `${describeDayMonth(block.from)} to ${describeDayMonth(block.to)}`;
}

function describeDayMonth(date: IsoDate): string {
  const [, month, day] = date.split("-").map(Number);
  return `${day} ${readMonthName(month ?? 1)}`;
}

/** `1 Feb – 7 Mar`, a group in a shot's name or a warning. */
export function describeShortRange(window: DateWindow): string {
  const short = (date: IsoDate) => describeDayMonth(date).replace(/ (\w{3})\w*$/, " $1");
  return `${short(window.from)} – ${short(window.to)}`;
}

/**
 * The adult's calving or lambing block: from the birth date to `birthEndDate`. Null for young
 * stock (their birth date is their own), an animal without a birth date, a setup without an end
 * (a calendar saved before blocks: planned from the start alone, as it was) or an end before the
 * start (the server refuses it). Step 1 and the server fill in the season's default end
 * (resolveDefaultBlockEnd) when the farmer leaves it out.
 */
export function resolveBirthBlock(setup: CalendarSetup): DateWindow | null {
  if (!setup.animal.isAdult) return null;
  const from = resolveBirthDate(setup);
  const to = setup.birthEndDate ?? null;
  if (from === null || to === null || to < from) return null;
  return { from, to };
}

/**
 * A grouped dose's name: the product, then which animals it is for, or, when its window cannot
 * cover the whole block, that in farm language (issue 24: "unless the plan says so in words").
 * Null when the dose covers the whole block alone: its name is left as it was.
 */
export function nameGroupDose(
  name: string,
  group: BirthGroup,
  birthLabel: string,
  isSplit: boolean,
): string | null {
  const verb = birthLabel.toLowerCase();
  const range = describeShortRange(group);
  if (!group.coversAll) return `${name}: one date can't cover ${verb} ${range}, ask your vet`;
  return isSplit ? `${name}, for those ${verb} ${range}` : null;
}
