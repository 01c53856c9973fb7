import { referenceDataWithWindows as referenceData } from "@vaxcal/reference-data";
import { describe, expect, it } from "vitest";
import { buildDefault, type Combination } from "./default-calendar.fixtures.ts";
import { addDays, formatIsoDate, readYear, type IsoDate } from "./iso-date.ts";
import type { Calendar, ShotTemplateInput } from "./schedule.types.ts";
import { resolveSeasonDefaults } from "./season-defaults.ts";
import {
  dateTemplateWindow,
  findHerdStatusDefault,
  isTemplateInScope,
} from "./template-selection.ts";

/*
 * Issue 24, item 4 "The animals on the farm now" (docs/decisions/418): young stock (calves,
 * weanlings, lambs, hoggets, replacement heifers) are planned for the group on the farm today.
 * In mid-February the spring calves are being born; in September the weanlings are this year's
 * calves. Heifers and hoggets, first-time breeders, are the group of the coming breeding or
 * tupping, whatever one dose says (item 6).
 */

const { calves, weanlings, lamb, hoggets, replacementHeifers } = {
  calves: 4,
  weanlings: 3,
  lamb: 6,
  hoggets: 7,
  replacementHeifers: 2,
} as const;
const YOUNG_STOCK: ReadonlySet<number> = new Set([
  calves,
  weanlings,
  lamb,
  hoggets,
  replacementHeifers,
]);
const FIRST_BREEDERS: ReadonlySet<number> = new Set([hoggets, replacementHeifers]);

function findCombination(id: number): Combination {
  const combination = referenceData.combinations.find((candidate) => candidate.id === id);
  if (combination === undefined) throw new Error(`No seeded combination ${id}`);
  return combination;
}

function defaults(combination: Combination, today: IsoDate) {
  const animal = referenceData.animals.find((candidate) => candidate.id === combination.animal_id);
  return resolveSeasonDefaults(combination, today, animal, referenceData);
}

/** `yearOffset.MM.DD` → the last such day on or before today (`onOrAfter`: on or after today). */
function placeNear(offsetDate: string, today: IsoDate, onOrAfter: boolean): IsoDate {
  const [, month, day] = offsetDate.split(".").map(Number);
  const thisYear = formatIsoDate(readYear(today), month!, day!);
  if (onOrAfter)
    return thisYear >= today ? thisYear : formatIsoDate(readYear(today) + 1, month!, day!);
  return thisYear <= today ? thisYear : formatIsoDate(readYear(today) - 1, month!, day!);
}

/** Whether any of the group's doses (a vaccinated herd's, every disease) can still be given. */
function hasDoseLeft(combination: Combination, birthDate: IsoDate, today: IsoDate): boolean {
  const vaccineIds = new Set(
    referenceData.diseases.flatMap((disease) =>
      disease.animals
        .filter((offer) => offer.animal_id === combination.animal_id)
        .map((offer) => offer.vaccine_id),
    ),
  );
  const scopeOf = (template: ShotTemplateInput) => ({
    seasonId: combination.season_id,
    herdStatus: findHerdStatusDefault(
      referenceData.diseases,
      template.animal_id,
      template.vaccine_id,
    ),
    lungwormRisk: true,
  });
  return referenceData.shotTemplates.some((template) => {
    if (template.animal_id !== combination.animal_id || !vaccineIds.has(template.vaccine_id)) {
      return false;
    }
    if (!isTemplateInScope(template, scopeOf(template))) return false;
    const dated = dateTemplateWindow(template, birthDate, null);
    return dated !== null && (dated.window?.to ?? dated.preferred) >= today;
  });
}

function listTodays(): IsoDate[] {
  const todays: IsoDate[] = [];
  for (let day: IsoDate = "2027-01-01"; day <= "2027-12-31"; day = addDays(day, 1))
    todays.push(day);
  todays.push("2028-02-29");
  return todays;
}

const youngStock = referenceData.combinations.filter((combination) =>
  YOUNG_STOCK.has(combination.animal_id),
);

describe("young stock are planned for the group on the farm today, every day of 2027", () => {
  const todays = listTodays();

  it.each(youngStock.map((combination) => [combination.id, combination] as const))(
    "combination %i",
    (_id, combination) => {
      const faults: string[] = [];
      for (const today of todays) {
        const got = defaults(combination, today);
        let expected: IsoDate;
        let actual: IsoDate | null;
        if (FIRST_BREEDERS.has(combination.animal_id)) {
          // The coming breeding or tupping: the season's own date, today or later.
          expected = placeNear(combination.breeding_date!, today, true);
          actual = got.breedingDate;
        } else {
          // The group born most recently, unless none of its doses can still be given; then the
          // group born next.
          const onFarm = placeNear(combination.birth_date!, today, false);
          expected = hasDoseLeft(combination, onFarm, today)
            ? onFarm
            : placeNear(combination.birth_date!, today, true);
          actual = got.birthDate;
        }
        if (actual !== expected) faults.push(`${today}: ${actual}, expected ${expected}`);
        // Never a group more than a season ahead.
        if (actual !== null && actual > addDays(today, 366)) {
          faults.push(`${today}: ${actual} is more than a season ahead`);
        }
      }
      expect(faults.slice(0, 10), `${faults.length} faults`).toEqual([]);
    },
  );
});

