import { describe, expect, it } from "vitest";
import { buildCalendar, restoreCalendar } from "./build-calendar.ts";
import { createDisease, createSetup, createTemplate, createVaccine } from "./calendar.fixtures.ts";
import { READ_ONLY_SHOT_MESSAGE, type ScheduleResult } from "./schedule-error.ts";
import type { Calendar } from "./schedule.types.ts";
import {
  addShot,
  canEditShot,
  checkMaxShots,
  deleteShot,
  dropPastShots,
  findShot,
  hasPastShots,
  removeDisease,
  updateShotDate,
} from "./shot-operations.ts";

// Cows calving 2027-02-01, bred 2027-04-25: calendar year 2027, range to 2028; on 2026-11-21 the
// grid runs from November 2026 to December 2028.
const yearly = createVaccine(1, "Yearly", { max_shots: 2 });
const once = createVaccine(2, "Once");
function buildFixture(today = "2026-11-21"): Calendar {
  return buildCalendar({
    setup: createSetup(),
    diseases: [createDisease(100, 1), createDisease(200, 2)],
    vaccines: [yearly, once],
    shotTemplates: [
      createTemplate(11, 1, { birth_days: -35 }, 1), // 2026-12-28, then each December to 2028
      createTemplate(12, 1, { breeding_days: -14 }, 1), // 2027-04-11, then each April to 2028
      createTemplate(21, 2, { breeding_days: -28 }), // 2027-03-28, once
    ],
    today,
  });
}

function expectOk(result: ScheduleResult<Calendar>): Calendar {
  if (!result.ok) throw new Error(`Expected success, got ${result.error.code}`);
  return result.value;
}

const datesOf = (calendar: Calendar, diseaseId: number) =>
  calendar.diseases.find((column) => column.diseaseId === diseaseId)?.shots.map(({ date }) => date);

describe("addShot", () => {
  it("adds a user shot in date order and leaves the calendar it was given alone", () => {
    const calendar = buildFixture();
    const before = JSON.stringify(calendar);
    const added = expectOk(addShot(calendar, 200, "2027-01-15"));
    expect(JSON.stringify(calendar)).toBe(before);
    expect(added.diseases[1]?.shots.map(({ id, date }) => [id, date])).toEqual([
      ["200-u1", "2027-01-15"],
      ["200-21", "2027-03-28"],
    ]);
    expect(findShot(added, "200-u1")).toMatchObject({
      templateId: null,
      userInitiated: true,
      is_recurrent: 0,
      show_once: true,
      cycle: 1,
      isBooster: false,
    });
    expect(findShot(added, "200-21")?.isBooster).toBe(true);
    const again = expectOk(addShot(added, 200, "2027-01-15"));
    expect(again.diseases[1]?.shots.map(({ id, orderInMonth }) => [id, orderInMonth])).toEqual([
      ["200-u1", 0],
      ["200-u2", 1],
      ["200-21", 0],
    ]);
  });

  it("puts a shot in the grid month of its date", () => {
    const added = expectOk(addShot(buildFixture(), 200, "2029-06-30"));
    const june = added.months.find(({ year, month }) => year === 2029 && month === 6);
    expect(june?.shots.map(({ id }) => id)).toEqual(["200-u1"]);
  });

  it.each([
    [100, "2027-02-30", "INVALID_DATE", "Expected a date as YYYY-MM-DD"],
    [999, "2027-02-03", "DISEASE_NOT_FOUND", "Disease not found on this calendar."],
  ])("refuses disease %i on %s with %s", (diseaseId, date, code, message) => {
    expect(addShot(buildFixture(), diseaseId, date)).toEqual({
      ok: false,
      error: { code, message },
    });
  });
});

