import { readFileSync } from "node:fs";
import { accountMessages, describePasswordProblem, securityMessages } from "@vaxcal/contracts";
import { findMobileCandidates } from "./phone.ts";

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

/** What the account's owner is known by: a password must not be one of these. */
export type PasswordOwner = {
  email?: string | null;
  /** E.164. */
  phone?: string | null;
  /** First name, surname, farm name. */
  names?: readonly (string | null | undefined)[];
};

function toComparable(text: string): string {
  return text.normalize("NFKC").toLowerCase().replace(/\s+/g, " ").trim();
}

function isAccountDetail(password: string, owner: PasswordOwner): boolean {
  const typed = toComparable(password);
  const names = (owner.names ?? []).filter((name): name is string => Boolean(name?.trim()));
  const details = [owner.email, ...names, names.join(" "), names.slice(0, 2).join(" ")];
  if (details.some((detail) => detail && toComparable(detail) === typed)) return true;
  if (typed.replace(/ /g, "") === names.slice(0, 2).map(toComparable).join("")) return true;
  return Boolean(owner.phone && findMobileCandidates(password).includes(owner.phone));
}

/**
 * docs/product.md D9: 8 to 128 characters, not on the common list, no composition rules; and
 * not blank once trimmed, nor the owner's e-mail, mobile or name when `owner` is known.
 * Returns the message to show, or null when the password is acceptable.
 */
export function findPasswordProblem(password: string, owner?: PasswordOwner): string | null {
  const problem = describePasswordProblem(password);
  if (problem) return problem;
  if (password.trim() === "") return securityMessages.passwordBlank;
  if (owner && isAccountDetail(password, owner)) return securityMessages.passwordIsAccountDetail;
  return isCommonPassword(password) ? accountMessages.passwordTooCommon : null;
}
