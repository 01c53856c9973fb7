import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildCalendar, restoreCalendar } from "./build-calendar.ts";
import { createDisease, createSetup, createTemplate, createVaccine } from "./calendar.fixtures.ts";
import { prepareForSubmit } from "./prepare-for-submit.ts";
import type { BuildCalendarInput, Calendar, Shot } from "./schedule.types.ts";
import {
  addShot,
  deleteShot,
  dropPastShots,
  removeDisease,
  updateShotDate,
} from "./shot-operations.ts";

/*
 * Random setups, random templates and random edit sequences. The invariants are stated with the
 * independent helpers below (Date.UTC for calendar maths), never with the engine's own.
 */

const DAY_MS = 86_400_000;
const isoDate = (minYear: number, maxYear: number) =>
  fc
    .integer({ min: Date.UTC(minYear, 0, 1) / DAY_MS, max: Date.UTC(maxYear, 11, 31) / DAY_MS })
    .map((day) => new Date(day * DAY_MS).toISOString().slice(0, 10));
const yearOf = (date: string) => Number(date.slice(0, 4));
const monthOf = (date: string) => Number(date.slice(5, 7));
/** The same day in another year, 29 February falling back to the 28th. */
const sameDayIn = (date: string, year: number) => {
  const month = monthOf(date);
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const day = Math.min(Number(date.slice(8, 10)), lastDay);
  return `${year}-${date.slice(5, 7)}-${String(day).padStart(2, "0")}`;
};

const templateArbitrary = fc.record({
  isBirth: fc.boolean(),
  days: fc.integer({ min: -400, max: 400 }),
  recurrence: fc.constantFrom(0, 0, 1, 1, 2, 3, 5),
});

const scenarioArbitrary = fc
  .record({
    today: isoDate(2024, 2030),
    animalId: fc.constantFrom(1, 4, 8),
    isAdult: fc.boolean(),
    birthDate: fc.option(isoDate(2024, 2030), { nil: null }),
    breedingDate: fc.option(isoDate(2024, 2030), { nil: null }),
    diseases: fc.array(fc.array(templateArbitrary, { maxLength: 5 }), { maxLength: 4 }),
  })
  .map(({ today, animalId, isAdult, birthDate, breedingDate, diseases }): BuildCalendarInput => {
    let templateId = 0;
    return {
      setup: createSetup({ animal: { id: animalId, isAdult }, birthDate, breedingDate }),
      diseases: diseases.map((_, index) => createDisease(10 * (index + 1), index + 1, [animalId])),
      vaccines: diseases.map((_, index) => createVaccine(index + 1, `Vaccine ${index + 1}`)),
      shotTemplates: diseases.flatMap((templates, index) =>
        templates.map(({ isBirth, days, recurrence }) =>
          createTemplate(
            ++templateId,
            index + 1,
            isBirth ? { birth_days: days } : { breeding_days: days },
            recurrence,
            animalId,
          ),
        ),
      ),
      today,
    };
  });

type Edit =
  | { kind: "add"; pick: number; date: string }
  | { kind: "update"; pick: number; date: string }
  | { kind: "delete"; pick: number };

const editArbitrary: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ kind: fc.constant("add" as const), pick: fc.nat(), date: isoDate(2022, 2032) }),
  fc.record({ kind: fc.constant("update" as const), pick: fc.nat(), date: isoDate(2022, 2032) }),
  fc.record({ kind: fc.constant("delete" as const), pick: fc.nat() }),
);

const allShots = (calendar: Calendar): Shot[] => calendar.diseases.flatMap(({ shots }) => shots);

function pickShot(calendar: Calendar, pick: number): Shot | undefined {
  const shots = allShots(calendar);
  return shots[pick % Math.max(shots.length, 1)];
}

function applyEdit(calendar: Calendar, edit: Edit): Calendar {
  if (edit.kind === "add") {
    const column = calendar.diseases[edit.pick % Math.max(calendar.diseases.length, 1)];
    const result = addShot(calendar, column?.diseaseId ?? 999, edit.date);
    return result.ok ? result.value : calendar;
  }
  const shot = pickShot(calendar, edit.pick);
  if (shot === undefined) return calendar;
  const result =
    edit.kind === "update"
      ? updateShotDate(calendar, shot.id, edit.date)
      : deleteShot(calendar, shot.id);
  return result.ok ? result.value : calendar;
}

