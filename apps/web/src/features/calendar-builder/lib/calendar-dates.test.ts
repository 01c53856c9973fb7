import { describe, expect, it } from "vitest";
import { formatDayDate } from "./calendar-dates.ts";

describe("formatDayDate", () => {
  it.each([
    ["2026-03-04", "Wed 4 March 2026"],
    ["2026-11-24", "Tue 24 November 2026"],
    ["2028-02-29", "Tue 29 February 2028"],
    ["2026-03-29", "Sun 29 March 2026"],
    ["1969-12-31", "Wed 31 December 1969"],
  ])("writes %s as %s", (date, text) => {
    expect(formatDayDate(date)).toBe(text);
  });
});
