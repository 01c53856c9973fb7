import {
  UpdateSettingsRequestSchema,
  accountMessages,
  islandCounties,
  settingsCountries,
  type CountryCallingCode,
  type ParsedUpdateSettingsRequest,
  type UpdateSettingsRequest,
  type UserProfile,
} from "@vaxcal/contracts";
import { isValidMobile } from "../../lib/mobile-number.ts";

/**
 * The settings form: the contracts' request schema (the server's texts), plus the live mobile
 * check that needs phone metadata the contracts do not carry.
 */
export const SettingsFormSchema = UpdateSettingsRequestSchema.superRefine(
  (value, context) => {
    const typed = typeof value.phone_number === "string" ? value.phone_number : "";
    const countryCode = value.country_code === "+44" ? "+44" : "+353";
    if (typed.trim() !== "" && !isValidMobile(countryCode, typed)) {
      context.addIssue({
        code: "custom",
        path: ["phone_number"],
        message: accountMessages.mobileInvalid,
      });
    }
  },
  { when: (payload) => typeof payload.value === "object" && payload.value !== null },
);

export type SettingsFormValues = {
  name: string;
  surname: string;
  email: string;
  country_code: CountryCallingCode;
  phone_number: string;
  farmer_name: string;
  address1: string;
  address2: string;
  town: string;
  eircode: string;
  county: string;
  country: string;
  product_notifications: boolean;
  notify_email: boolean;
  notify_phone: boolean;
  herd_size: string | null;
  flock_size: string | null;
  vet_id: number | null;
  enterprises: string[];
  animals: string[];
  current_password: string;
  password: string;
  confirm_password: string;
};

/** Registration's 'Northern Ireland' is in the United Kingdom, the settings' word for it. */
function toSettingsCountry(country: string): string {
  if (country === "Northern Ireland") return "United Kingdom";
  return (settingsCountries as readonly string[]).includes(country) ? country : "";
}

export function toSettingsFormValues(user: UserProfile): SettingsFormValues {
  return {
    name: user.name,
    surname: user.surname,
    email: user.email ?? "",
    country_code: user.country_code ?? "+353",
    phone_number: user.phone_number ?? "",
    farmer_name: user.farmer_name ?? "",
    // The postal address is optional (decision 429): an account may have none yet.
    address1: user.address1 ?? "",
    address2: user.address2 ?? "",
    town: user.town ?? "",
    eircode: user.eircode ?? "",
    county: user.county && islandCounties.includes(user.county) ? user.county : "",
    country: toSettingsCountry(user.country),
    product_notifications: user.product_notifications,
    notify_email: user.notify_email,
    notify_phone: user.notify_phone,
    herd_size: user.herd_size,
    flock_size: user.flock_size,
    vet_id: user.vet_id,
    enterprises: user.enterprises.map((enterprise) => enterprise.name),
    animals: user.animals.map((animal) => animal.name),
    current_password: "",
    password: "",
    confirm_password: "",
  };
}

/**
 * Whether the save moves the e-mail or the mobile, which needs the current password. The server
 * decides on its normalised values; a leading 0 is the national prefix both ways.
 */
export function isContactChanged(
  parsed: Pick<ParsedUpdateSettingsRequest, "email" | "phone_number" | "country_code">,
  user: UserProfile,
): boolean {
  const national = (value: string | null | undefined) => (value ?? "").replace(/^0/, "");
  const phone = national(parsed.phone_number);
  return (
    (parsed.email ?? null) !== (user.email ?? null) ||
    phone !== national(user.phone_number) ||
    (phone !== "" && parsed.country_code !== user.country_code)
  );
}

/**
 * Whether the save links, changes or removes the vet practice, which gives or ends a practice's
 * access to the calendars, so it needs the current password too (decision 503).
 */
export function isVetChanged(
  parsed: Pick<ParsedUpdateSettingsRequest, "vet_id">,
  user: UserProfile,
) {
  return parsed.vet_id !== undefined && parsed.vet_id !== user.vet_id;
}

/** Whether the save needs the current password although no new password is set. */
export function needsCurrentPassword(parsed: ParsedUpdateSettingsRequest, user: UserProfile) {
  return isContactChanged(parsed, user) || isVetChanged(parsed, user);
}

/**
 * docs/product.md §7: the password goes only when it is being changed; the current password goes
 * with it, or alone when the e-mail, the mobile or the vet practice changes.
 */
export function toSettingsRequest(
  parsed: ParsedUpdateSettingsRequest,
  user: UserProfile,
): UpdateSettingsRequest {
  if (parsed.password) return parsed;
  const {
    current_password: currentPassword,
    password: _password,
    confirm_password: _confirm,
    ...rest
  } = parsed;
  return needsCurrentPassword(parsed, user) ? { ...rest, current_password: currentPassword } : rest;
}
