import { accountMessages } from "@vaxcal/contracts";
import { describe, expect, it } from "vitest";
import { findPasswordProblem, isCommonPassword } from "./password-policy.ts";

describe("findPasswordProblem", () => {
  it.each([
    ["", accountMessages.passwordRequired],
    ["abc1234", accountMessages.passwordTooShort],
    ["x".repeat(129), accountMessages.passwordTooLong],
    ["password", accountMessages.passwordTooCommon],
    ["PassWord123", accountMessages.passwordTooCommon],
    ["qwertyuiop", accountMessages.passwordTooCommon],
    ["iloveyou1", accountMessages.passwordTooCommon],
    ["12345678", accountMessages.passwordTooCommon],
    // No composition rules: a long phrase of lower-case words is fine.
    ["the brown cow jumped the ditch", null],
    ["grass-meadow-42", null],
    ["x".repeat(128), null],
  ])("%j → %s", (password, expected) => {
    expect(findPasswordProblem(password)).toBe(expected);
  });
});

describe("isCommonPassword", () => {
  it("knows about 10,000 common passwords from the bundled list", () => {
    expect(isCommonPassword("123456")).toBe(true);
    expect(isCommonPassword("letmein")).toBe(true);
    expect(isCommonPassword("trustno1")).toBe(true);
    expect(isCommonPassword("vaxcal123")).toBe(true);
    expect(isCommonPassword("ballinasloe-fair-1987")).toBe(false);
  });
});
