import type { Season } from "@vaxcal/contracts";

/** Season ids are fixed: saved drafts and calendars refer to them (docs/product.md §3, §9). */
export const SeasonId = {
  springCalving: 1,
  autumnCalving: 2,
  earlyLambing: 3,
  midSeasonLambing: 4,
  hillLambing: 5,
} as const;
export type SeasonId = (typeof SeasonId)[keyof typeof SeasonId];

export type ReferenceSeason = Pick<Season, "id" | "name">;

export const seasons: ReferenceSeason[] = [
  { id: SeasonId.springCalving, name: "Spring calving" },
  { id: SeasonId.autumnCalving, name: "Autumn calving" },
  { id: SeasonId.earlyLambing, name: "Early lambing" },
  { id: SeasonId.midSeasonLambing, name: "Mid-season lambing" },
  { id: SeasonId.hillLambing, name: "Hill lambing" },
];
