import {
  AnimalId,
  DiseaseId,
  referenceDataWithWindows as referenceData,
} from "@vaxcal/reference-data";
import { describe, expect, it } from "vitest";
import { buildDefault, offeredDiseases } from "./default-calendar.fixtures.ts";
import { addDays, toDayNumber, type IsoDate } from "./iso-date.ts";
import type { Calendar, HerdStatus } from "./schedule.types.ts";

/*
 * Issue 24, item 5 and decision 421: every group with a primary course is asked whether it has
 * had it. Answered "No, not yet", the group's course is complete (its second dose follows the
 * first inside the SPC's course interval) and never dated before today; answered "Yes", it gets
 * no first dose. Today on every day of 2027, for every seeded combination.
 */

const todays: IsoDate[] = Array.from({ length: 365 }, (_, index) => addDays("2027-01-01", index));

/** Every herd status question the animal is asked, answered the same. */
function answerAll(animalId: number, status: HerdStatus): Record<string, HerdStatus> {
  return Object.fromEntries(
    offeredDiseases(animalId)
      .filter((disease) =>
        disease.animals.some((offer) => offer.animal_id === animalId && offer.herd_status_question),
      )
      .map((disease) => [String(disease.id), status]),
  );
}

function crossesLeapDay(fromDay: number, toDay: number): boolean {
  const leapDay = toDayNumber("2028-02-29");
  return fromDay < leapDay && leapDay <= toDay;
}

/** What breaks the promise for an unvaccinated group, in words; empty when it holds. */
function findCourseFaults(calendar: Calendar, asked: ReadonlySet<number>): string[] {
  const faults: string[] = [];
  for (const column of calendar.diseases) {
    if (!asked.has(column.diseaseId)) continue;
    const shots = column.shots.filter((shot) => !shot.isMirroredCopy);
    for (const shot of shots) {
      if (shot.date !== null && shot.date < calendar.today) faults.push(`${shot.id} is past`);
    }
    // Young stock past a closed window: the plan says "missed this season: talk to your vet".
    if (shots.some((shot) => shot.date === null && shot.seasonTiming?.state === "missed")) continue;
    const interval = column.vaccine?.rules.course_interval_days ?? null;
    if (interval === null) continue;
    const days = shots
      .filter((shot) => shot.date !== null)
      .map((shot) => toDayNumber(shot.date as IsoDate))
      .sort((left, right) => left - right);
    const [first, second] = days;
    if (first === undefined || second === undefined) {
      faults.push(`disease ${column.diseaseId}: no second dose`);
      continue;
    }
    const gap = second - first;
    // Left (decision 421): a course moved a year on keeps its calendar dates, so across a
    // 29 February it is one day longer than the protocol's gap (autumn cows' lepto in 2028).
    const leapDay = crossesLeapDay(first, second) ? 1 : 0;
    if (gap < interval.from || gap > interval.to + leapDay) {
      faults.push(
        `disease ${column.diseaseId}: doses ${gap} days apart, not ${interval.from}–${interval.to}`,
      );
    }
  }
  return faults;
}

const askedCombinations = referenceData.combinations.filter(
  (combination) => Object.keys(answerAll(combination.animal_id, "unprimed")).length > 0,
);

describe("herd status questions for every group (decision 421)", () => {
  it("ask heifers, weanlings, hoggets and rams, and ewes about Footvax", () => {
    const askedAbout = (animalId: number) =>
      Object.keys(answerAll(animalId, "unprimed")).map(Number);
    expect(askedAbout(AnimalId.replacementHeifers)).toEqual([
      DiseaseId.bvd,
      DiseaseId.ibr,
      DiseaseId.leptospirosis,
      DiseaseId.clostridialCattle,
      // Decision 426: their lungworm vaccine as calves.
      DiseaseId.lungworm,
    ]);
    expect(askedAbout(AnimalId.weanlings)).toEqual([
      DiseaseId.clostridialCattle,
      DiseaseId.pneumonia,
    ]);
    for (const animalId of [AnimalId.hoggets, AnimalId.ram, AnimalId.ewes]) {
      expect(askedAbout(animalId), `animal ${animalId}`).toEqual([
        DiseaseId.clostridialAndPasteurellosisSheep,
        DiseaseId.footrot,
      ]);
    }
  });

  it.each(askedCombinations.map((combination) => [combination.id, combination] as const))(
    "combination %i: 'not yet' gives a whole course from today, on every day of 2027",
    (_id, combination) => {
      const unprimed = answerAll(combination.animal_id, "unprimed");
      const asked = new Set(Object.keys(unprimed).map(Number));
      const faults: string[] = [];
      for (const today of todays) {
        const calendar = buildDefault(combination, today, unprimed, "default");
        for (const fault of findCourseFaults(calendar, asked)) faults.push(`${today}: ${fault}`);
      }
      expect(faults.slice(0, 10), `${faults.length} faults`).toEqual([]);
    },
  );

  it.each(askedCombinations.map((combination) => [combination.id, combination] as const))(
    "combination %i: 'yes' gives no first dose of a course",
    (_id, combination) => {
      const primed = answerAll(combination.animal_id, "primed");
      const firstDoses: string[] = [];
      for (const today of ["2027-01-01", "2027-06-15", "2027-09-01"] as const) {
        const calendar = buildDefault(combination, today, primed, "default");
        for (const column of calendar.diseases) {
          if (primed[String(column.diseaseId)] === undefined) continue;
          for (const shot of column.shots) {
            const template = referenceData.shotTemplates.find(({ id }) => id === shot.templateId);
            if (template?.herd_status === "unprimed") firstDoses.push(`${today}: ${shot.id}`);
          }
        }
      }
      expect(firstDoses).toEqual([]);
    },
  );
});
