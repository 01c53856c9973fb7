import { describe, expect, it } from "vitest";
import { restoreCalendar } from "./build-calendar.ts";
import { createSetup, createVaccine } from "./calendar.fixtures.ts";
import { checkProtocol } from "./check-protocol.ts";
import type { CalendarSetup, SavedShot, VaccineInput } from "./schedule.types.ts";

/*
 * The rule checks a vet expects beyond the reference document's first list: each vaccine below
 * carries one rule, named after the product whose literature gives it (source ids as in
 * createVaccine: S<id>).
 */
const bvd = createVaccine(1, "Bovilis BVD", {
  course_interval_days: { from: 28, to: 28 },
  not_protective_in_pregnancy: true,
  min_days_before_breeding: 28,
});
const lepto = createVaccine(2, "Leptavoid-H", { course_interval_days: { from: 28, to: 42 } });
const covexin = createVaccine(3, "Covexin 10", {
  booster_window_birth_days: { from: -56, to: -14 },
});
const heptavac = createVaccine(4, "Heptavac P Plus", {
  booster_window_birth_days: { from: -42, to: -28 },
});
const enzovax = createVaccine(5, "Enzovax", { max_days_before_breeding: 120 });
const scabivax = createVaccine(6, "Scabivax Forte", { min_days_before_birth: 49 });
const plain = createVaccine(7, "Plain");
const breedingGap = createVaccine(8, "Breeding gap", { min_days_before_breeding: 28 });
const vaccines: VaccineInput[] = [
  bvd,
  lepto,
  covexin,
  heptavac,
  enzovax,
  scabivax,
  plain,
  breedingGap,
];

// Ewes lambing from 2027-03-01, tupped from 2026-10-05.
const ewes = createSetup({
  enterprise: { id: 3 },
  animal: { id: 5, isAdult: true },
  birthDate: "2027-03-01",
  breedingDate: "2026-10-05",
});
// Cows calving from 2027-02-01, bred from 2027-04-25.
const cows = createSetup();
const unprimedCows = createSetup({ herdStatus: { "1": "unprimed", "2": "unprimed" } });

type Planned = readonly [date: string, isRecurrent?: number];

/** One column of `vaccine` (disease 1 for BVD, 2 for the rest), with shots s1, s2, … */
function warn(setup: CalendarSetup, vaccine: VaccineInput, ...planned: Planned[]) {
  const shots = planned.map(([date, isRecurrent = 0], index): SavedShot => ({
    id: `s${index + 1}`,
    date,
    custom_name: null,
    is_recurrent: isRecurrent,
    cycle: 1,
    userInitiated: false,
  }));
  const calendar = restoreCalendar({
    setup,
    diseases: [{ id: vaccine === bvd ? 1 : 2, vaccineId: vaccine.id, shots }],
    vaccines,
    today: "2026-06-01",
  });
  return checkProtocol(calendar).map(({ rule, source, shotIds }) => [rule, source, shotIds.join()]);
}

function messages(setup: CalendarSetup, vaccine: VaccineInput, ...planned: Planned[]) {
  const calendar = restoreCalendar({
    setup,
    diseases: [
      {
        id: 2,
        vaccineId: vaccine.id,
        shots: planned.map(([date, isRecurrent = 0], index) => ({
          id: `s${index + 1}`,
          date,
          custom_name: null,
          is_recurrent: isRecurrent,
          cycle: 1,
          userInitiated: false,
        })),
      },
    ],
    vaccines,
    today: "2026-06-01",
  });
  return checkProtocol(calendar).map(({ message }) => message);
}

