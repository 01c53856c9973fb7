import { describe, expect, it } from "vitest";
import { readIrishToday } from "./clock.ts";

describe("readIrishToday", () => {
  it.each([
    // Winter: Irish time is UTC.
    { now: "2026-01-15T23:30:00Z", today: "2026-01-15" },
    // Summer: Irish time is UTC+1, so 23:30 UTC is already tomorrow in Ireland.
    { now: "2026-07-15T23:30:00Z", today: "2026-07-16" },
  ])("at $now it is $today in Ireland", ({ now, today }) => {
    expect(readIrishToday(new Date(now))).toBe(today);
  });
});
