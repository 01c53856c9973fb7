import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildCalendar } from "./build-calendar.ts";
import { createDisease, createSetup, createTemplate, createVaccine } from "./calendar.fixtures.ts";
import { findMonthWindow, listOccurrences, type OccurrenceSeed } from "./occurrences.ts";
import { prepareForSubmit } from "./prepare-for-submit.ts";
import { expandSavedPlan } from "./saved-plan.ts";

/*
 * The invariants are stated with independent helpers (Date.UTC for calendar maths), never with
 * the engine's own.
 */

const DAY_MS = 86_400_000;
const toDay = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const fromDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
const isoDate = (minYear: number, maxYear: number) =>
  fc
    .integer({ min: Date.UTC(minYear, 0, 1) / DAY_MS, max: Date.UTC(maxYear, 11, 31) / DAY_MS })
    .map(fromDay);
const yearOf = (date: string) => Number(date.slice(0, 4));
/** The same month and day in another year, 29 February falling back to the 28th. */
const sameDayIn = (date: string, year: number) => {
  const month = Number(date.slice(5, 7));
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const day = Math.min(Number(date.slice(8, 10)), lastDay);
  return `${year}-${date.slice(5, 7)}-${String(day).padStart(2, "0")}`;
};

const seed = (id: string, date: string | null, period: number, diseaseId = 10): OccurrenceSeed => ({
  id,
  diseaseId,
  date,
  is_recurrent: period,
});

const seedArbitrary = fc.record({
  id: fc.constantFrom("10-1", "10-2", "20-3", "20-u1", "30-u2"),
  diseaseId: fc.constantFrom(10, 20, 30),
  date: isoDate(2000, 2040),
  is_recurrent: fc.constantFrom(0, 1, 1, 2, 3, 5),
});
/** A plan's seeds have unique ids, as a calendar's shots do. */
const planArbitrary = fc.uniqueArray(seedArbitrary, { selector: (item) => item.id, maxLength: 5 });
const windowArbitrary = fc
  .tuple(isoDate(1995, 2110), isoDate(1995, 2110))
  .map(([left, right]): [string, string] => (left <= right ? [left, right] : [right, left]));

