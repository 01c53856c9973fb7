import type { Disease, ShotTemplate, Vaccine } from "@vaxcal/contracts";
import { referenceDataWithWindows as referenceData } from "@vaxcal/reference-data";
import { describe, expect, it } from "vitest";
import { addDiseases, buildCalendar, restoreCalendar } from "./build-calendar.ts";
import { createDisease, createSetup, createTemplate, createVaccine } from "./calendar.fixtures.ts";
import { checkProtocol } from "./check-protocol.ts";
import { buildDefault } from "./default-calendar.fixtures.ts";
import type {
  BuildCalendarInput,
  Calendar,
  DiseaseInput,
  ShotTemplateInput,
  VaccineInput,
} from "./schedule.types.ts";
import { resolveSeasonDefaults } from "./season-defaults.ts";
import { addShot, updateShotDate } from "./shot-operations.ts";

// The contracts' objects must pass straight in: these lines stop compiling if they drift apart.
const _vaccines: readonly VaccineInput[] = referenceData.vaccines satisfies readonly Vaccine[];
const diseases: readonly DiseaseInput[] = referenceData.diseases satisfies readonly Disease[];
const shotTemplates: readonly ShotTemplateInput[] =
  referenceData.shotTemplates satisfies readonly ShotTemplate[];

function findCombination(id: number) {
  const combination = referenceData.combinations.find((candidate) => candidate.id === id);
  if (combination === undefined) throw new Error(`No seeded combination ${id}`);
  return combination;
}

function buildSeededCalendar(combinationId: number, today: string): Calendar {
  return buildDefault(findCombination(combinationId), today);
}

type SeededRow = readonly [
  combinationId: number,
  dates: { birthDate: string | null; breedingDate: string | null },
  calendarYear: number,
  yearRange: readonly [number, number],
  shotCount: number,
  monthCount: number,
  /** Undated last: a dose given once whose window has closed, missed (decision 418). */
  firstOccurrences: readonly (readonly [templateId: number, date: string | null])[],
];

