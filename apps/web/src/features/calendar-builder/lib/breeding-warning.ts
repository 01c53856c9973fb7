import type { AnimalEnterpriseSeasonCombination } from "@vaxcal/contracts";
import {
  resolveBirthLabel,
  resolveSeasonDefaults,
  type BirthLabel,
  type CalendarSetup,
  type IsoDate,
} from "@vaxcal/schedule";

/**
 * docs/product.md §5 with its {Birth|Calving|Lambing} label, in farm language (D20): no '[!]'
 * (the page marks it as a warning) and sentence case.
 */
export function describeBreedingBeforeBirth(label: BirthLabel): string {
  return `The breeding season start date is before the ${label.toLowerCase()} season. Please double check to make sure this is not an error.`;
}

export type BreedingWarningInput = {
  setup: CalendarSetup;
  /** The season defaults the dates are compared with (decision 005). */
  combination: Pick<
    AnimalEnterpriseSeasonCombination,
    "animal_id" | "birth_date" | "breeding_date"
  >;
  today: IsoDate;
};

/**
 * Decision 005: the warning shows when the breeding date is before the birth date **and** the
 * combination's own season defaults place breeding on or after birth (cows, bred after calving
 * for next year's calf). Ewes, hoggets and heifers are bred before the birth that breeding
 * produces, so their defaults put breeding first and no order of theirs is a slip.
 */
export function resolveBreedingWarning({
  setup,
  combination,
  today,
}: BreedingWarningInput): string | null {
  const { birthDate, breedingDate } = setup;
  if (birthDate === null || breedingDate === null || breedingDate >= birthDate) return null;
  const defaults = resolveSeasonDefaults(combination, today);
  if (defaults.birthDate === null || defaults.breedingDate === null) return null;
  if (defaults.breedingDate < defaults.birthDate) return null;
  return describeBreedingBeforeBirth(resolveBirthLabel(setup));
}
