import { referenceDataWithWindows as referenceData } from "@vaxcal/reference-data";
import { describe, expect, it } from "vitest";
import {
  resolveBirthDate,
  resolveBirthLabel,
  resolveCalendarYear,
  resolveDefaultSeasonId,
  resolveSeasonDefaults,
} from "./season-defaults.ts";
import { createSetup } from "./calendar.fixtures.ts";

type Row = readonly [
  combinationId: number,
  label: string,
  birthOffset: string | null,
  breedingOffset: string | null,
  birthDate: string | null,
  breedingDate: string | null,
];

// Hand-checked. Rule: place each date in today's year plus its offset; when every date is before
// today, move both forward one year. The offsets are repeated so a change to the seed shows here
// as a changed input, not as a puzzling date.
const on20261121: readonly Row[] = [
  [1, "dairy spring cows", "0.02.01", "0.04.25", "2027-02-01", "2027-04-25"],
  [2, "dairy spring heifers", "1.02.01", "0.04.25", "2027-02-01", "2026-04-25"],
  [3, "dairy spring weanlings", "-1.02.01", null, "2026-02-01", null],
  [4, "dairy spring calves", "0.02.01", null, "2027-02-01", null],
  // Breeding on 1 December is still ahead: the season under way is kept.
  [5, "dairy autumn cows", "0.09.15", "0.12.01", "2026-09-15", "2026-12-01"],
  [6, "dairy autumn heifers", "1.09.15", "0.12.01", "2027-09-15", "2026-12-01"],
  [7, "dairy autumn weanlings", "-1.09.15", null, "2026-09-15", null],
  [8, "dairy autumn calves", "0.09.15", null, "2027-09-15", null],
  [9, "beef spring cows", "0.02.15", "0.05.01", "2027-02-15", "2027-05-01"],
  [10, "beef spring heifers", "1.02.15", "0.05.01", "2027-02-15", "2026-05-01"],
  [11, "beef spring weanlings", "-1.02.15", null, "2026-02-15", null],
  [12, "beef spring calves", "0.02.15", null, "2027-02-15", null],
  // Breeding on 20 November was yesterday: both dates past, so both move.
  [13, "beef autumn cows", "0.09.01", "0.11.20", "2027-09-01", "2027-11-20"],
  [14, "beef autumn heifers", "1.09.01", "0.11.20", "2027-09-01", "2026-11-20"],
  [15, "beef autumn weanlings", "-1.09.01", null, "2026-09-01", null],
  [16, "beef autumn calves", "0.09.01", null, "2027-09-01", null],
  [17, "early lambing ewes", "0.01.10", "-1.08.15", "2027-01-10", "2026-08-15"],
  [18, "early lambing hoggets", "0.01.10", "-1.08.15", "2027-01-10", "2026-08-15"],
  [19, "early lambing ram", null, "-1.08.15", null, "2026-08-15"],
  [20, "early lambing lamb", "0.01.10", null, "2027-01-10", null],
  // The brief's example: lambing ahead, tupping behind. The pair is not past; it stays.
  [21, "mid-season ewes", "0.03.01", "-1.10.05", "2027-03-01", "2026-10-05"],
  [22, "mid-season hoggets", "0.03.01", "-1.10.05", "2027-03-01", "2026-10-05"],
  // Moved once, from 2025, and never twice: the tupping of the season under way.
  [23, "mid-season ram", null, "-1.10.05", null, "2026-10-05"],
  [24, "mid-season lamb", "0.03.01", null, "2027-03-01", null],
  [25, "hill ewes", "0.04.01", "-1.11.05", "2027-04-01", "2026-11-05"],
  [26, "hill hoggets", "0.04.01", "-1.11.05", "2027-04-01", "2026-11-05"],
  [27, "hill ram", null, "-1.11.05", null, "2026-11-05"],
  [28, "hill lamb", "0.04.01", null, "2027-04-01", null],
];

