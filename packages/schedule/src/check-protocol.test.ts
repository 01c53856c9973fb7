import { referenceDataWithWindows as referenceData } from "@vaxcal/reference-data";
import { describe, expect, it } from "vitest";
import { buildCalendar, restoreCalendar } from "./build-calendar.ts";
import { createSetup, createVaccine } from "./calendar.fixtures.ts";
import { resolveDefaultBlockEnd } from "./birth-block.ts";
import { checkProtocol, ProtocolRule } from "./check-protocol.ts";
import { listAvoidableWarnings } from "./default-calendar.fixtures.ts";
import type { CalendarSetup, SavedShot, VaccineInput } from "./schedule.types.ts";
import { resolveSeasonDefaults } from "./season-defaults.ts";
import { addShot, updateShotDate } from "./shot-operations.ts";

const plainA = createVaccine(1, "Plain A");
const plainB = createVaccine(2, "Plain B");
const friendly = createVaccine(3, "Friendly", { compatible_vaccine_ids: [4] });
const partner = createVaccine(4, "Partner");
const live = createVaccine(5, "Live", { not_in_pregnancy: true, min_days_before_breeding: 28 });
const blackout = createVaccine(6, "Blackout", { blackout_birth_days: { from: -28, to: 28 } });
const windowed = createVaccine(7, "Windowed", { window_birth_days: { from: -84, to: -21 } });
const minimumAge = createVaccine(8, "Minimum age", { min_age_days: 21 });
const single = createVaccine(9, "Single", { max_shots: 1 });
const unsourced: VaccineInput = { ...createVaccine(10, "Unsourced", { min_age_days: 21 }) };
delete (unsourced as { source_note?: string }).source_note;

// Ewes lambing from 2027-03-01, tupped from 2026-10-05.
const ewes = createSetup({
  enterprise: { id: 3 },
  animal: { id: 5, isAdult: true },
  birthDate: "2027-03-01",
  breedingDate: "2026-10-05",
});
// Cows calving from 2027-02-01 and bred again from 2027-04-25.
const cows = createSetup();
const calves = createSetup({
  animal: { id: 4, isAdult: false },
  birthDate: "2027-02-01",
  breedingDate: null,
});

type Planned = readonly [vaccine: VaccineInput, date: string, isRecurrent?: number];

/** A calendar holding exactly these shots, one disease column per shot, ids s1, s2, … */
function warn(setup: CalendarSetup, ...planned: Planned[]) {
  const calendar = restoreCalendar({
    setup,
    diseases: planned.map(([vaccine, date, isRecurrent = 0], index) => {
      const shot: SavedShot = {
        id: `s${index + 1}`,
        date,
        custom_name: null,
        is_recurrent: isRecurrent,
        cycle: 1,
        userInitiated: false,
      };
      return { id: index + 1, vaccineId: vaccine.id, shots: [shot] };
    }),
    vaccines: [
      plainA,
      plainB,
      friendly,
      partner,
      live,
      blackout,
      windowed,
      minimumAge,
      single,
      unsourced,
    ],
    today: "2026-06-01",
  });
  return checkProtocol(calendar).map(({ rule, source, shotIds }) => [rule, source, shotIds.join()]);
}

