import { readFileSync } from "node:fs";
import { accountMessages, describePasswordProblem } from "@vaxcal/contracts";

const commonPasswordsFile = new URL("../../assets/common-passwords.txt", import.meta.url);

let commonPasswords: Set<string> | undefined;

/** Read once, on first use: about 10,000 lines, 80 kB. */
function loadCommonPasswords(): Set<string> {
  commonPasswords ??= new Set(
    readFileSync(commonPasswordsFile, "utf8")
      .split("\n")
      .map((line) => line.trim())
      .filter(Boolean),
  );
  return commonPasswords;
}

/** The list is lower case, so "Password1" is as common as "password1". */
export function isCommonPassword(password: string): boolean {
  return loadCommonPasswords().has(password.normalize("NFKC").toLowerCase());
}

/**
 * PRODUCT.md decision 9: 8 to 128 characters, not on the common list, no composition rules.
 * Returns the message to show, or null when the password is acceptable.
 */
export function findPasswordProblem(password: string): string | null {
  const problem = describePasswordProblem(password);
  if (problem) return problem;
  return isCommonPassword(password) ? accountMessages.passwordTooCommon : null;
}
