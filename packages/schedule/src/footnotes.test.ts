import { describe, expect, it } from "vitest";
import { collectFootnotes, formatFootnoteMark } from "./footnotes.ts";

describe("footnotes", () => {
  it("mark a footnote with as many asterisks as its number, and nothing without one", () => {
    expect(formatFootnoteMark(1)).toBe("*");
    expect(formatFootnoteMark(3)).toBe("***");
    expect(formatFootnoteMark(null)).toBe("");
  });

  it("list each footnote once, in number order, skipping columns without one", () => {
    expect(
      collectFootnotes([
        { footnoteNumber: 3, footnote: "Where infection is confirmed" },
        { footnoteNumber: null, footnote: null },
        { footnoteNumber: 2, footnote: null },
        { footnoteNumber: 1, footnote: "Dairy replacements only" },
        { footnoteNumber: 3, footnote: "Where infection is confirmed" },
      ]),
    ).toEqual([
      { number: 1, mark: "*", text: "Dairy replacements only" },
      { number: 3, mark: "***", text: "Where infection is confirmed" },
    ]);
  });
});