/** Every layout invariant of a calendar, checked from scratch; returns what is wrong. */
function findLayoutFaults(calendar: Calendar): string[] {
  const faults: string[] = [];
  const check = (isTrue: boolean, fault: () => string) => {
    if (!isTrue) faults.push(fault());
  };
  const { from, to } = calendar.yearRange;
  const shots = allShots(calendar);
  // The grid: from today's month to December of the latest of the calendar year + 1, the year of
  // the 24th month from today's, and the latest first occurrence.
  const gridFirstYear = yearOf(calendar.today);
  const gridFirstMonth = monthOf(calendar.today);
  const firstYears = shots.flatMap((shot) =>
    !shot.isMirroredCopy && shot.date !== null ? [yearOf(shot.date)] : [],
  );
  const gridLastYear = Math.max(
    calendar.calendarYear + 1,
    gridFirstYear + Math.floor((gridFirstMonth + 22) / 12),
    ...firstYears,
  );
  check(to === calendar.calendarYear + 1, () => `range ends ${to}`);
  const datedYears = shots.flatMap(({ date }) => (date ? [yearOf(date)] : []));
  const expectedFrom = datedYears.length
    ? Math.min(Math.min(...datedYears), to)
    : calendar.calendarYear;
  check(from === expectedFrom, () => `range starts ${from}, expected ${expectedFrom}`);
  check(new Set(shots.map(({ id }) => id)).size === shots.length, () => "duplicate ids");

  for (const column of calendar.diseases) {
    let datedCount = 0;
    let previous: Shot | undefined;
    let orderInMonth = 0;
    for (const shot of column.shots) {
      check(shot.diseaseId === column.diseaseId, () => `${shot.id} in the wrong column`);
      if (shot.date === null) {
        check(
          shot.row === null && shot.yearIndex === null && shot.orderInMonth === null,
          () => `undated ${shot.id} has a layout`,
        );
        previous = shot;
        continue;
      }
      // Sorted by date, undated last.
      check(
        previous === undefined || (previous.date !== null && previous.date <= shot.date),
        () => `${shot.id} out of order`,
      );
      const yearIndex = yearOf(shot.date) - from;
      const row = yearIndex * 12 + monthOf(shot.date) - 1;
      orderInMonth = previous?.row === row ? orderInMonth + 1 : 0;
      check(shot.yearIndex === yearIndex, () => `${shot.id} yearIndex ${shot.yearIndex}`);
      check(shot.row === row, () => `${shot.id} row ${shot.row}, expected ${row}`);
      check(
        shot.orderInMonth === orderInMonth,
        () => `${shot.id} orderInMonth ${shot.orderInMonth}`,
      );
      check(shot.isBooster === datedCount > 0, () => `${shot.id} isBooster ${shot.isBooster}`);
      datedCount++;
      previous = shot;
    }
    // Copies mirror their first occurrence exactly: every N years to the end of the grid.
    const firsts = column.shots.filter((shot) => !shot.isMirroredCopy);
    const expectedCopies = firsts.flatMap((first) => {
      check(first.cycle === 1 && first.sourceShotId === null, () => `${first.id} not a first`);
      if (first.date === null || first.is_recurrent < 1) return [];
      const copies: string[] = [];
      let cycle = 2;
      for (
        let year = yearOf(first.date) + first.is_recurrent;
        year <= gridLastYear;
        year += first.is_recurrent
      ) {
        copies.push(`${first.id} ${sameDayIn(first.date, year)} ${cycle++}`);
      }
      return copies;
    });
    const copies = column.shots
      .filter((shot) => shot.isMirroredCopy)
      .map((shot) => `${shot.sourceShotId} ${shot.date} ${shot.cycle}`);
    check(
      copies.sort().join() === expectedCopies.sort().join(),
      () => `copies ${copies.join()} expected ${expectedCopies.join()}`,
    );
  }

  // The grid: at least 24 months in order from today's, each holding exactly the shots dated in
  // it, by date; every shot from today's month on is in it.
  const monthCount = (gridLastYear - gridFirstYear + 1) * 12 - (gridFirstMonth - 1);
  check(calendar.months.length === monthCount, () => `${calendar.months.length} months`);
  check(calendar.months.length >= 24, () => `only ${calendar.months.length} months`);
  const gridStart = calendar.today.slice(0, 7);
  const expectedByMonth = new Map<string, string[]>();
  for (const shot of shots) {
    if (shot.date === null) continue;
    const key = shot.date.slice(0, 7);
    expectedByMonth.set(key, [...(expectedByMonth.get(key) ?? []), shot.id]);
  }
  const shotsInGrid = calendar.months.reduce((count, month) => count + month.shots.length, 0);
  const shotsFromThisMonth = shots.filter(({ date }) => date !== null && date >= gridStart).length;
  check(shotsInGrid === shotsFromThisMonth, () => `${shotsInGrid} shots in the grid`);
  calendar.months.forEach((month, index) => {
    const monthIndex = gridFirstMonth - 1 + index;
    const year = gridFirstYear + Math.floor(monthIndex / 12);
    const monthNumber = (monthIndex % 12) + 1;
    check(month.year === year && month.month === monthNumber, () => `month ${index} misnamed`);
    const key = `${year}-${String(monthNumber).padStart(2, "0")}`;
    const ids = month.shots.map(({ id }) => id);
    const expectedIds = expectedByMonth.get(key) ?? [];
    check(ids.sort().join() === expectedIds.sort().join(), () => `${key} holds ${ids.join()}`);
    for (let position = 1; position < month.shots.length; position++) {
      check(
        month.shots[position - 1]!.date! <= month.shots[position]!.date!,
        () => `${key} out of order`,
      );
    }
  });
  return faults;
}