// Today 2026-11-21, every disease the animal is offered, season dates from the season's shots
// (season-defaults.table.test.ts checks the rule on 18 dates). Template dates are the season dates
// plus the template's days; a recurring template whose date is past starts on the same day of the
// next year, e.g. mid-season ewes: tupping 2026-10-05 − 42 = 2026-08-24, past, so Footvax before
// tupping starts 2027-08-24; lambing 2027-03-01 − 35 = 2027-01-25. Shot counts add the mirrored
// copies: each recurrent template repeats every N years up to December of the grid's last year,
// here 2028 (the 24th month from November 2026 is October 2028), e.g. dairy spring cows: 2
// templates from 2026 × 3 + 4 from 2027 × 2 = 14. The grid runs from November 2026: 26 months to
// December 2028, 38 to December 2029 when the calendar year is 2028 (heifers, hoggets). Suckler
// calves get no Huskvac unless the farmer says they graze with lungworm risk (decision 415).
// Young stock are the group on the farm today (decision 418): autumn calves and weanlings born
// this September, autumn heifers bred from 1 December; their doses whose window has closed are
// missed, undated, listed last, but for a course that can start from today (decision 426: the
// autumn weanlings' Bovipast RSP).
// prettier-ignore
const seededRows: readonly SeededRow[] = [
  [1, { birthDate: "2027-02-01", breedingDate: "2027-04-25" }, 2027, [2026, 2028], 14, 26, [[5, "2026-12-14"], [4, "2026-12-28"], [6, "2027-01-11"], [1, "2027-03-14"], [2, "2027-03-28"], [3, "2027-04-11"]]],
  [2, { birthDate: "2028-02-01", breedingDate: "2027-04-25" }, 2028, [2027, 2029], 11, 38, [[50, "2027-01-03"], [66, "2027-01-17"], [51, "2027-01-31"], [7, "2027-02-14"], [9, "2027-02-28"], [8, "2027-03-14"], [10, "2027-03-28"], [11, "2027-04-11"], [49, "2027-10-11"], [13, "2027-12-14"], [12, "2027-12-28"]]],
  [3, { birthDate: "2027-02-01", breedingDate: null }, 2027, [2027, 2028], 4, 26, [[21, "2027-08-16"], [22, "2027-09-13"], [23, "2027-09-27"], [24, "2027-11-01"]]],
  [4, { birthDate: "2027-02-01", breedingDate: null }, 2027, [2027, 2028], 11, 26, [[14, "2027-02-08"], [15, "2027-02-22"], [56, "2027-02-22"], [16, "2027-03-08"], [57, "2027-03-15"], [17, "2027-04-05"], [18, "2027-04-19"], [20, "2027-05-03"], [19, "2027-05-17"], [58, "2027-07-05"], [59, "2027-07-19"]]],
  [5, { birthDate: "2026-09-15", breedingDate: "2026-12-01" }, 2026, [2027, 2027], 12, 26, [[41, "2027-03-31"], [5, "2027-07-28"], [4, "2027-08-11"], [6, "2027-08-25"], [2, "2027-11-03"], [3, "2027-11-17"]]],
  [6, { birthDate: "2027-09-15", breedingDate: "2026-12-01" }, 2027, [2027, 2028], 12, 26, [[52, "2027-03-02"], [53, "2027-03-30"], [67, "2027-04-13"], [49, "2027-05-19"], [13, "2027-07-28"], [12, "2027-08-11"], [7, null], [8, null], [9, null], [10, null], [11, null], [66, null]]],
  [7, { birthDate: "2026-09-15", breedingDate: null }, 2026, [2026, 2027], 4, 26, [[60, "2026-11-21"], [61, "2026-12-19"], [23, "2027-05-11"], [24, "2027-06-15"]]],
  [8, { birthDate: "2026-09-15", breedingDate: null }, 2026, [2026, 2027], 11, 26, [[17, "2026-11-21"], [20, "2026-12-15"], [58, "2027-02-16"], [59, "2027-03-02"], [54, "2027-03-16"], [55, "2027-04-13"], [14, null], [15, null], [16, null], [56, null], [57, null]]],
  [9, { birthDate: "2027-02-15", breedingDate: "2027-05-01" }, 2027, [2026, 2028], 13, 26, [[5, "2026-12-28"], [4, "2027-01-11"], [6, "2027-01-25"], [1, "2027-03-20"], [2, "2027-04-03"], [3, "2027-04-17"]]],
  [10, { birthDate: "2028-02-15", breedingDate: "2027-05-01" }, 2028, [2027, 2029], 11, 38, [[50, "2027-01-09"], [66, "2027-01-23"], [51, "2027-02-06"], [7, "2027-02-20"], [9, "2027-03-06"], [8, "2027-03-20"], [10, "2027-04-03"], [11, "2027-04-17"], [49, "2027-10-17"], [13, "2027-12-28"], [12, "2028-01-11"]]],
  [11, { birthDate: "2027-02-15", breedingDate: null }, 2027, [2027, 2028], 4, 26, [[21, "2027-08-30"], [22, "2027-09-27"], [23, "2027-10-11"], [24, "2027-11-15"]]],
  [12, { birthDate: "2027-02-15", breedingDate: null }, 2027, [2027, 2028], 9, 26, [[14, "2027-02-22"], [15, "2027-03-08"], [56, "2027-03-08"], [16, "2027-03-22"], [57, "2027-03-29"], [17, "2027-04-19"], [20, "2027-05-17"], [58, "2027-07-19"], [59, "2027-08-02"]]],
  [13, { birthDate: "2026-09-01", breedingDate: "2026-11-20" }, 2026, [2027, 2027], 12, 26, [[41, "2027-03-20"], [5, "2027-07-14"], [4, "2027-07-28"], [6, "2027-08-11"], [2, "2027-10-23"], [3, "2027-11-06"]]],
  [14, { birthDate: "2028-09-01", breedingDate: "2027-11-20" }, 2028, [2027, 2029], 12, 38, [[66, "2027-08-14"], [7, "2027-09-11"], [9, "2027-09-25"], [8, "2027-10-09"], [10, "2027-10-23"], [11, "2027-11-06"], [52, "2028-02-19"], [53, "2028-03-18"], [67, "2028-04-01"], [49, "2028-05-07"], [13, "2028-07-14"], [12, "2028-07-28"]]],
  [15, { birthDate: "2026-09-01", breedingDate: null }, 2026, [2026, 2027], 4, 26, [[60, "2026-11-21"], [61, "2026-12-19"], [23, "2027-04-27"], [24, "2027-06-01"]]],
  [16, { birthDate: "2026-09-01", breedingDate: null }, 2026, [2026, 2027], 9, 26, [[20, "2026-12-01"], [58, "2027-02-02"], [59, "2027-02-16"], [14, null], [15, null], [16, null], [17, null], [56, null], [57, null]]],
  [17, { birthDate: "2027-01-10", breedingDate: "2026-08-15" }, 2027, [2026, 2028], 13, 26, [[26, "2026-11-21"], [27, "2026-12-06"], [28, "2027-03-21"], [29, "2027-06-20"], [62, "2027-06-20"], [25, "2027-07-04"], [26, "2027-11-15"]]],
  [18, { birthDate: "2028-01-10", breedingDate: "2027-08-15" }, 2028, [2027, 2029], 6, 38, [[30, "2027-05-23"], [32, "2027-06-06"], [33, "2027-06-06"], [31, "2027-07-04"], [34, "2027-10-25"], [35, "2027-12-06"]]],
  [19, { birthDate: null, breedingDate: "2027-08-15" }, 2027, [2027, 2028], 4, 26, [[39, "2027-06-20"], [40, "2027-07-04"]]],
  [20, { birthDate: "2027-01-10", breedingDate: null }, 2027, [2027, 2028], 3, 26, [[36, "2027-01-11"], [37, "2027-01-31"], [38, "2027-03-14"]]],
  [21, { birthDate: "2027-03-01", breedingDate: "2026-10-05" }, 2027, [2027, 2028], 11, 26, [[26, "2027-01-04"], [27, "2027-01-25"], [28, "2027-05-10"], [29, "2027-08-10"], [62, "2027-08-10"], [25, "2027-08-24"]]],
  [22, { birthDate: "2028-03-01", breedingDate: "2027-10-05" }, 2028, [2027, 2029], 6, 38, [[30, "2027-07-13"], [32, "2027-07-27"], [33, "2027-07-27"], [31, "2027-08-24"], [34, "2027-12-15"], [35, "2028-01-26"]]],
  [23, { birthDate: null, breedingDate: "2027-10-05" }, 2027, [2027, 2028], 4, 26, [[39, "2027-08-10"], [40, "2027-08-24"]]],
  [24, { birthDate: "2027-03-01", breedingDate: null }, 2027, [2027, 2028], 3, 26, [[36, "2027-03-02"], [37, "2027-03-22"], [38, "2027-05-03"]]],
  [25, { birthDate: "2027-04-01", breedingDate: "2026-11-05" }, 2027, [2027, 2028], 11, 26, [[26, "2027-02-04"], [27, "2027-02-25"], [28, "2027-06-10"], [29, "2027-09-10"], [62, "2027-09-10"], [25, "2027-09-24"]]],
  [26, { birthDate: "2028-04-01", breedingDate: "2027-11-05" }, 2028, [2027, 2029], 6, 38, [[30, "2027-08-13"], [32, "2027-08-27"], [33, "2027-08-27"], [31, "2027-09-24"], [34, "2028-01-15"], [35, "2028-02-26"]]],
  [27, { birthDate: null, breedingDate: "2027-11-05" }, 2027, [2027, 2028], 4, 26, [[39, "2027-09-10"], [40, "2027-09-24"]]],
  [28, { birthDate: "2027-04-01", breedingDate: null }, 2027, [2027, 2028], 3, 26, [[36, "2027-04-02"], [37, "2027-04-22"], [38, "2027-06-03"]]],
];