describe("updateShotDate and deleteShot", () => {
  it("refuse a mirrored copy with the spec's message", () => {
    const calendar = buildFixture();
    const copy = findShot(calendar, "100-11~2");
    expect(copy?.date).toBe("2027-12-28");
    expect(copy && canEditShot(copy)).toBe(false);
    const readOnly = {
      ok: false,
      error: { code: "READ_ONLY_SHOT", message: READ_ONLY_SHOT_MESSAGE },
    };
    expect(updateShotDate(calendar, "100-11~2", "2027-12-01")).toEqual(readOnly);
    expect(deleteShot(calendar, "100-11~2")).toEqual(readOnly);
    expect(READ_ONLY_SHOT_MESSAGE).toBe(
      "This is a yearly recurrent vaccination. To edit this shot, please edit the first occurrence.",
    );
  });

  it("move a first occurrence with its copies and re-sort the column", () => {
    const calendar = buildFixture();
    const first = findShot(calendar, "100-11");
    expect(first && canEditShot(first)).toBe(true);
    const moved = expectOk(updateShotDate(calendar, "100-11", "2027-05-02"));
    expect(datesOf(moved, 100)).toEqual(["2027-04-11", "2027-05-02", "2028-04-11", "2028-05-02"]);
    expect(findShot(moved, "100-11")?.userInitiated).toBe(true);
    // The earliest shot moved from 2026 to 2027, so the range and every row move with it.
    expect(moved.yearRange).toEqual({ from: 2027, to: 2028 });
    expect(findShot(moved, "100-12")?.row).toBe(3);
  });

  it("delete a first occurrence together with its copies", () => {
    const deleted = expectOk(deleteShot(buildFixture(), "100-11"));
    expect(datesOf(deleted, 100)).toEqual(["2027-04-11", "2028-04-11"]);
  });

  it("report a shot that is not there", () => {
    const notFound = { ok: false, error: { code: "SHOT_NOT_FOUND", message: "Shot not found." } };
    expect(updateShotDate(buildFixture(), "nope", "2027-01-01")).toEqual(notFound);
    expect(deleteShot(buildFixture(), "nope")).toEqual(notFound);
  });

  it("refuse a malformed date before looking for the shot", () => {
    expect(updateShotDate(buildFixture(), "100-11", "2027-5-2")).toMatchObject({
      ok: false,
      error: { code: "INVALID_DATE" },
    });
  });
});

describe("checkMaxShots", () => {
  it("counts first-cycle shots of the year, never mirrored copies", () => {
    const calendar = buildFixture();
    expect(checkMaxShots(calendar, 100, 2026)).toEqual({ count: 1, max: 2, isReached: false });
    expect(checkMaxShots(calendar, 100, 2027)).toEqual({ count: 1, max: 2, isReached: false });
    // 2028 holds two copies, which do not count.
    expect(checkMaxShots(calendar, 100, 2028)).toEqual({ count: 0, max: 2, isReached: false });
    const added = expectOk(addShot(calendar, 100, "2027-09-01"));
    expect(checkMaxShots(added, 100, 2027)).toEqual({ count: 2, max: 2, isReached: true });
  });

  it("is never reached for a vaccine without a maximum", () => {
    expect(checkMaxShots(buildFixture(), 200, 2027)).toEqual({
      count: 1,
      max: null,
      isReached: false,
    });
  });
});

describe("removeDisease", () => {
  it("drops the column and recomputes the range from what is left", () => {
    const removed = removeDisease(buildFixture(), 100);
    expect(removed.diseases.map(({ diseaseId }) => diseaseId)).toEqual([200]);
    expect(removed.yearRange).toEqual({ from: 2027, to: 2028 });
    expect(removed.months.flatMap(({ shots }) => shots).map(({ id }) => id)).toEqual(["200-21"]);
  });

  it("returns the same calendar for a disease it does not hold", () => {
    const calendar = buildFixture();
    expect(removeDisease(calendar, 999)).toBe(calendar);
  });
});

describe("dropPastShots", () => {
  it("removes every shot before today; a recurrent series lives on from its next copy", () => {
    // Built on 2026-11-21, opened again on 2027-04-01: the grid runs to December 2029.
    const built = buildFixture();
    const calendar = restoreCalendar({
      setup: built.setup,
      diseases: built.diseases.map((column) => ({
        id: column.diseaseId,
        vaccineId: column.vaccine?.id ?? null,
        shots: column.shots,
      })),
      vaccines: [yearly, once],
      today: "2027-04-01",
    });
    expect(hasPastShots(calendar)).toBe(true);
    const dropped = dropPastShots(calendar);
    expect(hasPastShots(dropped)).toBe(false);
    expect(datesOf(dropped, 100)).toEqual([
      "2027-04-11",
      "2027-12-28",
      "2028-04-11",
      "2028-12-28",
      "2029-04-11",
      "2029-12-28",
    ]);
    // The 2027 copy became the first occurrence: editable, same series id.
    expect(findShot(dropped, "100-11")).toMatchObject({
      date: "2027-12-28",
      cycle: 1,
      isMirroredCopy: false,
    });
    expect(datesOf(dropped, 200)).toEqual([]);
  });

  it("keeps a shot dated today and returns the same calendar when nothing is past", () => {
    const calendar = buildFixture("2026-12-28");
    expect(hasPastShots(calendar)).toBe(false);
    expect(dropPastShots(calendar)).toBe(calendar);
  });
});
