import { describe, expect, it } from "vitest";
import { findMobileCandidates, parseMobile } from "./phone.ts";

describe("parseMobile", () => {
  it.each([
    ["+353", "0871234567", "+353871234567"],
    ["+353", "871234567", "+353871234567"],
    ["+353", "353871234567", "+353871234567"],
    ["+353", "0831234567", "+353831234567"],
    ["+44", "07400123456", "+447400123456"],
    ["+44", "7400123456", "+447400123456"],
    ["+44", "447400123456", "+447400123456"],
  ] as const)("accepts %s %s as %s", (countryCode, digits, e164) => {
    expect(parseMobile(countryCode, digits)?.e164).toBe(e164);
  });

  it("returns the parts the profile shows", () => {
    expect(parseMobile("+353", "0871234567")).toEqual({
      e164: "+353871234567",
      countryCode: "+353",
      nationalNumber: "871234567",
    });
  });

  it.each([
    ["Irish landline", "+353", "016712345"],
    ["London landline", "+44", "02079460000"],
    ["Guernsey mobile behind +44", "+44", "07781123456"],
    ["Jersey mobile behind +44", "+44", "07797123456"],
    ["Isle of Man mobile behind +44", "+44", "07624123456"],
    ["drama range", "+44", "07700900123"],
    ["UK mobile under the Irish code", "+353", "07400123456"],
    ["Irish mobile under the UK code", "+44", "0871234567"],
    ["too short", "+353", "08712"],
  ] as const)("refuses a %s", (_label, countryCode, digits) => {
    expect(parseMobile(countryCode, digits)).toBeNull();
  });
});

describe("findMobileCandidates", () => {
  it.each([
    ["+353 87 123 4567", ["+353871234567"]],
    ["00353871234567", ["+353871234567"]],
    ["353871234567", ["+353871234567"]],
    ["087-123-4567", ["+353871234567"]],
    ["(087) 123 4567", ["+353871234567"]],
    ["07400 123456", ["+447400123456"]],
    ["+44 7400 123456", ["+447400123456"]],
  ])("reads %s as %j", (username, expected) => {
    expect(findMobileCandidates(username)).toEqual(expected);
  });

  it("finds nothing in an e-mail address, a landline or a drama number", () => {
    expect(findMobileCandidates("mary@example.ie")).toEqual([]);
    expect(findMobileCandidates("01 671 2345")).toEqual([]);
    expect(findMobileCandidates("+44 7700 900123")).toEqual([]);
  });
});
