import {
  flockEnterprises,
  herdEnterprises,
  type AnimalName,
  type EnterpriseName,
} from "@vaxcal/contracts";

/*
 * The farm profile asked for at registration and in settings (docs/product.md §3 'Enterprise
 * options'): Dairy and Beef keep cattle and have a herd, Sheep keep sheep and have a flock.
 */
const cattle: readonly AnimalName[] = ["Cows", "Replacement Heifers", "Weanlings", "Calves"];
const sheep: readonly AnimalName[] = ["Ewes", "Lamb", "Hoggets", "Ram"];

export const animalsByEnterprise: Record<EnterpriseName, readonly AnimalName[]> = {
  Dairy: cattle,
  Beef: cattle,
  Sheep: sheep,
};

/** The animals to offer for the ticked enterprises, in the spec's order, each once. */
export function listAnimalsFor(enterprises: readonly string[]): AnimalName[] {
  const offered = new Set<AnimalName>();
  for (const enterprise of enterprises) {
    for (const animal of animalsByEnterprise[enterprise as EnterpriseName] ?? []) {
      offered.add(animal);
    }
  }
  return [...cattle, ...sheep].filter((animal) => offered.has(animal));
}

export function hasHerd(enterprises: readonly string[]): boolean {
  return enterprises.some((name) => (herdEnterprises as readonly string[]).includes(name));
}

export function hasFlock(enterprises: readonly string[]): boolean {
  return enterprises.some((name) => (flockEnterprises as readonly string[]).includes(name));
}

/** A size select's empty choice is no size at all. */
export function emptyToNull(value: string): string | null {
  return value === "" ? null : value;
}