describe("calendar properties", () => {
  it("keeps shots sorted and rows, orders, copies and the grid consistent through any edits", () => {
    fc.assert(
      fc.property(scenarioArbitrary, fc.array(editArbitrary, { maxLength: 12 }), (input, edits) => {
        let calendar = buildCalendar(input);
        expect(findLayoutFaults(calendar)).toEqual([]);
        for (const edit of edits) {
          calendar = applyEdit(calendar, edit);
          expect(findLayoutFaults(calendar)).toEqual([]);
        }
        expect(findLayoutFaults(dropPastShots(calendar))).toEqual([]);
        const columnId = calendar.diseases[0]?.diseaseId;
        if (columnId !== undefined) {
          expect(findLayoutFaults(removeDisease(calendar, columnId))).toEqual([]);
        }
      }),
      { numRuns: 200 },
    );
  });

  it("gives a recurrent template one shot in each of its years and none in between", () => {
    fc.assert(
      fc.property(
        isoDate(2020, 2032),
        fc.option(isoDate(2024, 2030), { nil: null }),
        fc.integer({ min: 1, max: 6 }),
        (birthDate, breedingDate, period) => {
          const calendar = buildCalendar({
            setup: createSetup({ birthDate, breedingDate }),
            diseases: [createDisease(10, 1)],
            vaccines: [createVaccine(1, "Yearly")],
            shotTemplates: [createTemplate(1, 1, { birth_days: 0 }, period)],
            today: "2026-11-21",
          });
          // A series whose template date is past starts on the same day of the first year that
          // puts it on or after today, then repeats every N years from there.
          let firstYear = yearOf(birthDate);
          while (sameDayIn(birthDate, firstYear) < "2026-11-21") firstYear++;
          const lastYear = Math.max(calendar.calendarYear + 1, 2028, firstYear);
          expect(allShots(calendar).every(({ date }) => date! >= "2026-11-21")).toBe(true);
          for (let year = firstYear - 2; year <= lastYear + 2; year++) {
            const count = allShots(calendar).filter(({ date }) => yearOf(date!) === year).length;
            const expected =
              year >= firstYear && year <= lastYear && (year - firstYear) % period === 0 ? 1 : 0;
            expect(count, `year ${year}`).toBe(expected);
          }
        },
      ),
    );
  });

  it("neither loses nor duplicates a shot through any sequence of add, update and delete", () => {
    fc.assert(
      fc.property(scenarioArbitrary, fc.array(editArbitrary, { maxLength: 20 }), (input, edits) => {
        let calendar = buildCalendar(input);
        // The model: every first occurrence by id, with its column and date.
        const model = new Map(
          allShots(calendar)
            .filter((shot) => !shot.isMirroredCopy)
            .map((shot) => [shot.id, { diseaseId: shot.diseaseId, date: shot.date }]),
        );
        for (const edit of edits) {
          if (edit.kind === "add") {
            const column = calendar.diseases[edit.pick % Math.max(calendar.diseases.length, 1)];
            const result = addShot(calendar, column?.diseaseId ?? 999, edit.date);
            expect(result.ok).toBe(column !== undefined);
            if (result.ok && column) {
              model.set(`${column.diseaseId}-u${calendar.nextUserShotNumber}`, {
                diseaseId: column.diseaseId,
                date: edit.date,
              });
              calendar = result.value;
            }
          } else {
            const shot = pickShot(calendar, edit.pick);
            if (shot === undefined) continue;
            const result =
              edit.kind === "update"
                ? updateShotDate(calendar, shot.id, edit.date)
                : deleteShot(calendar, shot.id);
            expect(result.ok).toBe(!shot.isMirroredCopy);
            if (!result.ok) continue;
            if (edit.kind === "update")
              model.set(shot.id, { diseaseId: shot.diseaseId, date: edit.date });
            else model.delete(shot.id);
            calendar = result.value;
          }
          const firsts = allShots(calendar)
            .filter((shot) => !shot.isMirroredCopy)
            .map((shot) => [shot.id, shot.diseaseId, shot.date]);
          const expected = [...model].map(([id, { diseaseId, date }]) => [id, diseaseId, date]);
          expect(firsts.sort()).toEqual(expected.sort());
          const ids = allShots(calendar).map(({ id }) => id);
          expect(new Set(ids).size).toBe(ids.length);
        }
      }),
      { numRuns: 200 },
    );
  });

  it("drops exactly the shots dated before today", () => {
    fc.assert(
      fc.property(scenarioArbitrary, (input) => {
        const calendar = buildCalendar(input);
        const dropped = dropPastShots(calendar);
        for (const [index, column] of calendar.diseases.entries()) {
          const kept = column.shots.filter(({ date }) => date === null || date >= input.today);
          // Known, documented edge: a yearly series first given on 29 February and promoted to a
          // common year's 28 February repeats on the 28th in later leap years too.
          const normalise = (date: string | null) => date?.replace(/-02-29$/, "-02-28") ?? null;
          expect(dropped.diseases[index]?.shots.map(({ date }) => normalise(date))).toEqual(
            kept.map(({ date }) => normalise(date)),
          );
        }
      }),
      { numRuns: 300 },
    );
  });

  it("prepares for submit idempotently: save, reopen and save again give the same data", () => {
    fc.assert(
      fc.property(scenarioArbitrary, fc.array(editArbitrary, { maxLength: 8 }), (input, edits) => {
        const calendar = edits.reduce(applyEdit, buildCalendar(input));
        const first = prepareForSubmit(calendar);
        if (calendar.diseases.length === 0) {
          expect(first).toEqual({
            ok: false,
            error: { code: "NO_DISEASES", message: "No diseases selected yet." },
          });
          return;
        }
        if (!first.ok) throw new Error(first.error.code);
        const { from, to } = calendar.yearRange;
        for (const { shots } of first.value.diseases) {
          // The saved layout counts only the saved shots.
          shots.forEach((shot, index) => {
            const earlier = shots.slice(0, index).filter(({ row }) => row === shot.row);
            expect([shot.orderInMonth, shot.isBooster]).toEqual([earlier.length, index > 0]);
          });
        }
        for (const shot of first.value.diseases.flatMap(({ shots }) => shots)) {
          expect(shot.date).not.toBeNull();
          if (!shot.userInitiated)
            expect(yearOf(shot.date!) >= from && yearOf(shot.date!) <= to).toBe(true);
        }
        const reopened = restoreCalendar({
          ...first.value,
          vaccines: input.vaccines,
          today: input.today,
        });
        expect(prepareForSubmit(reopened)).toEqual(first);
      }),
      { numRuns: 200 },
    );
  });
});
