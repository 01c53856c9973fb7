import { z } from "zod";
import {
  animalNames,
  countryCallingCodes,
  enterpriseNames,
  farmSizeBands,
  flockEnterprises,
  herdEnterprises,
  republicCounties,
} from "./lists.ts";
import { accountMessages, describeTooLong } from "./messages.ts";
import { describePasswordProblem, fieldLimits, formatEircode, isPlainText } from "./policies.ts";
import {
  countCharacters,
  eircodePattern,
  emailPattern,
  normaliseEmail,
  stripPhoneFormatting,
} from "./text.ts";

/**
 * The building blocks of the accounts payloads: single fields and the cross-field checks that
 * several requests share. Not part of the package's public surface.
 */

/** A required text field: missing, wrong type and blank all show `requiredMessage`. */
export function requiredText(requiredMessage: string, maxLength: number) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .refine((value) => countCharacters(value) <= maxLength, describeTooLong(maxLength))
    .refine(isPlainText, accountMessages.unsupportedCharacters);
}

/** An optional text field: absent, null and blank all mean "none". */
export function optionalText(maxLength: number) {
  return z
    .string({ error: accountMessages.unsupportedCharacters })
    .trim()
    .refine((value) => countCharacters(value) <= maxLength, describeTooLong(maxLength))
    .refine(isPlainText, accountMessages.unsupportedCharacters)
    .nullish()
    .transform((value) => (value ? value : null));
}

/** An optional Eircode or postcode: blank means "none"; one given is printed as An Post does. */
export const OptionalEircodeSchema = optionalText(fieldLimits.eircode).transform((value) =>
  value === null ? null : formatEircode(value),
);

/** E-mail, optional: absent, null and blank mean "none"; anything else must look like one. */
export const OptionalEmailSchema = z
  .string({ error: accountMessages.emailInvalid })
  .trim()
  .refine(
    (value) =>
      value === "" ||
      (countCharacters(value) <= fieldLimits.email &&
        emailPattern.test(value) &&
        isPlainText(value)),
    accountMessages.emailInvalid,
  )
  .nullish()
  .transform((value) => (value ? normaliseEmail(value) : null));

/**
 * A national mobile number: 2 to 17 digits (docs/product.md §5); the server checks it is a real
 * mobile.
 */
export const OptionalPhoneNumberSchema = z
  .string({ error: accountMessages.mobileInvalid })
  .transform(stripPhoneFormatting)
  .refine((value) => value === "" || /^\d{2,17}$/.test(value), accountMessages.mobileInvalid)
  .nullish()
  .transform((value) => (value ? value : null));

export const CountryCallingCodeSchema = z.enum(countryCallingCodes, {
  error: accountMessages.mobileInvalid,
});

export const FarmSizeSchema = z
  .enum(farmSizeBands, { error: accountMessages.choiceInvalid })
  .nullish();

export const EnterpriseListSchema = z
  .array(z.enum(enterpriseNames, { error: accountMessages.choiceInvalid }), {
    error: accountMessages.choiceInvalid,
  })
  .max(enterpriseNames.length)
  .transform((names) => [...new Set(names)]);

export const AnimalListSchema = z
  .array(z.enum(animalNames, { error: accountMessages.choiceInvalid }), {
    error: accountMessages.choiceInvalid,
  })
  .max(animalNames.length)
  .transform((names) => [...new Set(names)]);

export const VetIdSchema = z
  .number({ error: accountMessages.vetInvalid })
  .int(accountMessages.vetInvalid)
  .positive(accountMessages.vetInvalid)
  .nullish()
  .transform((value) => value ?? null);

export const PasswordSchema = z
  .string({ error: accountMessages.passwordRequired })
  .superRefine((value, context) => {
    const problem = describePasswordProblem(value);
    if (problem) context.addIssue({ code: "custom", message: problem });
  });

