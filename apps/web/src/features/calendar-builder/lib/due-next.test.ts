import type { GivenShot } from "@vaxcal/contracts";
import type { Calendar, Shot } from "@vaxcal/schedule";
import { describe, expect, it } from "vitest";
import { findWeekStart, listDueNext } from "./due-next.ts";

function shot(id: string, diseaseId: number, date: string | null): Shot {
  return { id, diseaseId, date, is_recurrent: 0, isMirroredCopy: false } as unknown as Shot;
}

function calendarOf(columns: { diseaseId: number; shots: Shot[] }[]): Calendar {
  return { diseases: columns } as unknown as Calendar;
}

function given(shotId: string): GivenShot {
  return {
    shotId,
    plannedOn: "2026-11-20",
    givenOn: "2026-11-20",
    batch: "B1",
    givenBy: null,
    note: null,
    recordedAt: "2026-11-20T10:00:00.000Z",
  };
}

describe("the week a date falls in", () => {
  it.each([
    ["2026-11-23", "2026-11-23"], // a Monday
    ["2026-11-29", "2026-11-23"], // the Sunday after
    ["2026-03-29", "2026-03-23"], // the Sunday clocks go forward in Ireland
    ["2026-10-25", "2026-10-19"], // the Sunday clocks go back
    ["2028-02-29", "2028-02-28"], // a leap day
    ["2027-01-01", "2026-12-28"], // across a year's end
  ])("%s is in the week of Monday %s", (date, monday) => {
    expect(findWeekStart(date)).toBe(monday);
  });
});

describe("due next", () => {
  const today = "2026-11-24"; // a Tuesday
  const calendar = calendarOf([
    {
      diseaseId: 1,
      shots: [
        shot("1-1", 1, "2026-11-10"),
        shot("1-2", 1, "2026-11-24"),
        shot("1-3", 1, "2026-12-07"),
        shot("1-4", 1, "2028-01-01"),
        shot("1-u1", 1, null),
      ],
    },
    { diseaseId: 2, shots: [shot("2-1", 2, "2026-11-29"), shot("2-2", 2, "2026-12-01")] },
  ]);

  it("lists the shots from today on, in date order, by week, with no undated or far-off shot", () => {
    const groups = listDueNext(calendar, [], today);
    expect(groups.map((group) => [group.heading, group.items.map((item) => item.shot.id)])).toEqual(
      [
        ["This week", ["1-2", "2-1"]],
        ["Next week", ["2-2"]],
        ["Week of Mon 7 December 2026", ["1-3"]],
      ],
    );
  });

  it("on a saved calendar, shows recent shots not yet given as overdue, and marks given ones", () => {
    const records = new Map([
      ["1-2", given("1-2")],
      ["9-9", given("9-9")],
    ]);
    const groups = listDueNext(calendar, [], today, { givenShots: records });
    expect(groups[0]).toMatchObject({ key: "overdue", items: [{ shot: { id: "1-1" } }] });
    const thisWeek = groups.find((group) => group.heading === "This week");
    expect(thisWeek?.items.map((item) => [item.shot.id, item.given?.batch ?? null])).toEqual([
      ["1-2", "B1"],
      ["2-1", null],
    ]);
  });

  it("leaves a past shot already given out of the overdue group", () => {
    const groups = listDueNext(calendar, [], today, {
      givenShots: new Map([["1-1", given("1-1")]]),
    });
    expect(groups.some((group) => group.key === "overdue")).toBe(false);
  });
});