describe("listOccurrences", () => {
  it("lists a yearly booster every year, to any horizon", () => {
    const dates = listOccurrences([seed("1-2", "2026-03-28", 1)], "2026-01-01", "2040-12-31");
    expect(dates.map((occurrence) => occurrence.date)).toEqual(
      Array.from({ length: 15 }, (_, index) => `${2026 + index}-03-28`),
    );
    expect(dates[0]).toMatchObject({ id: "1-2", cycle: 1, diseaseId: 10, sourceShotId: null });
    expect(dates[14]).toMatchObject({ id: "1-2~15", cycle: 15, sourceShotId: "1-2" });
  });

  it("keeps a 3-yearly dose's next doses, and nothing in the years between", () => {
    const dates = listOccurrences([seed("9-29", "2026-08-10", 3)], "2027-01-01", "2036-12-31");
    expect(dates.map(({ id, date }) => [id, date])).toEqual([
      ["9-29~2", "2029-08-10"],
      ["9-29~3", "2032-08-10"],
      ["9-29~4", "2035-08-10"],
    ]);
  });

  it("mirrors 29 February to the 28th in common years and back to the 29th in leap years", () => {
    const dates = listOccurrences([seed("1-1", "2028-02-29", 1)], "2028-01-01", "2033-12-31");
    expect(dates.map((occurrence) => occurrence.date)).toEqual([
      "2028-02-29",
      "2029-02-28",
      "2030-02-28",
      "2031-02-28",
      "2032-02-29",
      "2033-02-28",
    ]);
  });

  it("gives a one-off shot once, inside the window only, and an undated one never", () => {
    const plan = [seed("1-u1", "2027-05-01", 0), seed("1-u2", null, 1)];
    expect(listOccurrences(plan, "2027-05-01", "2027-05-01").map(({ id }) => id)).toEqual(["1-u1"]);
    expect(listOccurrences(plan, "2027-05-02", "2099-12-31")).toEqual([]);
    expect(listOccurrences(plan, "2027-06-01", "2027-05-01")).toEqual([]);
  });

  it("sorts by date, then id, whatever the seeds' order", () => {
    const plan = [seed("2-b", "2026-06-01", 1, 2), seed("1-a", "2026-06-01", 0, 1)];
    expect(
      listOccurrences(plan, "2026-01-01", "2027-12-31").map(({ id, date }) => `${date} ${id}`),
    ).toEqual(["2026-06-01 1-a", "2026-06-01 2-b", "2027-06-01 2-b~2"]);
  });

  it("refuses a window that is not made of dates", () => {
    expect(() => listOccurrences([], "2026-02-30", "2027-01-01")).toThrow(RangeError);
    expect(() => listOccurrences([], "2026-01-01", "next year")).toThrow(RangeError);
  });

  it("gives an N-yearly seed exactly one occurrence in each of its years in the window, none outside", () => {
    fc.assert(
      fc.property(seedArbitrary, windowArbitrary, (planned, [from, to]) => {
        const occurrences = listOccurrences([planned], from, to);
        const seedYear = yearOf(planned.date);
        const expected: string[] = [];
        for (let year = yearOf(from); year <= yearOf(to); year++) {
          const isItsYear =
            year === seedYear ||
            (planned.is_recurrent >= 1 &&
              year > seedYear &&
              (year - seedYear) % planned.is_recurrent === 0);
          const date = sameDayIn(planned.date, year);
          if (isItsYear && date >= from && date <= to) expected.push(date);
        }
        expect(occurrences.map((occurrence) => occurrence.date)).toEqual(expected);
        for (const occurrence of occurrences) {
          const cycle =
            planned.is_recurrent === 0
              ? 1
              : (yearOf(occurrence.date) - seedYear) / planned.is_recurrent + 1;
          expect(occurrence.cycle).toBe(cycle);
          expect(occurrence.id).toBe(cycle === 1 ? planned.id : `${planned.id}~${cycle}`);
          expect(occurrence.sourceShotId).toBe(cycle === 1 ? null : planned.id);
          expect(occurrence.diseaseId).toBe(planned.diseaseId);
        }
      }),
      { numRuns: 500 },
    );
  });

  it("is additive: two windows side by side list what the window over both lists", () => {
    fc.assert(
      fc.property(
        planArbitrary,
        windowArbitrary,
        fc.double({ min: 0, max: 1, noNaN: true }),
        (plan, [from, to], split) => {
          // The last day of the first window; the second starts the day after.
          const middle = fromDay(Math.floor(toDay(from) + split * (toDay(to) - toDay(from))));
          const whole = listOccurrences(plan, from, to);
          const parts = [
            ...listOccurrences(plan, from, middle),
            ...listOccurrences(plan, fromDay(toDay(middle) + 1), to),
          ];
          expect(parts).toEqual(whole);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("is the recurrence the editor's grid shows", () => {
    fc.assert(
      fc.property(
        isoDate(2020, 2032),
        fc.constantFrom(0, 1, 2, 3, 5),
        fc.integer({ min: -300, max: 300 }),
        (birthDate, period, days) => {
          const calendar = buildCalendar({
            setup: createSetup({ birthDate, breedingDate: null }),
            diseases: [createDisease(10, 1)],
            vaccines: [createVaccine(1, "Vaccine")],
            shotTemplates: [
              createTemplate(1, 1, { birth_days: 0 }, period),
              createTemplate(2, 1, { birth_days: days }, 1),
            ],
            today: "2026-11-21",
          });
          const shots = calendar.diseases.flatMap((column) => column.shots);
          const seeds = shots.filter((shot) => !shot.isMirroredCopy);
          const last = calendar.months.at(-1);
          const gridEnd = `${last?.year}-12-31`;
          const latestSeed = seeds.reduce(
            (latest, shot) => (shot.date! > latest ? shot.date! : latest),
            "",
          );
          const occurrences = listOccurrences(
            seeds,
            "2000-01-01",
            latestSeed > gridEnd ? latestSeed : gridEnd,
          ).filter((occurrence) => occurrence.cycle === 1 || occurrence.date <= gridEnd);
          expect(shots.map(({ id, date, cycle }) => ({ id, date, cycle }))).toEqual(
            occurrences.map(({ id, date, cycle }) => ({ id, date, cycle })),
          );
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe("findMonthWindow", () => {
  it.each([
    ["2026-11-24", 24, "2026-11-01", "2028-10-31"],
    ["2026-01-01", 24, "2026-01-01", "2027-12-31"],
    ["2026-12-31", 24, "2026-12-01", "2028-11-30"],
    ["2027-03-15", 12, "2027-03-01", "2028-02-29"],
    ["2028-02-29", 1, "2028-02-01", "2028-02-29"],
  ])("from %s, %i months run from %s to %s", (today, count, from, to) => {
    expect(findMonthWindow(today, count)).toEqual({ from, to });
  });
});

describe("expandSavedPlan", () => {
  const setup = createSetup();
  const calendar = buildCalendar({
    setup,
    diseases: [createDisease(10, 1), createDisease(20, 2)],
    vaccines: [createVaccine(1, "Yearly"), createVaccine(2, "Three-yearly")],
    shotTemplates: [
      createTemplate(1, 1, { breeding_days: -28 }, 1),
      createTemplate(2, 1, { birth_days: -56 }, 0),
      createTemplate(3, 2, { breeding_days: -56 }, 3),
    ],
    today: "2026-11-21",
  });
  const prepared = prepareForSubmit(calendar);
  if (!prepared.ok) throw new Error(prepared.error.message);
  const seedsOnly = prepared.value.diseases.map((column) => ({
    ...column,
    shots: column.shots.filter((shot) => !shot.isMirroredCopy),
  }));

  it("gives back the save payload from the first occurrences alone", () => {
    const expanded = expandSavedPlan({
      setup,
      diseases: seedsOnly,
      vaccines: [],
      today: "2026-11-21",
      through: `${calendar.yearRange.to}-12-31`,
    });
    expect(expanded).toEqual(prepared.value.diseases);
  });

  it("lays copies out to any horizon, with rows counted from the same first year", () => {
    const expanded = expandSavedPlan({
      setup,
      diseases: seedsOnly,
      vaccines: [],
      today: "2026-11-21",
      through: "2037-12-31",
    });
    const yearly = expanded[0]?.shots.filter((shot) => shot.templateId === 1) ?? [];
    expect(yearly.map((shot) => shot.date)).toEqual(
      Array.from({ length: 11 }, (_, index) => `${2027 + index}-03-28`),
    );
    expect(yearly.at(-1)).toMatchObject({
      id: "10-1~11",
      yearIndex: 2037 - calendar.yearRange.from,
      row: (2037 - calendar.yearRange.from) * 12 + 2,
      isMirroredCopy: true,
      isBooster: true,
    });
    expect(expanded[1]?.shots.map((shot) => shot.date)).toEqual([
      "2027-02-28",
      "2030-02-28",
      "2033-02-28",
      "2036-02-28",
    ]);
  });
});