describe("checkProtocol: a vet's course and timing rules", () => {
  it.each<[string, CalendarSetup, VaccineInput, Planned[], string[][]]>([
    // Dose interval: the course's doses at least `from` days apart (S1, S8).
    ["BVD doses 28 days apart", cows, bvd, [["2027-02-26"], ["2027-03-26"]], []],
    [
      "BVD doses 21 days apart",
      cows,
      bvd,
      [["2027-03-05"], ["2027-03-26"]],
      [["doseInterval", "S1", "s1,s2"]],
    ],
    [
      "Leptavoid-H doses 20 days apart",
      cows,
      lepto,
      [["2027-02-20"], ["2027-03-12"]],
      [["doseInterval", "S2", "s1,s2"]],
    ],
    ["a yearly booster a year after the course", cows, lepto, [["2027-03-12", 1]], []],
    // Missing second dose: only a herd starting out needs the course (S1).
    [
      "one BVD dose for an unvaccinated herd",
      unprimedCows,
      bvd,
      [["2027-03-28", 1]],
      [["missingSecondDose", "S1", "s1"]],
    ],
    [
      "both BVD doses for an unvaccinated herd",
      unprimedCows,
      bvd,
      [["2027-02-28"], ["2027-03-28", 1]],
      [],
    ],
    ["one BVD booster for a vaccinated herd", cows, bvd, [["2027-03-28", 1]], []],
    // A second dose later than the course allows: the course lapsed and starts again.
    [
      "Leptavoid-H second dose 8 weeks later",
      unprimedCows,
      lepto,
      [["2027-01-13"], ["2027-03-14", 1]],
      [["lapsedCourse", "S2", "s1,s2"]],
    ],
    // Inactivated BVD is not protective in pregnancy (S1).
    ["BVD 4 weeks before breeding", cows, bvd, [["2027-03-28"]], []],
    [
      "BVD in mid-pregnancy",
      cows,
      bvd,
      [["2027-08-01"]],
      [["notProtectiveInPregnancy", "S1", "s1"]],
    ],
    // Enzovax within 4 months before tupping (S16).
    ["Enzovax 8 weeks before tupping", ewes, enzovax, [["2026-08-10"]], []],
    ["Enzovax 120 days before tupping", ewes, enzovax, [["2026-06-07"]], []],
    [
      "Enzovax 121 days before tupping",
      ewes,
      enzovax,
      [["2026-06-06"]],
      [["tooEarlyBeforeBreeding", "S5", "s1"]],
    ],
    // Pre-birth booster windows (S12 Covexin 8 to 2 weeks, S14 Heptavac 4 to 6 weeks).
    ["Covexin 8 weeks before calving", cows, covexin, [["2026-12-07"]], []],
    ["Covexin 2 weeks before calving", cows, covexin, [["2027-01-18"]], []],
    [
      "Covexin 1 week before calving",
      cows,
      covexin,
      [["2027-01-25"]],
      [["boosterWindow", "S3", "s1"]],
    ],
    [
      "Covexin 9 weeks before calving, nothing later",
      cows,
      covexin,
      [["2026-11-30"]],
      [["boosterWindow", "S3", "s1"]],
    ],
    [
      "a course whose second dose is the booster",
      cows,
      covexin,
      [["2026-11-09"], ["2026-12-07"]],
      [],
    ],
    ["Heptavac 5 weeks before lambing", ewes, heptavac, [["2027-01-25"]], []],
    [
      "Heptavac 3 weeks before lambing",
      ewes,
      heptavac,
      [["2027-02-08"]],
      [["boosterWindow", "S4", "s1"]],
    ],
    [
      "Heptavac 7 weeks before lambing",
      ewes,
      heptavac,
      [["2027-01-11"]],
      [["boosterWindow", "S4", "s1"]],
    ],
    ["Heptavac after lambing", ewes, heptavac, [["2027-04-05"]], []],
    // Orf: Scabivax at least 7 weeks before lambing (S20).
    ["Scabivax 8 weeks before lambing", ewes, scabivax, [["2027-01-04"]], []],
    ["Scabivax 7 weeks before lambing", ewes, scabivax, [["2027-01-11"]], []],
    [
      "Scabivax 6 weeks before lambing",
      ewes,
      scabivax,
      [["2027-01-18"]],
      [["tooCloseToBirth", "S6", "s1"]],
    ],
    ["Scabivax after lambing", ewes, scabivax, [["2027-03-10"]], []],
  ])("%s", (_case, setup, vaccine, planned, expected) => {
    expect(warn(setup, vaccine, ...planned)).toEqual(expected);
  });

  it("tells the farmer what to do", () => {
    expect(messages(ewes, scabivax, ["2027-01-18"])).toEqual([
      "Too close to lambing: give Scabivax Forte at least 7 weeks before lambing.",
    ]);
    expect(messages(ewes, heptavac, ["2027-02-08"])).toEqual([
      "Too close to lambing: give the Heptavac P Plus booster 4 to 6 weeks before lambing, so the lambs get protection through the colostrum.",
    ]);
    expect(messages(cows, covexin, ["2026-11-30"])).toEqual([
      "Too early before calving: give the Covexin 10 booster 2 to 8 weeks before calving, so the calves get protection through the colostrum.",
    ]);
    expect(messages(ewes, enzovax, ["2026-05-01"])).toEqual([
      "Too early before tupping: give Enzovax within 120 days (4 months) before tupping.",
    ]);
    expect(messages(cows, lepto, ["2027-02-20"], ["2027-03-12"])).toEqual([
      "Second dose too soon: give the Leptavoid-H doses at least 28 days apart (these are 20 days apart).",
    ]);
  });

  it("words the BVD checks for the farmer", () => {
    const calendar = restoreCalendar({
      setup: unprimedCows,
      diseases: [
        {
          id: 1,
          vaccineId: bvd.id,
          shots: [
            {
              id: "s1",
              date: "2027-08-01",
              custom_name: null,
              is_recurrent: 0,
              cycle: 1,
              userInitiated: false,
            },
          ],
        },
      ],
      vaccines,
      today: "2026-06-01",
    });
    expect(checkProtocol(calendar).map(({ message }) => message)).toEqual([
      "Not protective in pregnancy: give Bovilis BVD at least 4 weeks before breeding instead.",
      "Course not finished: give a second dose of Bovilis BVD 4 weeks after this one; one dose alone does not protect.",
    ]);
  });

  it("warns once per shot series, not once per yearly copy", () => {
    // A yearly Scabivax 3 weeks before lambing repeats up to 2030: one warning, on the series.
    expect(warn(ewes, scabivax, ["2027-02-08", 1])).toEqual([["tooCloseToBirth", "S6", "s1"]]);
    // A yearly shot next to a one-off shot: one spacing warning for the pair.
    const calendar = restoreCalendar({
      setup: ewes,
      diseases: [
        {
          id: 1,
          vaccineId: plain.id,
          shots: [
            {
              id: "a",
              date: "2026-08-01",
              custom_name: null,
              is_recurrent: 1,
              cycle: 1,
              userInitiated: false,
            },
          ],
        },
        {
          id: 2,
          vaccineId: breedingGap.id,
          shots: [
            {
              id: "b",
              date: "2026-08-05",
              custom_name: null,
              is_recurrent: 1,
              cycle: 1,
              userInitiated: false,
            },
          ],
        },
      ],
      vaccines,
      today: "2026-06-01",
    });
    expect(checkProtocol(calendar).map(({ rule, shotIds }) => [rule, shotIds.join()])).toEqual([
      ["spacing", "a,b"],
    ]);
  });

  it.each(["2028-02-29", "2024-02-29"])(
    "raises no false warning in the years after a breeding date of %s",
    (breedingDate) => {
      const year = Number(breedingDate.slice(0, 4));
      const setup = createSetup({ birthDate: `${year}-11-20`, breedingDate });
      // Exactly 28 days before breeding, every year.
      expect(warn(setup, breedingGap, [`${year}-02-01`, 1])).toEqual([]);
      // BVD 4 weeks before breeding is outside the pregnancy in every year.
      expect(warn(setup, bvd, [`${year}-02-01`, 1])).toEqual([]);
    },
  );

  it("still warns in the years after a leap-day breeding when a shot is too close", () => {
    const setup = createSetup({ birthDate: "2028-11-20", breedingDate: "2028-02-29" });
    expect(warn(setup, breedingGap, ["2028-02-03", 1])).toEqual([["beforeBreeding", "S8", "s1"]]);
  });
});
