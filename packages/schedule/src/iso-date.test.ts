import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addDays,
  countDaysBetween,
  formatLongDate,
  formatShortDate,
  fromDayNumber,
  isIsoDate,
  moveToYear,
  readMonthName,
  toDayNumber,
} from "./iso-date.ts";

const DAY_MS = 86_400_000;
// Date.UTC is the independent oracle here; the engine itself never builds a Date.
const oracleDayNumber = (year: number, month: number, day: number) =>
  Date.UTC(year, month - 1, day) / DAY_MS;
const oracleDate = (dayNumber: number) => new Date(dayNumber * DAY_MS).toISOString().slice(0, 10);

const dayNumbers = fc.integer({
  min: oracleDayNumber(1900, 1, 1),
  max: oracleDayNumber(2200, 12, 31),
});

describe("day numbers", () => {
  it("agree with the UTC calendar for every day from 1900 to 2200", () => {
    fc.assert(
      fc.property(dayNumbers, (dayNumber) => {
        const date = oracleDate(dayNumber);
        expect(fromDayNumber(dayNumber)).toBe(date);
        expect(toDayNumber(date)).toBe(dayNumber);
      }),
    );
  });

  it.each([
    ["2026-11-21", -56, "2026-09-26"],
    ["2027-03-01", -35, "2027-01-25"],
    ["2028-03-01", -1, "2028-02-29"],
    ["2026-12-31", 1, "2027-01-01"],
    ["2027-02-01", 273, "2027-11-01"],
  ])("%s plus %i days is %s", (date, days, expected) => {
    expect(addDays(date, days)).toBe(expected);
    expect(countDaysBetween(date, expected)).toBe(days);
  });
});

describe("moveToYear", () => {
  it.each([
    ["2026-10-05", 2027, "2027-10-05"],
    ["2028-02-29", 2029, "2029-02-28"],
    ["2028-02-29", 2032, "2032-02-29"],
  ])("moves %s into %i as %s", (date, year, expected) => {
    expect(moveToYear(date, year)).toBe(expected);
  });
});

describe("isIsoDate", () => {
  it.each(["2026-11-21", "2028-02-29", "0001-01-01"])("accepts %s", (value) => {
    expect(isIsoDate(value)).toBe(true);
  });

  it.each([
    "2026-02-29",
    "2026-13-01",
    "2026-00-10",
    "2026-1-01",
    "26-01-01",
    "2026-01-32",
    "",
    null,
  ])("rejects %s", (value) => {
    expect(isIsoDate(value)).toBe(false);
  });
});

describe("dates in words", () => {
  it("writes dates as Irish readers do: day, month, year", () => {
    expect(formatShortDate("2026-03-09")).toBe("9 Mar 2026");
    expect(formatLongDate("2026-12-25")).toBe("25 December 2026");
    expect(formatLongDate("2028-02-29")).toBe("29 February 2028");
  });

  it("names every month from 1 to 12, and none outside", () => {
    for (let month = 1; month <= 12; month++) {
      const oracle = new Date(Date.UTC(2026, month - 1, 1)).toLocaleString("en-IE", {
        month: "long",
        timeZone: "UTC",
      });
      expect(readMonthName(month)).toBe(oracle);
    }
    expect(readMonthName(0)).toBe("");
    expect(readMonthName(13)).toBe("");
  });
});