describe("buildCalendar on the seeded data, today 2026-11-21", () => {
  it("has a row for every seeded combination", () => {
    expect(seededRows.map(([id]) => id)).toEqual(referenceData.combinations.map(({ id }) => id));
  });

  it.each(seededRows)(
    "combination %i",
    (combinationId, dates, calendarYear, [from, to], shotCount, monthCount, firstOccurrences) => {
      const combination = findCombination(combinationId);
      const animal = referenceData.animals.find(({ id }) => id === combination.animal_id);
      expect(
        resolveSeasonDefaults(combination, "2026-11-21", animal, { diseases, shotTemplates }),
      ).toEqual(dates);
      const calendar = buildSeededCalendar(combinationId, "2026-11-21");

      const firsts = calendar.diseases
        .flatMap((column) => column.shots)
        .filter((shot) => shot.cycle === 1)
        .map((shot) => [shot.templateId, shot.date] as const)
        .sort(([leftId, leftDate], [rightId, rightDate]) =>
          leftDate === rightDate
            ? (leftId ?? 0) - (rightId ?? 0)
            : (leftDate ?? "~") < (rightDate ?? "~")
              ? -1
              : 1,
        );
      expect(firsts).toEqual(firstOccurrences);
      expect(calendar.calendarYear).toBe(calendarYear);
      expect(calendar.yearRange).toEqual({ from, to });
      expect(calendar.diseases.reduce((count, column) => count + column.shots.length, 0)).toBe(
        shotCount,
      );
      expect(calendar.months).toHaveLength(monthCount);
      expect(calendar.months[0]).toMatchObject({ year: 2026, month: 11 });
      expect(calendar.months.at(-1)).toMatchObject({ year: Math.max(2028, to), month: 12 });
    },
  );

  it("puts each template under the disease whose vaccine it uses", () => {
    const calendar = buildSeededCalendar(21, "2026-11-21");
    for (const column of calendar.diseases) {
      for (const shot of column.shots) {
        const template = shotTemplates.find(({ id }) => id === shot.templateId);
        expect(template?.vaccine_id).toBe(column.vaccine?.id);
      }
    }
  });

  it("shows mid-season ewes the Heptavac pre-lambing booster every January, first one editable", () => {
    const calendar = buildSeededCalendar(21, "2026-11-21");
    const heptavac = calendar.diseases.find((column) => column.vaccine?.name === "Heptavac P Plus");
    expect(
      heptavac?.shots.map(({ date, cycle, isMirroredCopy }) => [date, cycle, isMirroredCopy]),
    ).toEqual([
      ["2027-01-25", 1, false],
      ["2028-01-25", 2, true],
    ]);
  });

  it("repeats the ewes' Enzovax every three years from the next tupping", () => {
    const calendar = buildSeededCalendar(21, "2026-03-01");
    const enzovax = calendar.diseases.find((column) => column.vaccine?.name === "Enzovax");
    // The grid ends in December 2028, before the next dose in 2029.
    expect(enzovax?.shots.map(({ date, is_recurrent }) => [date, is_recurrent])).toEqual([
      ["2026-08-10", 3],
    ]);
  });
});