const firstShot = (calendar: Calendar, templateId: number) =>
  calendar.diseases
    .flatMap((column) => column.shots)
    .find((shot) => shot.templateId === templateId && !shot.isMirroredCopy);

describe("on 15 February 2027, the spring calves' calendar is for calves born in 2027", () => {
  it.each([
    [4, "dairy", "2027-02-01"],
    [12, "beef", "2027-02-15"],
  ] as const)("combination %i (%s spring calves)", (id, _label, birthDate) => {
    const calendar = buildDefault(findCombination(id), "2027-02-15");
    expect(calendar.setup.birthDate).toBe(birthDate);
    expect(
      calendar.diseases
        .flatMap((column) => column.shots)
        .filter((shot) => shot.date !== null && shot.date < "2027-02-15"),
    ).toEqual([]);
  });

  it("gives the dairy calves born from 1 February their doses to come, and says which were missed", () => {
    const calendar = buildDefault(findCombination(4), "2027-02-15");
    // Covexin 10's first dose at 5 weeks of age, for calves born from 1 February.
    expect(firstShot(calendar, 16)?.date).toBe("2027-03-08");
    // The intranasal RSP dose in the first week of life can no longer be given to this group:
    // missed, with no date in the past.
    expect(firstShot(calendar, 14)).toMatchObject({
      date: null,
      seasonTiming: { state: "missed", window: { from: "2027-02-01", to: "2027-02-08" } },
    });
  });
});

describe("a dose of the group on the farm still in its window is a catch-up from today", () => {
  it("gives mid-season lambs on 1 April 2027 their first Heptavac P Plus dose now", () => {
    // Born from 1 March: the first dose at 3 weeks (22 March) is past, its window (3 to 12 weeks
    // of age) open until 24 May.
    const calendar = buildDefault(findCombination(24), "2027-04-01");
    expect(calendar.setup.birthDate).toBe("2027-03-01");
    expect(firstShot(calendar, 37)).toMatchObject({
      date: "2027-04-01",
      seasonTiming: { state: "dueNow", window: { from: "2027-03-22", to: "2027-05-24" } },
    });
  });
});

describe("weanlings on 1 September 2027 are this year's calves", () => {
  it.each([
    [3, "2027-02-01"],
    [11, "2027-02-15"],
  ] as const)("combination %i", (id, birthDate) => {
    const calendar = buildDefault(findCombination(id), "2027-09-01");
    expect(calendar.setup.birthDate).toBe(birthDate);
    // Their first Bovipast dose (28 weeks) is past, so the course starts from today (decision
    // 426), waiting for no more than the Covexin 10 booster's 14 days, for this year's calves.
    const first = firstShot(calendar, 21);
    expect(first?.seasonTiming?.courseFromToday).toBe(true);
    expect(first?.date !== null && first?.date !== undefined && first.date >= "2027-09-01").toBe(
      true,
    );
    expect(firstShot(calendar, 22)?.date).toBe(addDays(first?.date ?? "2027-09-01", 28));
    expect(calendar.setup.birthDate).toBe(birthDate);
  });
});

describe("heifers: the breeding chooses the season, never one dose (issue 24, item 6)", () => {
  it("keeps spring heifers on this April's breeding once their first lungworm dose is past", () => {
    // Huskvac's first dose at breeding − 112 is 3 January 2027; on 10 January it is missed, but
    // the heifers are still bred from 25 April 2027.
    const calendar = buildDefault(findCombination(2), "2027-01-10");
    expect(calendar.setup.breedingDate).toBe("2027-04-25");
    expect(calendar.setup.birthDate).toBe("2028-02-01");
    expect(firstShot(calendar, 50)).toMatchObject({
      date: null,
      seasonTiming: { state: "missed" },
    });
    expect(firstShot(calendar, 51)?.date).toBe("2027-01-31");
    expect(firstShot(calendar, 7)?.date).toBe("2027-02-14");
  });

  it("takes the breeding the farmer gives: the dose does not move it", () => {
    const calendar = buildDefault(findCombination(2), "2027-04-20");
    expect(calendar.setup.breedingDate).toBe("2027-04-25");
    const shots = calendar.diseases.flatMap((column) => column.shots);
    expect(shots.filter((shot) => shot.date !== null && shot.date < "2027-04-20")).toEqual([]);
  });
});
