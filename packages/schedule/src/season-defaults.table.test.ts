import { referenceDataWithWindows as referenceData } from "@vaxcal/reference-data";
import { describe, expect, it } from "vitest";
import { buildDefault, listAvoidableWarnings } from "./default-calendar.fixtures.ts";
import type { Calendar } from "./schedule.types.ts";
import { resolveSeasonDefaults } from "./season-defaults.ts";
import {
  findHerdStatusDefault,
  isTemplateInScope,
  resolveLungwormRisk,
} from "./template-selection.ts";

/*
 * docs/product.md §9 "Dates that face forward", over every seeded combination with every offered
 * disease ticked, on a date in each month of the year, around a leap day and on the last Sundays
 * of March and October and the days after (clock changes: the engine has no clock, so they must
 * change nothing).
 */

const todays = [
  "2026-01-15",
  "2026-02-10",
  "2026-03-01",
  "2026-03-29",
  "2026-03-30",
  "2026-04-20",
  "2026-05-31",
  "2026-06-15",
  "2026-07-01",
  "2026-08-20",
  "2026-09-01",
  "2026-10-05",
  "2026-10-25",
  "2026-10-26",
  "2026-11-24",
  "2026-12-10",
  "2026-12-31",
  "2028-02-28",
  "2028-02-29",
  "2028-03-01",
] as const;

const YEAR_DAYS_MS = 366 * 86_400_000;

function findAnimal(animalId: number) {
  const animal = referenceData.animals.find((candidate) => candidate.id === animalId);
  if (animal === undefined) throw new Error(`No seeded animal ${animalId}`);
  return animal;
}

function findCombination(id: number) {
  const combination = referenceData.combinations.find((candidate) => candidate.id === id);
  if (combination === undefined) throw new Error(`No seeded combination ${id}`);
  return combination;
}

function buildDefaultCalendar(combinationId: number, today: string): Calendar {
  return buildDefault(findCombination(combinationId), today);
}

function hasTemplates(calendar: Calendar, vaccineId: number | undefined): boolean {
  return referenceData.shotTemplates.some(
    (template) =>
      template.vaccine_id === vaccineId &&
      template.animal_id === calendar.setup.animal.id &&
      isTemplateInScope(template, {
        seasonId: calendar.setup.season?.id ?? null,
        herdStatus: findHerdStatusDefault(
          referenceData.diseases,
          template.animal_id,
          template.vaccine_id,
        ),
        lungwormRisk: resolveLungwormRisk(calendar.setup),
      }) &&
      (template.birth_days === null || calendar.setup.birthDate !== null),
  );
}

const cases = todays.flatMap((today) =>
  referenceData.combinations.map((combination) => [today, combination.id] as const),
);

describe("default calendars face forward", () => {
  it.each(cases)("on %s, combination %i", (today, combinationId) => {
    const calendar = buildDefaultCalendar(combinationId, today);
    const shots = calendar.diseases.flatMap((column) => column.shots);

    // No shot before today, copies included; the only undated doses are young stock's given
    // once whose window has closed, missed this season (decision 418).
    expect(shots.filter((shot) => shot.date !== null && shot.date < today)).toEqual([]);
    expect(
      shots.filter(
        (shot) =>
          shot.date === null && (shot.seasonTiming?.state !== "missed" || shot.is_recurrent !== 0),
      ),
    ).toEqual([]);

    // No rule check fires on a default calendar, but those doses due together cannot avoid.
    expect(
      listAvoidableWarnings(calendar).map(({ rule, shotIds }) => `${rule} ${shotIds}`),
    ).toEqual([]);

    for (const column of calendar.diseases) {
      // Every column has a shot to come, or says plainly why there is no fixed date.
      expect(
        column.shots.length > 0 || column.hasNoFixedSchedule,
        `disease ${column.diseaseId}`,
      ).toBe(true);
      if (!hasTemplates(calendar, column.vaccine?.id)) continue;
      // Every column with templates has a shot to come.
      expect(column.shots.length, `disease ${column.diseaseId}`).toBeGreaterThan(0);
      // No year of boosters is skipped: each recurring series starts within a year of today, or,
      // when this season's dose is due now, within one recurrence period of it.
      for (const shot of column.shots) {
        if (shot.isMirroredCopy || shot.is_recurrent === 0) continue;
        const isDueNow = column.shots.some(
          (other) => other.templateId === shot.templateId && other.seasonTiming?.state === "dueNow",
        );
        const daysAhead = Date.parse(shot.date!) - Date.parse(today);
        expect(daysAhead, `${shot.id} on ${shot.date}`).toBeLessThan(
          YEAR_DAYS_MS * (isDueNow ? shot.is_recurrent : 1),
        );
      }
    }

    // The grid opens at today's month and shows at least the next 24 months.
    expect(calendar.months[0]).toMatchObject({
      year: Number(today.slice(0, 4)),
      month: Number(today.slice(5, 7)),
    });
    expect(calendar.months.length).toBeGreaterThanOrEqual(24);
    const inGrid = calendar.months.reduce((count, month) => count + month.shots.length, 0);
    expect(inGrid).toBe(shots.filter((shot) => shot.date !== null).length);
  });

  it("keeps breeding in its place before or after birth, as the offsets put it", () => {
    for (const [today, combinationId] of cases) {
      const combination = findCombination(combinationId);
      const animal = findAnimal(combination.animal_id);
      const { birthDate, breedingDate } = resolveSeasonDefaults(
        combination,
        today,
        animal,
        referenceData,
      );
      if (birthDate === null || breedingDate === null) continue;
      const offsetGap =
        Number(combination.birth_date!.split(".")[0]) -
        Number(combination.breeding_date!.split(".")[0]);
      expect(Number(birthDate.slice(0, 4)) - Number(breedingDate.slice(0, 4))).toBe(offsetGap);
    }
  });
});

