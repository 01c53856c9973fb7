import { describe, expect, it } from "vitest";
import { collectFootnotes, formatFootnoteMark } from "./footnotes.ts";

describe("footnotes", () => {
  it("mark a footnote with its number in brackets, and nothing without one", () => {
    expect(formatFootnoteMark(1)).toBe("(1)");
    expect(formatFootnoteMark(3)).toBe("(3)");
    expect(formatFootnoteMark(null)).toBe("");
  });

  it("list each footnote once, in number order, marked 1, 2, 3… and skipping columns without one", () => {
    expect(
      collectFootnotes([
        { footnoteNumber: 3, footnote: "Where infection is confirmed" },
        { footnoteNumber: null, footnote: null },
        { footnoteNumber: 2, footnote: null },
        { footnoteNumber: 1, footnote: "Dairy replacements only" },
        { footnoteNumber: 3, footnote: "Where infection is confirmed" },
      ]),
    ).toEqual([
      { number: 1, mark: "(1)", text: "Dairy replacements only" },
      { number: 3, mark: "(2)", text: "Where infection is confirmed" },
    ]);
  });
});
