import { AnimalId, EnterpriseId, referenceData } from "@vaxcal/reference-data";
import { resolveSeasonDefaults } from "@vaxcal/schedule";
import { describe, expect, it } from "vitest";
import { describeBreedingBeforeBirth, resolveBreedingWarning } from "./breeding-warning.ts";

const today = "2026-11-21";

function shiftDate(date: string, days: number): string {
  const [year = 0, month = 1, day = 1] = date.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/**
 * The docs/product.md §5 label by hand: Lambing for sheep adults, Calving for other adults, Birth
 * for young.
 */
function expectedLabel(enterpriseId: number, isAdult: boolean): string {
  if (!isAdult) return "Birth";
  return enterpriseId === EnterpriseId.sheep ? "Lambing" : "Calving";
}

const matrix = referenceData.combinations.map((combination) => {
  const animal = referenceData.animals.find((candidate) => candidate.id === combination.animal_id);
  if (!animal) throw new Error("every combination has an animal");
  return {
    combination,
    animal,
    name: `${animal.name} in enterprise ${combination.enterprise_id}, season ${combination.season_id}`,
  };
});

describe("the breeding-before-birth warning over every combination (decision 005)", () => {
  it.each(matrix)("$name: never on the season defaults", ({ combination, animal }) => {
    const defaults = resolveSeasonDefaults(combination, today);
    const setup = {
      enterprise: { id: combination.enterprise_id },
      animal: { id: animal.id, isAdult: animal.isAdult },
      birthDate: defaults.birthDate,
      breedingDate: animal.isAdult ? defaults.breedingDate : null,
    };
    expect(resolveBreedingWarning({ setup, combination, today })).toBeNull();
  });

  it.each(matrix)(
    "$name: breeding a day before birth warns only where the defaults breed after birth",
    ({ combination, animal }) => {
      const defaults = resolveSeasonDefaults(combination, today);
      const birthDate = defaults.birthDate ?? "2027-03-01";
      const setup = {
        enterprise: { id: combination.enterprise_id },
        animal: { id: animal.id, isAdult: animal.isAdult },
        birthDate: animal.hasBirthDate ? birthDate : null,
        breedingDate: shiftDate(birthDate, -1),
      };
      const breedsAfterBirth =
        animal.hasBirthDate &&
        defaults.birthDate !== null &&
        defaults.breedingDate !== null &&
        defaults.breedingDate >= defaults.birthDate;
      const warning = resolveBreedingWarning({ setup, combination, today });
      if (breedsAfterBirth) {
        expect(warning).toBe(
          `The breeding season start date is before the ${expectedLabel(combination.enterprise_id, animal.isAdult).toLowerCase()} season. Please double check to make sure this is not an error.`,
        );
      } else {
        expect(warning).toBeNull();
      }
    },
  );

  it("fires for cows only: the seeded defaults breed cows after calving and everyone else before", () => {
    const warned = matrix.filter(({ combination, animal }) => {
      const defaults = resolveSeasonDefaults(combination, today);
      const birthDate = defaults.birthDate ?? "2027-03-01";
      return (
        resolveBreedingWarning({
          setup: {
            enterprise: { id: combination.enterprise_id },
            animal: { id: animal.id, isAdult: animal.isAdult },
            birthDate: animal.hasBirthDate ? birthDate : null,
            breedingDate: shiftDate(birthDate, -1),
          },
          combination,
          today,
        }) !== null
      );
    });
    expect(new Set(warned.map(({ animal }) => animal.id))).toEqual(new Set([AnimalId.cows]));
    expect(warned).toHaveLength(4);
  });

  it("says nothing when breeding is on or after birth, or a date is missing", () => {
    const cows = referenceData.combinations.find((candidate) => candidate.id === 1);
    if (!cows) throw new Error("dairy spring cows are seeded");
    const setup = (birthDate: string | null, breedingDate: string | null) => ({
      enterprise: { id: EnterpriseId.dairy },
      animal: { id: AnimalId.cows, isAdult: true },
      birthDate,
      breedingDate,
    });
    for (const [birthDate, breedingDate] of [
      ["2027-02-01", "2027-02-01"],
      ["2027-02-01", "2027-04-25"],
      [null, "2027-01-01"],
      ["2027-02-01", null],
    ] as const) {
      expect(
        resolveBreedingWarning({ setup: setup(birthDate, breedingDate), combination: cows, today }),
      ).toBeNull();
    }
  });

  it.each([
    { label: "Birth", text: "before the birth season." },
    { label: "Calving", text: "before the calving season." },
    { label: "Lambing", text: "before the lambing season." },
  ] as const)(
    "words the $label label as docs/product.md §5 does, in sentence case",
    ({ label, text }) => {
      expect(describeBreedingBeforeBirth(label)).toBe(
        `The breeding season start date is ${text} Please double check to make sure this is not an error.`,
      );
    },
  );
});
