import { referenceDataWithWindows as referenceData } from "@vaxcal/reference-data";
import { describe, expect, it } from "vitest";
import { buildDefault } from "./default-calendar.fixtures.ts";
import type { IsoDate } from "./iso-date.ts";

/*
 * Issue 24, item 5 "First courses for every group" (decision 419): a group answered "not yet
 * vaccinated" for every disease it is offered gets its primary course from today, never before.
 * Today on the 1st and 15th of every month of 2027 and on 29 February 2028, for every seeded
 * combination: 700 calendars, each with every disease unprimed.
 */

function listTodays(): IsoDate[] {
  const todays: IsoDate[] = [];
  for (let month = 1; month <= 12; month += 1) {
    for (const day of ["01", "15"]) todays.push(`2027-${String(month).padStart(2, "0")}-${day}`);
  }
  todays.push("2028-02-29");
  return todays;
}

describe("an unvaccinated group's first course starts from today (issue 24, item 5)", () => {
  it.each(referenceData.combinations.map((combination) => [combination.id, combination] as const))(
    "combination %i: no dose before today, with every disease answered 'not yet'",
    (_id, combination) => {
      const unprimed = Object.fromEntries(
        referenceData.diseases
          .filter((disease) =>
            disease.animals.some((offer) => offer.animal_id === combination.animal_id),
          )
          .map((disease) => [String(disease.id), "unprimed" as const]),
      );
      const past: string[] = [];
      for (const today of listTodays()) {
        const calendar = buildDefault(combination, today, unprimed);
        for (const column of calendar.diseases) {
          for (const shot of column.shots) {
            if (shot.date !== null && shot.date < today) {
              past.push(`today ${today}: ${shot.id} on ${shot.date}`);
            }
          }
        }
      }
      expect(past).toEqual([]);
    },
  );
});