describe("checkProtocol", () => {
  it.each<[string, CalendarSetup, Planned[], string[][]]>([
    [
      "13 days apart",
      ewes,
      [
        [plainA, "2026-08-01"],
        [plainB, "2026-08-14"],
      ],
      [["spacing", "S25", "s1,s2"]],
    ],
    [
      "14 days apart",
      ewes,
      [
        [plainA, "2026-08-01"],
        [plainB, "2026-08-15"],
      ],
      [],
    ],
    [
      "a pair one vaccine allows",
      ewes,
      [
        [friendly, "2026-08-01"],
        [partner, "2026-08-01"],
      ],
      [],
    ],
    [
      "the allowed pair the other way round",
      ewes,
      [
        [partner, "2026-08-01"],
        [friendly, "2026-08-05"],
      ],
      [],
    ],
    [
      "one vaccine in two columns",
      ewes,
      [
        [plainA, "2026-08-01"],
        [plainA, "2026-08-03"],
      ],
      [],
    ],
  ])("spacing: %s", (_case, setup, planned, expected) => {
    expect(warn(setup, ...planned)).toEqual(expected);
  });

  it("words the spacing warning for the farmer", () => {
    const calendar = restoreCalendar({
      setup: ewes,
      diseases: [
        {
          id: 1,
          vaccineId: 1,
          shots: [
            {
              id: "a",
              date: "2026-08-01",
              custom_name: null,
              is_recurrent: 0,
              cycle: 1,
              userInitiated: false,
            },
          ],
        },
        {
          id: 2,
          vaccineId: 2,
          shots: [
            {
              id: "b",
              date: "2026-08-01",
              custom_name: null,
              is_recurrent: 0,
              cycle: 1,
              userInitiated: false,
            },
          ],
        },
      ],
      vaccines: [plainA, plainB],
      today: "2026-06-01",
    });
    expect(checkProtocol(calendar)[0]?.message).toBe(
      "Plain A and Plain B are on the same day. Leave at least 14 days between different vaccines unless the product literature allows them together.",
    );
  });

  it.each<[string, CalendarSetup, Planned[], string[][]]>([
    ["20 days old", calves, [[minimumAge, "2027-02-21"]], [["minimumAge", "S8", "s1"]]],
    ["21 days old", calves, [[minimumAge, "2027-02-22"]], []],
    ["before birth", calves, [[minimumAge, "2027-01-01"]], [["minimumAge", "S8", "s1"]]],
    ["an adult, whose birth date is calving", cows, [[minimumAge, "2027-01-01"]], []],
    [
      "a vaccine without a source note",
      calves,
      [[unsourced, "2027-02-02"]],
      [["minimumAge", "SPC", "s1"]],
    ],
  ])("minimum age: %s", (_case, setup, planned, expected) => {
    expect(warn(setup, ...planned)).toEqual(expected);
  });

  it.each<[string, CalendarSetup, Planned[], string[][]]>([
    ["ewes mid-pregnancy", ewes, [[live, "2026-12-01"]], [["pregnancy", "S5", "s1"]]],
    ["ewes the day before lambing", ewes, [[live, "2027-02-28"]], [["pregnancy", "S5", "s1"]]],
    ["ewes on the lambing date", ewes, [[live, "2027-03-01"]], []],
    ["ewes in next season's pregnancy", ewes, [[live, "2027-12-01"]], [["pregnancy", "S5", "s1"]]],
    ["ewes 28 days before tupping", ewes, [[live, "2026-09-07"]], []],
    ["ewes 27 days before tupping", ewes, [[live, "2026-09-08"]], [["beforeBreeding", "S5", "s1"]]],
    [
      "ewes on the tupping date",
      ewes,
      [[live, "2026-10-05"]],
      [
        ["pregnancy", "S5", "s1"],
        ["beforeBreeding", "S5", "s1"],
      ],
    ],
    [
      "cows bred after calving, in calf in summer",
      cows,
      [[live, "2027-06-01"]],
      [["pregnancy", "S5", "s1"]],
    ],
    ["cows just before calving", cows, [[live, "2027-01-15"]], [["pregnancy", "S5", "s1"]]],
    ["cows between calving and breeding", cows, [[live, "2027-03-01"]], []],
  ])("pregnancy and breeding: %s", (_case, setup, planned, expected) => {
    expect(warn(setup, ...planned)).toEqual(expected);
  });

  it.each<[string, Planned[], string[][]]>([
    ["28 days before lambing", [[blackout, "2027-02-01"]], [["blackout", "S6", "s1"]]],
    ["29 days before lambing", [[blackout, "2027-01-31"]], []],
    ["28 days after lambing", [[blackout, "2027-03-29"]], [["blackout", "S6", "s1"]]],
    ["29 days after lambing", [[blackout, "2027-03-30"]], []],
    ["next year's lambing", [[blackout, "2028-03-01"]], [["blackout", "S6", "s1"]]],
  ])("blackout: %s", (_case, planned, expected) => {
    expect(warn(ewes, ...planned)).toEqual(expected);
  });

  it.each<[string, Planned[], string[][]]>([
    ["35 days before calving", [[windowed, "2026-12-28"]], []],
    ["84 days before calving", [[windowed, "2026-11-09"]], []],
    ["85 days before calving", [[windowed, "2026-11-08"]], [["productWindow", "S7", "s1"]]],
    ["20 days before calving", [[windowed, "2027-01-12"]], [["productWindow", "S7", "s1"]]],
    ["a yearly copy before next year's calving", [[windowed, "2026-12-28", 1]], []],
  ])("product window: %s", (_case, planned, expected) => {
    expect(warn(cows, ...planned)).toEqual(expected);
  });

  it("words blackout and window warnings with the animal's birth label", () => {
    const calendar = restoreCalendar({
      setup: ewes,
      diseases: [
        {
          id: 1,
          vaccineId: 6,
          shots: [
            {
              id: "a",
              date: "2027-03-01",
              custom_name: null,
              is_recurrent: 0,
              cycle: 1,
              userInitiated: false,
            },
          ],
        },
        {
          id: 2,
          vaccineId: 7,
          shots: [
            {
              id: "b",
              date: "2027-04-01",
              custom_name: null,
              is_recurrent: 0,
              cycle: 1,
              userInitiated: false,
            },
          ],
        },
      ],
      vaccines: [blackout, windowed],
      today: "2026-06-01",
    });
    expect(checkProtocol(calendar).map(({ message }) => message)).toEqual([
      "Blackout should not be given from 28 days before lambing to 28 days after lambing.",
      "Windowed belongs from 84 days before lambing to 21 days before lambing; this date is outside that window.",
    ]);
  });

  it("counts every shot in a calendar year against max_shots, yearly copies included", () => {
    const calendar = restoreCalendar({
      setup: cows,
      diseases: [
        {
          id: 1,
          vaccineId: 9,
          shots: [
            {
              id: "a",
              date: "2026-08-01",
              custom_name: null,
              is_recurrent: 1,
              cycle: 1,
              userInitiated: false,
            },
            {
              id: "b",
              date: "2027-09-01",
              custom_name: null,
              is_recurrent: 0,
              cycle: 1,
              userInitiated: true,
            },
            {
              id: "c",
              date: "2027-10-01",
              custom_name: null,
              is_recurrent: 0,
              cycle: 1,
              userInitiated: true,
            },
          ],
        },
      ],
      vaccines: [single],
      today: "2026-06-01",
    });
    // 2027 holds a copy of "a" and two more shots: all three count (decision 415), and the
    // warning is on the copy's series and both shots.
    const copyOfA = calendar.diseases[0]?.shots.find(
      (shot) => shot.sourceShotId === "a" && shot.date === "2027-08-01",
    );
    expect(copyOfA).toBeDefined();
    expect(checkProtocol(calendar)).toEqual([
      {
        rule: "maxShots",
        source: "S9",
        shotIds: [copyOfA?.id, "b", "c"],
        message: "Single has 3 shots in 2027; the most in one year is 1.",
      },
    ]);
  });
});