/** A required e-mail: one message for "missing", another for "not an address". */
export const ResetEmailSchema = z
  .string({ error: accountMessages.resetEmailRequired })
  .trim()
  .superRefine((value, context) => {
    if (value === "") {
      context.addIssue({ code: "custom", message: accountMessages.resetEmailRequired });
    } else if (countCharacters(value) > fieldLimits.email || !emailPattern.test(value)) {
      context.addIssue({ code: "custom", message: accountMessages.emailInvalid });
    }
  })
  .transform(normaliseEmail);

const mobilePattern = /^(\+|00)?\d{6,17}$/;

function compactMobile(value: string): string {
  return value.replace(/[\s\-.()]/g, "");
}

/**
 * Decision 202: the e-mail or the mobile an account was registered with, for a password reset. An
 * e-mail is normalised as everywhere; a mobile keeps its digits (and a leading + or 00), and the
 * server reads it as login does, as an Irish, UK or international number.
 */
export const ResetContactSchema = z
  .string({ error: accountMessages.resetContactRequired })
  .trim()
  .superRefine((value, context) => {
    if (value === "") {
      context.addIssue({ code: "custom", message: accountMessages.resetContactRequired });
    } else if (value.includes("@")) {
      if (countCharacters(value) > fieldLimits.email || !emailPattern.test(value)) {
        context.addIssue({ code: "custom", message: accountMessages.emailInvalid });
      }
    } else if (!mobilePattern.test(compactMobile(value))) {
      context.addIssue({ code: "custom", message: accountMessages.resetContactInvalid });
    }
  })
  .transform((value) => (value.includes("@") ? normaliseEmail(value) : compactMobile(value)));

/** A reset token as sent in the link: 43 URL-safe characters (256 bits). */
export const ResetTokenSchema = z
  .string({ error: accountMessages.resetTokenInvalid })
  .regex(/^[A-Za-z0-9_-]{43}$/, accountMessages.resetTokenInvalid);

/**
 * Cross-field checks run even when single fields failed, so a form shows every problem at once.
 * They therefore read the half-parsed object defensively.
 */
export const evenWithFieldErrors = {
  when: (payload: { value: unknown }) =>
    typeof payload.value === "object" && payload.value !== null,
};

export type PartialFields = Partial<Record<string, unknown>>;

export function isAbsent(value: unknown): boolean {
  return value === undefined || value === null || value === "";
}

export function readText(fields: PartialFields, key: string): string {
  const value = fields[key];
  return typeof value === "string" ? value : "";
}

/** Republic addresses take a county from the list and a real Eircode; others are free text. */
export function checkIrishAddress(fields: PartialFields, context: z.RefinementCtx): void {
  if (fields.country !== "Ireland") return;
  const county = readText(fields, "county");
  const eircode = readText(fields, "eircode");
  if (county && !(republicCounties as readonly string[]).includes(county)) {
    context.addIssue({ code: "custom", path: ["county"], message: accountMessages.countyRequired });
  }
  if (eircode && !eircodePattern.test(eircode)) {
    context.addIssue({
      code: "custom",
      path: ["eircode"],
      message: accountMessages.eircodeInvalid,
    });
  }
}

/** docs/product.md D10: a ticked enterprise needs its herd or flock size. */
export function checkFarmSizes(
  fields: PartialFields,
  enterprisesKey: string,
  context: z.RefinementCtx,
): void {
  const ticked = fields[enterprisesKey];
  if (!Array.isArray(ticked)) return;
  const isTicked = (names: readonly string[]) => ticked.some((name) => names.includes(name));
  if (isTicked(herdEnterprises) && !fields.herd_size) {
    context.addIssue({
      code: "custom",
      path: ["herd_size"],
      message: accountMessages.herdSizeRequired,
    });
  }
  if (isTicked(flockEnterprises) && !fields.flock_size) {
    context.addIssue({
      code: "custom",
      path: ["flock_size"],
      message: accountMessages.flockSizeRequired,
    });
  }
}

export function checkPasswordsMatch(
  fields: PartialFields,
  confirmationKey: string,
  message: string,
  context: z.RefinementCtx,
): void {
  const password = readText(fields, "password");
  const confirmation = readText(fields, confirmationKey);
  if (password && confirmation && password !== confirmation) {
    context.addIssue({ code: "custom", path: [confirmationKey], message });
  }
}
