import type { Animal, Enterprise } from "@vaxcal/contracts";
import { SeasonId } from "./seasons.ts";

/**
 * Enterprise ids are fixed (docs/product.md §3: 1 shows the animal choice, 2 herd size, 3 flock
 * size).
 */
export const EnterpriseId = {
  dairy: 1,
  beef: 2,
  sheep: 3,
} as const;
export type EnterpriseId = (typeof EnterpriseId)[keyof typeof EnterpriseId];

/** Animal ids are fixed (docs/product.md §3, §9): 8 (Ram) is the animal without a birth date. */
export const AnimalId = {
  cows: 1,
  replacementHeifers: 2,
  weanlings: 3,
  calves: 4,
  ewes: 5,
  lamb: 6,
  hoggets: 7,
  ram: 8,
} as const;
export type AnimalId = (typeof AnimalId)[keyof typeof AnimalId];

export type ReferenceAnimal = Pick<
  Animal,
  "id" | "name" | "isAdult" | "hasBirthDate" | "sortOrder"
>;

/**
 * sortOrder follows docs/product.md §2/§9 for cattle (Cows, Replacement Heifers, Weanlings, Calves)
 * and mirrors it for sheep: breeding adults first, then the ram, then the young stock.
 */
export const animals: ReferenceAnimal[] = [
  { id: AnimalId.cows, name: "Cows", isAdult: true, hasBirthDate: true, sortOrder: 1 },
  {
    id: AnimalId.replacementHeifers,
    name: "Replacement Heifers",
    isAdult: true,
    hasBirthDate: true,
    sortOrder: 2,
  },
  { id: AnimalId.weanlings, name: "Weanlings", isAdult: false, hasBirthDate: true, sortOrder: 3 },
  { id: AnimalId.calves, name: "Calves", isAdult: false, hasBirthDate: true, sortOrder: 4 },
  { id: AnimalId.ewes, name: "Ewes", isAdult: true, hasBirthDate: true, sortOrder: 5 },
  { id: AnimalId.hoggets, name: "Hoggets", isAdult: true, hasBirthDate: true, sortOrder: 6 },
  // A ram has no lambing of its own: its shots hang on the tupping date alone (docs/product.md §9).
  { id: AnimalId.ram, name: "Ram", isAdult: true, hasBirthDate: false, sortOrder: 7 },
  { id: AnimalId.lamb, name: "Lamb", isAdult: false, hasBirthDate: true, sortOrder: 8 },
];

export type ReferenceEnterprise = Pick<
  Enterprise,
  "id" | "name" | "defaultSeasonId" | "animalArray"
>;

const cattle = [
  AnimalId.cows,
  AnimalId.replacementHeifers,
  AnimalId.weanlings,
  AnimalId.calves,
] as const;
const sheep = [AnimalId.ewes, AnimalId.hoggets, AnimalId.ram, AnimalId.lamb] as const;

/**
 * Only Sheep preselects a season (docs/product.md §9: enterprise 3 defaults to season 4, the
 * commonest Irish lambing season); the spec gives cattle no default, so the farmer picks spring or
 * autumn.
 */
export const enterprises: ReferenceEnterprise[] = [
  { id: EnterpriseId.dairy, name: "Dairy", defaultSeasonId: null, animalArray: [...cattle] },
  { id: EnterpriseId.beef, name: "Beef", defaultSeasonId: null, animalArray: [...cattle] },
  {
    id: EnterpriseId.sheep,
    name: "Sheep",
    defaultSeasonId: SeasonId.midSeasonLambing,
    animalArray: [...sheep],
  },
];

/** The seasons each enterprise offers; every animal of the enterprise has a combination in each. */
export const enterpriseSeasonIds: Record<EnterpriseId, readonly SeasonId[]> = {
  [EnterpriseId.dairy]: [SeasonId.springCalving, SeasonId.autumnCalving],
  [EnterpriseId.beef]: [SeasonId.springCalving, SeasonId.autumnCalving],
  [EnterpriseId.sheep]: [SeasonId.earlyLambing, SeasonId.midSeasonLambing, SeasonId.hillLambing],
};