const on20260105: readonly Row[] = [
  [1, "dairy spring cows", "0.02.01", "0.04.25", "2026-02-01", "2026-04-25"],
  [2, "dairy spring heifers", "1.02.01", "0.04.25", "2027-02-01", "2026-04-25"],
  [3, "dairy spring weanlings", "-1.02.01", null, "2026-02-01", null],
  [4, "dairy spring calves", "0.02.01", null, "2026-02-01", null],
  [5, "dairy autumn cows", "0.09.15", "0.12.01", "2026-09-15", "2026-12-01"],
  [6, "dairy autumn heifers", "1.09.15", "0.12.01", "2027-09-15", "2026-12-01"],
  [7, "dairy autumn weanlings", "-1.09.15", null, "2026-09-15", null],
  [8, "dairy autumn calves", "0.09.15", null, "2026-09-15", null],
  [9, "beef spring cows", "0.02.15", "0.05.01", "2026-02-15", "2026-05-01"],
  [10, "beef spring heifers", "1.02.15", "0.05.01", "2027-02-15", "2026-05-01"],
  [11, "beef spring weanlings", "-1.02.15", null, "2026-02-15", null],
  [12, "beef spring calves", "0.02.15", null, "2026-02-15", null],
  [13, "beef autumn cows", "0.09.01", "0.11.20", "2026-09-01", "2026-11-20"],
  [14, "beef autumn heifers", "1.09.01", "0.11.20", "2027-09-01", "2026-11-20"],
  [15, "beef autumn weanlings", "-1.09.01", null, "2026-09-01", null],
  [16, "beef autumn calves", "0.09.01", null, "2026-09-01", null],
  [17, "early lambing ewes", "0.01.10", "-1.08.15", "2026-01-10", "2025-08-15"],
  [18, "early lambing hoggets", "0.01.10", "-1.08.15", "2026-01-10", "2025-08-15"],
  [19, "early lambing ram", null, "-1.08.15", null, "2026-08-15"],
  [20, "early lambing lamb", "0.01.10", null, "2026-01-10", null],
  [21, "mid-season ewes", "0.03.01", "-1.10.05", "2026-03-01", "2025-10-05"],
  [22, "mid-season hoggets", "0.03.01", "-1.10.05", "2026-03-01", "2025-10-05"],
  [23, "mid-season ram", null, "-1.10.05", null, "2026-10-05"],
  [24, "mid-season lamb", "0.03.01", null, "2026-03-01", null],
  [25, "hill ewes", "0.04.01", "-1.11.05", "2026-04-01", "2025-11-05"],
  [26, "hill hoggets", "0.04.01", "-1.11.05", "2026-04-01", "2025-11-05"],
  [27, "hill ram", null, "-1.11.05", null, "2026-11-05"],
  [28, "hill lamb", "0.04.01", null, "2026-04-01", null],
];

function findCombination(id: number) {
  const combination = referenceData.combinations.find((candidate) => candidate.id === id);
  if (combination === undefined) throw new Error(`No seeded combination ${id}`);
  return combination;
}

describe.each([
  ["2026-11-21", on20261121],
  ["2026-01-05", on20260105],
])("resolveSeasonDefaults without shot templates (the pair rule) on %s", (today, rows) => {
  it("covers every seeded combination", () => {
    expect(rows.map(([id]) => id)).toEqual(referenceData.combinations.map(({ id }) => id));
  });

  it.each(rows)(
    "combination %i (%s)",
    (id, _label, birthOffset, breedingOffset, birthDate, breedingDate) => {
      const combination = findCombination(id);
      expect([combination.birth_date, combination.breeding_date]).toEqual([
        birthOffset,
        breedingOffset,
      ]);
      expect(resolveSeasonDefaults(combination, today)).toEqual({ birthDate, breedingDate });
    },
  );
});

