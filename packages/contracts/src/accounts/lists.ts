export const RoleName = {
  farmer: "FARMER",
  vetManager: "VET_MANAGER",
  /** A vet who joined a practice through an invite (decision 501). */
  vet: "VET",
  admin: "ADMIN",
} as const;
export type RoleName = (typeof RoleName)[keyof typeof RoleName];

/** The 26 counties of the Republic, offered at registration (docs/product.md §9). */
export const republicCounties = [
  "Carlow",
  "Cavan",
  "Clare",
  "Cork",
  "Donegal",
  "Dublin",
  "Galway",
  "Kerry",
  "Kildare",
  "Kilkenny",
  "Laois",
  "Leitrim",
  "Limerick",
  "Longford",
  "Louth",
  "Mayo",
  "Meath",
  "Monaghan",
  "Offaly",
  "Roscommon",
  "Sligo",
  "Tipperary",
  "Waterford",
  "Westmeath",
  "Wexford",
  "Wicklow",
] as const;

export const northernIrelandCounties = [
  "Antrim",
  "Armagh",
  "Derry",
  "Down",
  "Fermanagh",
  "Tyrone",
] as const;

/** The 32 counties of the island, offered in account settings (docs/product.md §9). */
export const islandCounties = [...republicCounties, ...northernIrelandCounties].sort() as [
  string,
  ...string[],
];

export const registrationCountries = ["Ireland", "Northern Ireland", "Other"] as const;
export type RegistrationCountry = (typeof registrationCountries)[number];

export const settingsCountries = ["Ireland", "United Kingdom"] as const;
export type SettingsCountry = (typeof settingsCountries)[number];

/** Only Irish and UK mobiles are accepted (docs/product.md §5). */
export const countryCallingCodes = ["+353", "+44"] as const;
export type CountryCallingCode = (typeof countryCallingCodes)[number];

/** Herd and flock size bands (docs/product.md §9). */
export const farmSizeBands = ["1-50", "51-100", "101-200", "200+"] as const;
export type FarmSizeBand = (typeof farmSizeBands)[number];

/**
 * Enterprise options by name (docs/product.md §3); Dairy and Beef ask for herd size, Sheep for
 * flock size.
 */
/**
 * docs/product.md D18: the version of the terms and privacy notice in force. Change it when the
 * terms change, and every account is asked to agree once more at its next calendar save.
 */
export const currentTermsVersion = "2026-01";

export const enterpriseNames = ["Dairy", "Beef", "Sheep"] as const;
export type EnterpriseName = (typeof enterpriseNames)[number];
export const herdEnterprises: readonly EnterpriseName[] = ["Dairy", "Beef"];
export const flockEnterprises: readonly EnterpriseName[] = ["Sheep"];

export const animalNames = [
  "Cows",
  "Replacement Heifers",
  "Weanlings",
  "Calves",
  "Ewes",
  "Lamb",
  "Hoggets",
  "Ram",
] as const;
export type AnimalName = (typeof animalNames)[number];
