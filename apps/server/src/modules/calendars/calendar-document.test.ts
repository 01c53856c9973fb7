import { describe, expect, it } from "vitest";
import {
  collectFootnotes,
  describeRoutes,
  findPrintedWindow,
  listPrintedMonths,
  parseAccentColor,
} from "./calendar-document.ts";
import type { DescribedColumn } from "./calendars.repository.ts";

describe("printed words", () => {
  it.each([
    ["IM", "Intramuscular"],
    ["SC", "Subcutaneous"],
    ["IN,IM", "Intranasal or intramuscular"],
    ["IM, SC", "Intramuscular or subcutaneous"],
    ["SCARIFICATION", "Skin scarification"],
  ])("spell out the route %s as %s", (code, words) => {
    expect(describeRoutes(code)).toBe(words);
  });

  it("read an accent colour, falling back to grey for junk", () => {
    expect(parseAccentColor("0,94,184")).toEqual([0, 94, 184]);
    expect(parseAccentColor("300,0,0")).toEqual([120, 120, 120]);
    expect(parseAccentColor(undefined)).toEqual([120, 120, 120]);
  });

  it("list each footnote once, in number order, with its asterisks", () => {
    const column = (footnoteNumber: number | null, footnote: string | null): DescribedColumn => ({
      diseaseId: 1,
      vaccineId: null,
      diseaseName: "x",
      footnote,
      footnoteNumber,
      vaccine: null,
      seeds: [],
    });
    expect(
      collectFootnotes([
        column(3, "Where infection is confirmed"),
        column(null, null),
        column(1, "Dairy replacements only"),
        column(3, "Where infection is confirmed"),
      ]),
    ).toEqual([
      { mark: "*", text: "Dairy replacements only" },
      { mark: "***", text: "Where infection is confirmed" },
    ]);
  });
});

describe("the printed months", () => {
  const todays = [
    ...Array.from({ length: 12 }, (_, index) => `2027-${String(index + 1).padStart(2, "0")}-15`),
    "2028-02-29",
    "2026-12-31",
  ];

  it.each(todays)("on %s are the 24 months from the current one, in order", (today) => {
    const months = listPrintedMonths(today);
    expect(months).toHaveLength(24);
    expect(months[0]).toEqual({
      year: Number(today.slice(0, 4)),
      month: Number(today.slice(5, 7)),
    });
    months.slice(1).forEach((month, index) => {
      const previous = months[index]!;
      expect(month.year * 12 + month.month).toBe(previous.year * 12 + previous.month + 1);
    });
    const last = months.at(-1)!;
    const lastDay = new Date(Date.UTC(last.year, last.month, 0)).getUTCDate();
    expect(findPrintedWindow(today)).toEqual({
      from: `${today.slice(0, 7)}-01`,
      to: `${last.year}-${String(last.month).padStart(2, "0")}-${lastDay}`,
    });
  });
});