const yearly = createVaccine(1, "Yearly");
const once = createVaccine(2, "Once");
const reference = {
  vaccines: [yearly, once],
  shotTemplates: [
    createTemplate(11, 1, { birth_days: -35 }, 1),
    createTemplate(12, 2, { breeding_days: -28 }),
    createTemplate(13, 2, { birth_days: 10 }),
  ],
};

function buildLocal(overrides: Partial<BuildCalendarInput> = {}): Calendar {
  return buildCalendar({
    setup: createSetup(),
    diseases: [createDisease(100, 1), createDisease(200, 2)],
    ...reference,
    today: "2026-11-21",
    ...overrides,
  });
}

describe("buildCalendar", () => {
  it("keeps the chosen diseases in the order given, each once", () => {
    const calendar = buildLocal({
      diseases: [createDisease(200, 2), createDisease(100, 1), createDisease(200, 2)],
    });
    expect(calendar.diseases.map(({ diseaseId }) => diseaseId)).toEqual([200, 100]);
  });

  it("gives a disease with no vaccine for the animal an empty column", () => {
    const calendar = buildLocal({ diseases: [createDisease(300, 1, [5])] });
    expect(calendar.diseases).toEqual([
      { diseaseId: 300, vaccine: null, shots: [], hasNoFixedSchedule: true },
    ]);
  });

  it("dates birth templates from the birth date and breeding templates from the breeding date", () => {
    const calendar = buildLocal();
    expect(calendar.diseases[1]?.shots.map(({ id, date }) => [id, date])).toEqual([
      ["200-13", "2027-02-11"],
      ["200-12", "2027-03-28"],
    ]);
  });

  it("leaves out templates whose date is missing, and the Ram's birth templates", () => {
    const noBreeding = buildLocal({ setup: createSetup({ breedingDate: null }) });
    expect(noBreeding.diseases[1]?.shots.map(({ templateId }) => templateId)).toEqual([13]);
    const ram = buildLocal({
      setup: createSetup({ animal: { id: 8, isAdult: true, hasBirthDate: false } }),
      diseases: [createDisease(200, 2, [8])],
      shotTemplates: [
        createTemplate(12, 2, { breeding_days: -28 }, 0, 8),
        createTemplate(13, 2, { birth_days: 10 }, 0, 8),
      ],
    });
    expect(ram.diseases[0]?.shots.map(({ templateId }) => templateId)).toEqual([12]);
  });

  it("fills the shot fields of docs/product.md §3", () => {
    const [first, copy] = buildLocal().diseases[0]?.shots ?? [];
    expect(first).toEqual({
      id: "100-11",
      diseaseId: 100,
      templateId: 11,
      date: "2026-12-28",
      custom_name: null,
      is_recurrent: 1,
      show_once: false,
      cycle: 1,
      sourceShotId: null,
      isMirroredCopy: false,
      yearIndex: 0,
      row: 11,
      orderInMonth: 0,
      isBooster: false,
      userInitiated: false,
    });
    expect(copy).toMatchObject({
      id: "100-11~2",
      date: "2027-12-28",
      cycle: 2,
      sourceShotId: "100-11",
      isMirroredCopy: true,
      yearIndex: 1,
      row: 23,
      isBooster: true,
    });
  });

  it("places every shot in its grid month, in date order across diseases", () => {
    const calendar = buildLocal();
    const december2026 = calendar.months.find(({ year, month }) => year === 2026 && month === 12);
    expect(december2026?.shots.map(({ id }) => id)).toEqual(["100-11"]);
    const february2027 = calendar.months.find(({ year, month }) => year === 2027 && month === 2);
    expect(february2027?.shots.map(({ id }) => id)).toEqual(["200-13"]);
  });

  it("starts a recurring template whose date is past on the same day next year; a once shot keeps its date", () => {
    // Built on 2027-04-01: the December 2026 booster is past, the March 2027 once shot too.
    const calendar = buildLocal({ today: "2027-04-01" });
    expect(calendar.diseases[0]?.shots.map(({ id, date, cycle }) => [id, date, cycle])).toEqual([
      ["100-11", "2027-12-28", 1],
      ["100-11~2", "2028-12-28", 2],
      ["100-11~3", "2029-12-28", 3],
    ]);
    expect(calendar.diseases[1]?.shots.map(({ date }) => date)).toEqual([
      "2027-02-11",
      "2027-03-28",
    ]);
  });

  it("lays the month grid from today's month for at least 24 months", () => {
    const calendar = buildLocal({ today: "2028-02-29" });
    expect(calendar.months[0]).toMatchObject({ year: 2028, month: 2 });
    expect(calendar.months.at(-1)).toMatchObject({ year: 2030, month: 12 });
    expect(calendar.months).toHaveLength(35);
  });

  it("refuses a malformed today or setup date: that is a caller's bug", () => {
    expect(() => buildLocal({ today: "2026-11-31" })).toThrow(RangeError);
    expect(() => buildLocal({ setup: createSetup({ birthDate: "01/02/2027" }) })).toThrow(
      RangeError,
    );
  });
});

