import { describe, expect, it } from "vitest";
import { describeRouteChoice, listRouteNames } from "./reference.ts";

describe("vaccine route wording", () => {
  it("spells out each route code, keeping an unknown one as it is", () => {
    expect(listRouteNames("IN,IM")).toEqual(["Intranasal", "Intramuscular"]);
    expect(listRouteNames(" SC , ORAL ,")).toEqual(["Subcutaneous", "Oral"]);
    expect(listRouteNames("XY")).toEqual(["XY"]);
    expect(listRouteNames("")).toEqual([]);
  });

  it("offers several routes as one choice for a printed line", () => {
    expect(describeRouteChoice("IM")).toBe("Intramuscular");
    expect(describeRouteChoice("IN,IM")).toBe("Intranasal or intramuscular");
    expect(describeRouteChoice("SCARIFICATION")).toBe("Skin scarification");
  });
});
