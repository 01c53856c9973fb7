import { describe, expect, it } from "vitest";
import { MISSED_THIS_SEASON_NOTE } from "./schedule.types.ts";
import { describeSeasonTiming } from "./season-timing-words.ts";

describe("describeSeasonTiming", () => {
  const window = { from: "2026-11-09", to: "2027-01-12" };

  it("says a dose due now and the day its window closes", () => {
    expect(describeSeasonTiming({ state: "dueNow", window }, "2027-01-01")).toBe(
      "Due now: window closes 12 Jan",
    );
  });

  it("says a missed dose's note, and nothing for a dose on its usual day", () => {
    expect(describeSeasonTiming({ state: "missed", window })).toBe(MISSED_THIS_SEASON_NOTE);
    expect(describeSeasonTiming(undefined)).toBeNull();
  });

  it("says nothing once the window of a dose due now has closed", () => {
    expect(describeSeasonTiming({ state: "dueNow", window }, "2027-01-13")).toBeNull();
  });

  it("says a course started from today (decision 426)", () => {
    const today = { from: "2027-06-15", to: "2027-06-15" };
    expect(
      describeSeasonTiming({ state: "dueNow", window: today, courseFromToday: true }, "2027-06-15"),
    ).toBe("Started from today: the first dose's usual time has passed");
  });
});