describe("resolveSeasonDefaults edges", () => {
  const earlyEwes = { animal_id: 5, birth_date: "0.01.10", breeding_date: "-1.08.15" };

  it("keeps a date that falls on today: it is not past", () => {
    expect(resolveSeasonDefaults(earlyEwes, "2026-01-10")).toEqual({
      birthDate: "2026-01-10",
      breedingDate: "2025-08-15",
    });
  });

  it("moves the pair the day after its last date", () => {
    expect(resolveSeasonDefaults(earlyEwes, "2026-01-11")).toEqual({
      birthDate: "2027-01-10",
      breedingDate: "2026-08-15",
    });
  });

  it("puts 29 February on the 28th in a common year and keeps it in a leap year", () => {
    const leapDay = { animal_id: 4, birth_date: "0.02.29", breeding_date: null };
    expect(resolveSeasonDefaults(leapDay, "2027-01-01").birthDate).toBe("2027-02-28");
    expect(resolveSeasonDefaults(leapDay, "2027-03-01").birthDate).toBe("2028-02-29");
  });

  it("gives the Ram no birth date even when the combination carries one", () => {
    const ram = { animal_id: 8, birth_date: "0.03.01", breeding_date: "0.10.05" };
    expect(resolveSeasonDefaults(ram, "2026-06-01", { hasBirthDate: false })).toEqual({
      birthDate: null,
      breedingDate: "2026-10-05",
    });
  });

  it("returns no dates for a combination without any", () => {
    const none = { animal_id: 1, birth_date: null, breeding_date: null };
    expect(resolveSeasonDefaults(none, "2026-06-01")).toEqual({
      birthDate: null,
      breedingDate: null,
    });
  });

  it.each(["0.13.01", "1.02", "x.03.01", "0.03.32"])("rejects the season date %s", (text) => {
    const bad = { animal_id: 1, birth_date: text, breeding_date: null };
    expect(() => resolveSeasonDefaults(bad, "2026-06-01")).toThrow(RangeError);
  });

  it("rejects a today that is not YYYY-MM-DD", () => {
    expect(() => resolveSeasonDefaults(earlyEwes, "21/11/2026")).toThrow(RangeError);
  });
});

describe("setup rules of docs/product.md §5 and §9", () => {
  it("preselects season 4 for Sheep only", () => {
    expect(resolveDefaultSeasonId(3)).toBe(4);
    expect(resolveDefaultSeasonId(1)).toBeNull();
    expect(resolveDefaultSeasonId(2)).toBeNull();
  });

  it("drops the birth date of exactly the animals the reference data says have none", () => {
    for (const animal of referenceData.animals) {
      const setup = createSetup({ animal, birthDate: "2027-03-01" });
      expect(resolveBirthDate(setup) !== null, animal.name).toBe(animal.hasBirthDate);
    }
  });

  it.each([
    [3, true, "Lambing"],
    [1, true, "Calving"],
    [2, true, "Calving"],
    [3, false, "Birth"],
    [1, false, "Birth"],
  ])("labels the birth of enterprise %i (adult %s) %s", (enterpriseId, isAdult, label) => {
    const setup = createSetup({ enterprise: { id: enterpriseId }, animal: { id: 1, isAdult } });
    expect(resolveBirthLabel(setup)).toBe(label);
  });

  it("takes the calendar year from the later of birth and breeding, else from today", () => {
    const ewes = createSetup({ birthDate: "2027-03-01", breedingDate: "2026-10-05" });
    expect(resolveCalendarYear(ewes, "2026-11-21")).toBe(2027);
    const cows = createSetup({ birthDate: "2026-09-15", breedingDate: "2027-12-01" });
    expect(resolveCalendarYear(cows, "2026-11-21")).toBe(2027);
    const empty = createSetup({ birthDate: null, breedingDate: null });
    expect(resolveCalendarYear(empty, "2026-11-21")).toBe(2026);
    // The Ram's birth date is ignored even if the form still holds one.
    const ram = createSetup({
      animal: { id: 8, isAdult: true, hasBirthDate: false },
      birthDate: "2030-01-01",
    });
    expect(resolveCalendarYear(ram, "2026-11-21")).toBe(2027);
  });
});