describe("restoreCalendar", () => {
  it("rebuilds copies from first occurrences and ignores saved copies", () => {
    const built = buildLocal();
    const saved = built.diseases.map((column) => ({
      id: column.diseaseId,
      vaccineId: column.vaccine?.id ?? null,
      // A stale copy from an older edit must not survive.
      shots: column.shots.map((shot) =>
        shot.isMirroredCopy ? { ...shot, date: "2028-06-01" } : shot,
      ),
    }));
    const restored = restoreCalendar({
      setup: built.setup,
      diseases: saved,
      vaccines: reference.vaccines,
      today: built.today,
    });
    expect(restored).toEqual(built);
  });

  it("keeps each dose's group of the calving block, so the checks judge it for those cows", () => {
    // Dairy spring cows with the season's usual block: Rotavec and Covexin split into an early
    // and a late group (decisions 416, 417). Step 2 restores the server's shots in the browser.
    const cows = referenceData.combinations.find((combination) => combination.id === 1)!;
    const built = buildDefault(cows, "2026-11-27", undefined, "default");
    expect(built.diseases.flatMap((column) => column.shots).some((shot) => shot.birthGroup)).toBe(
      true,
    );
    const restored = restoreCalendar({
      setup: built.setup,
      diseases: built.diseases.map((column) => ({
        id: column.diseaseId,
        vaccineId: column.vaccine?.id ?? null,
        shots: column.shots,
      })),
      vaccines: referenceData.vaccines,
      today: built.today,
    });
    expect(restored).toEqual(built);
    expect(checkProtocol(restored)).toEqual(checkProtocol(built));
  });

  it("keeps an undated shot last in its column, with no row", () => {
    const restored = restoreCalendar({
      setup: createSetup(),
      diseases: [
        {
          id: 100,
          vaccineId: 1,
          shots: [
            {
              id: "100-u4",
              date: null,
              custom_name: null,
              is_recurrent: 0,
              cycle: 1,
              userInitiated: true,
            },
            {
              id: "100-u2",
              date: "2027-01-05",
              custom_name: null,
              is_recurrent: 0,
              cycle: 1,
              userInitiated: true,
            },
          ],
        },
      ],
      vaccines: reference.vaccines,
      today: "2026-11-21",
    });
    expect(restored.diseases[0]?.shots.map(({ id, row }) => [id, row])).toEqual([
      // The only dated shot is in 2027, so the displayed range starts there: row 0.
      ["100-u2", 0],
      ["100-u4", null],
    ]);
    // The next shot the user adds gets a fresh id.
    const added = addShot(restored, 100, "2027-01-06");
    expect(added.ok && added.value.diseases[0]?.shots.map(({ id }) => id)).toEqual([
      "100-u2",
      "100-u5",
      "100-u4",
    ]);
  });
});

describe("addDiseases", () => {
  it("adds new columns from their templates and keeps edits on the columns already there", () => {
    const calendar = buildLocal({ diseases: [createDisease(200, 2)] });
    const edited = updateShotDate(calendar, "200-13", "2027-02-20");
    if (!edited.ok) throw new Error(edited.error.message);
    const withMore = addDiseases(edited.value, {
      diseases: [createDisease(200, 2), createDisease(100, 1)],
      ...reference,
    });
    expect(withMore.diseases.map(({ diseaseId }) => diseaseId)).toEqual([200, 100]);
    expect(withMore.diseases[0]?.shots.map(({ date }) => date)).toEqual([
      "2027-02-20",
      "2027-03-28",
    ]);
    expect(withMore.diseases[1]?.shots[0]?.date).toBe("2026-12-28");
  });
});
