import { describe, expect, it } from "vitest";
import { accountMessages } from "./messages.ts";
import { describePasswordProblem, formatEircode } from "./policies.ts";

describe("describePasswordProblem", () => {
  it.each([
    ["", accountMessages.passwordRequired],
    ["1234567", accountMessages.passwordTooShort],
    ["12345678", null],
    ["🐄🐄🐄🐄🐄🐄🐄🐄", null],
    ["a".repeat(128), null],
    ["a".repeat(129), accountMessages.passwordTooLong],
    ["abcdefgh\u0000", accountMessages.unsupportedCharacters],
  ])("%j → %s", (password, expected) => {
    expect(describePasswordProblem(password)).toBe(expected);
  });
});

describe("formatEircode", () => {
  it("prints a valid Eircode in capitals with one space and leaves other text alone", () => {
    expect(formatEircode("d6wxy12")).toBe("D6W XY12");
    expect(formatEircode(" a65 f4e2 ")).toBe("A65 F4E2");
    expect(formatEircode("BT1 1AA")).toBe("BT1 1AA");
  });
});