describe("checkProtocol on the seeded protocols", () => {
  function buildSeeded(combinationId: number, today: string) {
    const combination = referenceData.combinations.find(({ id }) => id === combinationId);
    const animal = referenceData.animals.find(({ id }) => id === combination?.animal_id);
    if (!combination || !animal) throw new Error(`No seeded combination ${combinationId}`);
    return buildCalendar({
      setup: {
        enterprise: { id: combination.enterprise_id },
        season: { id: combination.season_id },
        animal,
        ...resolveSeasonDefaults(combination, today),
      },
      diseases: referenceData.diseases.filter(({ animals }) =>
        animals.some(({ animal_id }) => animal_id === animal.id),
      ),
      vaccines: referenceData.vaccines,
      shotTemplates: referenceData.shotTemplates,
      today,
    });
  }

  // The reference document: "I checked the defaults below against all 7 seasons: every gap is
  // ≥14 d except Enzovax+Toxovax on the same day, which the SPC permits."
  it.each(["2026-11-21", "2026-01-05", "2026-06-15"])(
    "raises no warning for any seeded default calendar on %s",
    (today) => {
      for (const { id } of referenceData.combinations) {
        expect(listAvoidableWarnings(buildSeeded(id, today)), `combination ${id}`).toEqual([]);
      }
    },
  );

  it("warns when a farmer moves the hoggets' Footvax next to their Heptavac", () => {
    // Mid-season hoggets on 2026-11-21: Heptavac 1st dose 2026-12-14, Footvax 2nd dose 2026-08-24.
    const calendar = buildSeeded(22, "2026-11-21");
    const footvax = calendar.diseases.find(({ vaccine }) => vaccine?.name === "Footvax");
    const secondDose = footvax?.shots.find(({ templateId }) => templateId === 31);
    const moved = updateShotDate(calendar, secondDose?.id ?? "", "2026-12-20");
    if (!moved.ok) throw new Error(moved.error.code);
    expect(
      checkProtocol(moved.value).map(({ rule, source, shotIds }) => [rule, source, shotIds]),
    ).toEqual([["spacing", "S25", ["11-34", "14-31"]]]);
  });
});

