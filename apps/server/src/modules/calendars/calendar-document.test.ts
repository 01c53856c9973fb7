import { describe, expect, it } from "vitest";
import { collectFootnotes, describeRoutes, parseAccentColor } from "./calendar-document.ts";
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