// Hand-worked cases the rule was designed around.
describe("resolveSeasonDefaults with the season's shots", () => {
  const defaults = (combinationId: number, today: string) => {
    const combination = findCombination(combinationId);
    return resolveSeasonDefaults(
      combination,
      today,
      findAnimal(combination.animal_id),
      referenceData,
    );
  };
  const firstDates = (calendar: Calendar, vaccineName: string) =>
    calendar.diseases
      .filter((column) => column.vaccine?.name === vaccineName)
      .flatMap((column) => column.shots.filter((shot) => !shot.isMirroredCopy))
      .map((shot) => shot.date);

  it("keeps spring-calving cows' February calving on 20 December; the Rotavec just past is due now", () => {
    // Rotavec at calving − 49 = 14 December 2026, six days past, but its window (12 to 3 weeks
    // before calving) is open until 11 January: due today, then on 14 December from next year.
    // Skipping to February 2028 would lose a whole year of boosters; moving it a year would leave
    // this February's calves without colostral cover (issue 24).
    expect(defaults(1, "2026-12-20")).toEqual({
      birthDate: "2027-02-01",
      breedingDate: "2027-04-25",
    });
    expect(firstDates(buildDefaultCalendar(1, "2026-12-20"), "Bovilis Rotavec Corona")).toEqual([
      "2026-12-20",
      "2027-12-14",
    ]);
  });

  it("keeps mid-season ewes' October tupping on 24 November; pre-tupping shots come next August", () => {
    expect(defaults(21, "2026-11-24")).toEqual({
      birthDate: "2027-03-01",
      breedingDate: "2026-10-05",
    });
    const calendar = buildDefaultCalendar(21, "2026-11-24");
    expect(firstDates(calendar, "Footvax")).toEqual(["2027-05-10", "2027-08-24"]);
    // Enzovax, every three years, starts before the next tupping, not three years on.
    expect(firstDates(calendar, "Enzovax")).toEqual(["2027-08-10"]);
  });

  it("moves weanlings whose every shot is past to the next birth cohort", () => {
    // Calves born 1 February 2026 had their weanling shots from August to November 2026.
    expect(defaults(3, "2026-11-24")).toEqual({ birthDate: "2027-02-01", breedingDate: null });
  });

  it("keeps autumn-born weanlings on the farm while a dose is left; then this autumn's calves", () => {
    // Born 15 September 2025: their pneumonia course (October and November 2025) is past on
    // 1 March 2026, but the clostridial booster (11 May) and IBR (15 June) are ahead: they are
    // the weanlings on the farm (decision 418).
    expect(defaults(7, "2026-03-01")).toEqual({ birthDate: "2025-09-15", breedingDate: null });
    // Once their last dose is past, the calendar is for the calves born this autumn.
    expect(defaults(7, "2026-07-01")).toEqual({ birthDate: "2026-09-15", breedingDate: null });
  });

  it("keeps heifers on this year's breeding once their first lungworm dose is past", () => {
    // Their first dose, lungworm (Huskvac) at breeding − 112 = 3 January 2026, is missed on
    // 4 January; the breeding, not the dose, chooses the season (issue 24, item 6).
    expect(defaults(2, "2026-01-04")).toEqual({
      birthDate: "2027-02-01",
      breedingDate: "2026-04-25",
    });
    // Once breeding has started, the next heifers to be bred.
    expect(defaults(2, "2026-04-26")).toEqual({
      birthDate: "2028-02-01",
      breedingDate: "2027-04-25",
    });
  });

  it("keeps calves born this season once their first shot is past: they are on the farm", () => {
    expect(defaults(4, "2026-02-08")).toEqual({ birthDate: "2026-02-01", breedingDate: null });
    expect(defaults(4, "2026-02-09")).toEqual({ birthDate: "2026-02-01", breedingDate: null });
    // Before calving, last year's calves have no dose left: the calves about to be born.
    expect(defaults(4, "2026-01-31")).toEqual({ birthDate: "2026-02-01", breedingDate: null });
  });

  it("falls back to the pair rule without templates to judge by", () => {
    const combination = findCombination(2);
    const animal = findAnimal(combination.animal_id);
    const withoutTemplates = { diseases: referenceData.diseases, shotTemplates: [] };
    expect(resolveSeasonDefaults(combination, "2026-03-01", animal, withoutTemplates)).toEqual(
      resolveSeasonDefaults(combination, "2026-03-01", animal),
    );
  });
});
