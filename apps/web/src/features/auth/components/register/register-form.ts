import {
  RegisterRequestSchema,
  accountMessages,
  animalNames,
  enterpriseNames,
  type AnimalName,
  type EnterpriseName,
  type RegisterRequest,
} from "@vaxcal/contracts";
import type { RegistrationPrefill } from "../../../../stores/registration-prefill.ts";
import { isValidMobile } from "../../../../lib/mobile-number.ts";

/**
 * The registration wizard's form: the contracts' payload schema (so the form shows the server's
 * texts) plus the live mobile check, which needs phone metadata the contracts do not carry.
 */
export const RegisterFormSchema = RegisterRequestSchema.superRefine(
  (value, context) => {
    const typed = typeof value.phone_number === "string" ? value.phone_number : "";
    const countryCode = value.country_code === "+44" ? "+44" : "+353";
    if (typed !== "" && !isValidMobile(countryCode, typed)) {
      context.addIssue({
        code: "custom",
        path: ["phone_number"],
        message: accountMessages.mobileInvalid,
      });
    }
  },
  // Runs even when other fields failed, so Next shows every problem at once.
  { when: (payload) => typeof payload.value === "object" && payload.value !== null },
);

/** What the fields hold while the farmer types; the terms box starts unticked. */
export type RegisterFormValues = Omit<RegisterRequest, "agree_to_terms" | "username"> & {
  agree_to_terms: boolean;
};

export const emptyRegistration: RegisterFormValues = {
  name: "",
  surname: "",
  email: "",
  country_code: "+353",
  phone_number: "",
  farmer_name: "",
  address1: "",
  address2: "",
  town: "",
  eircode: "",
  county: "",
  country: "Ireland",
  agree_to_terms: false,
  product_notifications: false,
  vaccination_notifications: false,
  password: "",
  password_confirmation: "",
  user_enterprises: [],
  user_animals: [],
  herd_size: null,
  flock_size: null,
  vet_id: null,
};

/**
 * A fresh wizard with the farm step filled in from the visitor's calendar: its enterprise and
 * animal are ticked, so the farmer is not asked again what the calendar already says. Names the
 * registration does not know are left out.
 */
export function fillFromCalendar(prefill: RegistrationPrefill | null): RegisterFormValues {
  if (prefill === null) return emptyRegistration;
  const enterprises = prefill.enterprises.filter((name): name is EnterpriseName =>
    (enterpriseNames as readonly string[]).includes(name),
  );
  const animals = prefill.animals.filter((name): name is AnimalName =>
    (animalNames as readonly string[]).includes(name),
  );
  return { ...emptyRegistration, user_enterprises: enterprises, user_animals: animals };
}

export type RegisterFieldName = keyof RegisterFormValues;

/** The optional farm name and postal address (decision 429), folded away on step 1. */
export const addressFields = [
  "farmer_name",
  "address1",
  "address2",
  "town",
  "eircode",
  "county",
  "country",
] as const satisfies readonly RegisterFieldName[];

/**
 * The fields each step checks before moving on (decision 429): who the farmer is and the farm on
 * step 1, with the optional farm name and address folded away; the password, the terms and the
 * consents on step 2, so whatever the server says of the password shows where it was typed.
 */
export const stepFields: Record<RegisterStep, readonly RegisterFieldName[]> = {
  1: [
    "name",
    "surname",
    "email",
    "country_code",
    "phone_number",
    "user_enterprises",
    "user_animals",
    "herd_size",
    "flock_size",
    "vet_id",
    ...addressFields,
  ],
  2: [
    "password",
    "password_confirmation",
    "agree_to_terms",
    "product_notifications",
    "vaccination_notifications",
  ],
};

export const registerSteps = [1, 2] as const;
export type RegisterStep = (typeof registerSteps)[number];
export const registerStepCount = registerSteps.length;

/** The earliest step holding one of these fields, so a server error can be shown beside it. */
export function findStepOf(fields: readonly string[]): RegisterStep | null {
  for (const step of registerSteps) {
    if (stepFields[step].some((name) => fields.includes(name))) return step;
  }
  return null;
}