describe("checkProtocol on the early and late groups of a calving block (decision 417)", () => {
  // Spring-calving dairy cows on 27 November 2026, calving 1 February to 12 April 2027 (the
  // default block): Rotavec Corona (12 to 3 weeks before calving) for the early group on
  // 14 December and the late group (9 March to 12 April) on 19 January 2027; Covexin 10 for the
  // early group on 11 January, the late group on 15 February; Bovivac S once for every cow on
  // 11 January.
  const cows = referenceData.combinations.find(({ id }) => id === 1)!;
  const animal = referenceData.animals.find(({ id }) => id === cows.animal_id)!;
  const today = "2026-11-27";
  const dates = resolveSeasonDefaults(cows, today, animal, referenceData);
  const calendar = buildCalendar({
    setup: {
      enterprise: { id: cows.enterprise_id },
      season: { id: cows.season_id },
      animal,
      ...dates,
      birthEndDate: resolveDefaultBlockEnd(cows.season_id, dates.birthDate),
    },
    diseases: referenceData.diseases.filter(({ animals }) =>
      animals.some(({ animal_id }) => animal_id === animal.id),
    ),
    vaccines: referenceData.vaccines,
    shotTemplates: referenceData.shotTemplates,
    today,
  });
  const rotavecDisease = 5;
  type Edit = readonly ["move", string, string] | readonly ["add", number, string];
  const edit = (...edits: Edit[]) =>
    edits.reduce((current, [kind, target, date]) => {
      const result =
        kind === "move" ? updateShotDate(current, target, date) : addShot(current, target, date);
      if (!result.ok) throw new Error(result.error.code);
      return result.value;
    }, calendar);
  const listWarnings = (edited: typeof calendar) =>
    checkProtocol(edited, { shotTemplates: referenceData.shotTemplates })
      .filter(({ rule }) => rule !== ProtocolRule.handlerSafety)
      .map(({ rule, shotIds }) => `${rule} ${shotIds.join(",")}`);

  it("plans the groups the cases below edit", () => {
    const first = (id: string) =>
      calendar.diseases.flatMap(({ shots }) => shots).find((shot) => shot.id === id)?.date;
    expect(["5-5", "5-5-late", "4-4", "4-4-late", "6-6"].map(first)).toEqual([
      "2026-12-14",
      "2027-01-19",
      "2027-01-11",
      "2027-02-15",
      "2027-01-11",
    ]);
  });

  const mustWarn: [name: string, edits: Edit[], warning: string][] = [
    [
      "the late group's Rotavec moved to 1 March, under 3 weeks before some of them calve",
      [["move", "5-5-late", "2027-03-01"]],
      "productWindow 5-5-late",
    ],
    [
      "the late group's Rotavec moved to 14 December, inside the window for the first calvers only",
      [["move", "5-5-late", "2026-12-14"]],
      "productWindow 5-5-late",
    ],
    [
      "two doses of the early group 3 days apart (Covexin 10 moved next to Rotavec)",
      [["move", "4-4", "2026-12-17"]],
      "spacing 5-5,4-4",
    ],
    [
      "two doses of the late group 3 days apart (Covexin 10 moved next to Rotavec)",
      [["move", "4-4-late", "2027-01-22"]],
      "spacing 5-5-late,4-4-late",
    ],
    [
      "a whole-herd dose (Bovilis BVD) 3 days after the late group's Rotavec",
      [["move", "1-2", "2027-01-22"]],
      "spacing 5-5-late,1-2",
    ],
    [
      "a whole-herd Bovivac S beside the early group's Covexin 10, as planned",
      [],
      "spacing 4-4,6-6",
    ],
    [
      "a farmer's extra Rotavec for the whole herd in 2027: the late group gets two",
      [["add", rotavecDisease, "2027-06-01"]],
      "maxShots 5-5-late,5-u1",
    ],
    [
      "a farmer's extra Rotavec for the whole herd in 2027: the early group gets two",
      [["add", rotavecDisease, "2027-06-01"]],
      "maxShots 5-u1,5-5~2",
    ],
    [
      "the late group's Covexin 10 moved to 30 March, after some of them have calved",
      [["move", "4-4-late", "2027-03-30"]],
      "boosterWindow 4-4-late",
    ],
    [
      "the late group's Covexin 10 moved to 12 January, over 8 weeks before the last of them calve",
      [["move", "4-4-late", "2027-01-12"]],
      "boosterWindow 4-4-late",
    ],
    [
      "the early group's Covexin 10 moved to 1 February, as the first of them calve",
      [["move", "4-4", "2027-02-01"]],
      "boosterWindow 4-4",
    ],
  ];
  it.each(mustWarn)("warns: %s", (_name, edits, warning) => {
    expect(listWarnings(edit(...edits))).toContain(warning);
  });

  const mustNotWarn: [name: string, edits: Edit[], rule: ProtocolRule][] = [
    ["the late group's Rotavec as planned, for those calving 9 Mar – 12 Apr", [], "productWindow"],
    [
      "the late group's Rotavec moved to 10 February, inside the window for all of them",
      [["move", "5-5-late", "2027-02-10"]],
      "productWindow",
    ],
    ["the early group's and the late group's Rotavec in one calendar year", [], "maxShots"],
    [
      "the late group's Rotavec 8 days after the early group's Covexin 10: other cows",
      [["move", "6-6", "2026-12-28"]],
      "spacing",
    ],
    [
      "the early group's Covexin 10 3 days after the late group's Rotavec: other cows",
      [
        ["move", "4-4", "2027-01-22"],
        ["move", "6-6", "2026-12-28"],
      ],
      "spacing",
    ],
    ["the early and the late group's Covexin 10 as planned", [], "boosterWindow"],
    [
      "the late group's Covexin 10 moved to 20 February, 2 weeks before the first of them calve",
      [["move", "4-4-late", "2027-02-20"]],
      "boosterWindow",
    ],
  ];
  it.each(mustNotWarn)("stays clean: %s", (_name, edits, rule) => {
    expect(
      listWarnings(edit(...edits)).filter((warning) => warning.startsWith(`${rule} `)),
    ).toEqual([]);
  });

  it("says which animals a dose is outside its window for", () => {
    const moved = edit(["move", "5-5-late", "2027-03-01"]);
    const warning = checkProtocol(moved).find(({ rule }) => rule === ProtocolRule.productWindow);
    expect(warning?.message).toBe(
      "Bovilis Rotavec Corona belongs from 84 days before calving to 21 days before calving; " +
        "this date is outside that window for some of those calving 9 Mar – 12 Apr.",
    );
  });
});
