import type { AnimalEnterpriseSeasonCombination } from "@vaxcal/contracts";
import { AnimalId, EnterpriseId } from "./enterprises-animals.ts";
import { SeasonId } from "./seasons.ts";

/*
 * Season defaults live on the animal–enterprise–season combination, not on the season, because
 * dairy and beef calve on different dates within the same season (reference document, S22).
 * Dates are `yearOffset.MM.DD` relative to the current year.
 *
 * Which date is which, per animal:
 * - Cows, Ewes, Hoggets: birth = start of calving or lambing, breeding = start of breeding or
 *   tupping. Hoggets lamb and are tupped with the ewes; as first-time breeders their "birth" is
 *   their first lambing, which is what their pre-lambing templates count from.
 * - Replacement Heifers: breeding = the season's breeding date this year; birth = their first
 *   calving, about 283 days later, on the season's calving date with year offset +1. With the
 *   cows' dates the heifers' pre-breeding primary course would follow their first calving, which
 *   cannot happen. Putting the calving a year ahead (rather than the breeding a year back) means
 *   the pair is never wholly past, so a farmer planning heifers in January sees this spring's
 *   breeding, not last year's (the engine moves a pair forward only when both dates are past).
 * - Calves and Lamb: birth = their own birth, on the season's calving or lambing date; no breeding.
 * - Weanlings: calves already born, 6–10 months old when the farmer plans them, so their own
 *   birth is the season's calving date with year offset −1 (a pair wholly in the past moves
 *   forward one year, which makes them the calves of the season under way); no breeding.
 * - Ram: no birth date at all (docs/product.md §9); breeding = the season's tupping date.
 */

const combination = (
  id: number,
  enterprise_id: EnterpriseId,
  season_id: SeasonId,
  animal_id: AnimalId,
  birth_date: string | null,
  breeding_date: string | null,
): AnimalEnterpriseSeasonCombination => ({
  id,
  animal_id,
  enterprise_id,
  season_id,
  birth_date,
  breeding_date,
});

const { dairy, beef, sheep } = EnterpriseId;
const { springCalving, autumnCalving, earlyLambing, midSeasonLambing, hillLambing } = SeasonId;
const { cows, replacementHeifers, weanlings, calves, ewes, hoggets, ram, lamb } = AnimalId;

export const combinations: AnimalEnterpriseSeasonCombination[] = [
  // Dairy, spring calving: calve from 1 Feb, breed from 25 Apr.
  combination(1, dairy, springCalving, cows, "0.02.01", "0.04.25"),
  combination(2, dairy, springCalving, replacementHeifers, "1.02.01", "0.04.25"),
  combination(3, dairy, springCalving, weanlings, "-1.02.01", null),
  combination(4, dairy, springCalving, calves, "0.02.01", null),
  // Dairy, autumn calving (liquid milk): calve from 15 Sep, breed from 1 Dec.
  combination(5, dairy, autumnCalving, cows, "0.09.15", "0.12.01"),
  combination(6, dairy, autumnCalving, replacementHeifers, "1.09.15", "0.12.01"),
  combination(7, dairy, autumnCalving, weanlings, "-1.09.15", null),
  combination(8, dairy, autumnCalving, calves, "0.09.15", null),
  // Beef (suckler), spring calving: calve from 15 Feb, breed from 1 May.
  combination(9, beef, springCalving, cows, "0.02.15", "0.05.01"),
  combination(10, beef, springCalving, replacementHeifers, "1.02.15", "0.05.01"),
  combination(11, beef, springCalving, weanlings, "-1.02.15", null),
  combination(12, beef, springCalving, calves, "0.02.15", null),
  // Beef, autumn calving: calve from 1 Sep, breed from 20 Nov.
  combination(13, beef, autumnCalving, cows, "0.09.01", "0.11.20"),
  combination(14, beef, autumnCalving, replacementHeifers, "1.09.01", "0.11.20"),
  combination(15, beef, autumnCalving, weanlings, "-1.09.01", null),
  combination(16, beef, autumnCalving, calves, "0.09.01", null),
  // Sheep, early lambing: lamb from 10 Jan, tup from 15 Aug of the year before.
  combination(17, sheep, earlyLambing, ewes, "0.01.10", "-1.08.15"),
  combination(18, sheep, earlyLambing, hoggets, "0.01.10", "-1.08.15"),
  combination(19, sheep, earlyLambing, ram, null, "-1.08.15"),
  combination(20, sheep, earlyLambing, lamb, "0.01.10", null),
  // Sheep, mid-season lambing (the majority of Irish flocks): lamb from 1 Mar, tup from 5 Oct.
  combination(21, sheep, midSeasonLambing, ewes, "0.03.01", "-1.10.05"),
  combination(22, sheep, midSeasonLambing, hoggets, "0.03.01", "-1.10.05"),
  combination(23, sheep, midSeasonLambing, ram, null, "-1.10.05"),
  combination(24, sheep, midSeasonLambing, lamb, "0.03.01", null),
  // Sheep, hill lambing: lamb from 1 Apr, tup from 5 Nov.
  combination(25, sheep, hillLambing, ewes, "0.04.01", "-1.11.05"),
  combination(26, sheep, hillLambing, hoggets, "0.04.01", "-1.11.05"),
  combination(27, sheep, hillLambing, ram, null, "-1.11.05"),
  combination(28, sheep, hillLambing, lamb, "0.04.01", null),
];
