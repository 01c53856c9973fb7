import { z } from "zod";
import { Id, VetSchema } from "./reference.ts";

/**
 * Accounts: registration, login, verification, password reset and settings (spec §2–§5, §7, §8;
 * PRODUCT.md decisions 6, 7, 9 and 10). Payload field names follow the spec exactly (snake_case).
 *
 * The web form and the server validate with the same schemas, so both show the same texts. The
 * server adds the checks that need data the client does not have: the common-password list,
 * full phone-number metadata, and whether an e-mail or mobile is already registered.
 */

/** Every text the accounts API returns or the forms show. Spec texts are kept word for word. */
export const accountMessages = {
  // Registration step 1 (spec §5)
  nameRequired: "Please provide a name before continuing",
  surnameRequired: "Please provide a surname",
  /** PRODUCT.md decision 6: e-mail or mobile, not both. */
  emailOrMobileRequired: "Please fill in your email address or your mobile number",
  emailInvalid: "Please provide a valid email address.",
  emailTaken: "This email address is already registered. Please log in or reset your password.",
  mobileInvalid: "Please enter a valid UK or Irish mobile number.",
  mobileTaken: "This mobile number is already registered. Please log in or reset your password.",
  addressRequired: "Please provide an address.",
  townRequired: "Please provide a farm Town",
  eircodeRequired: "Please provide a farm Eircode",
  eircodeInvalid: "Please provide a valid Eircode, for example A65 F4E2",
  countyRequired: "Please select county",
  countryRequired: "Please select country",
  termsRequired: "You have to agree to our terms and conditions before continuing.",
  unsupportedCharacters: "Please use only letters, numbers and punctuation.",
  // Registration step 2 (spec §5; PRODUCT.md decision 9)
  passwordRequired: "Please provide a password before continuing.",
  passwordConfirmationRequired: "Please confirm your password before continuing.",
  passwordMismatch: "The two passwords must match.",
  passwordTooShort: "Your password must be at least 8 characters long.",
  passwordTooLong: "Your password must be at most 128 characters long.",
  passwordTooCommon: "This password is too common and easy to guess. Please choose another one.",
  // Registration step 3 (PRODUCT.md decision 10)
  herdSizeRequired: "Please select herd size",
  flockSizeRequired: "Please select flock size",
  choiceInvalid: "Please choose one of the options.",
  vetInvalid: "Please choose a vet practice from the list.",
  registered: "You have successfully registered, we will be in touch soon.",
  // Login and logout
  usernameRequired: "Please enter your email address or mobile number.",
  loginPasswordRequired: "Please enter your password.",
  /** Says nothing about whether the account exists. */
  loginFailed: "The email address, mobile number or password is not correct.",
  loginThrottled: "Too many failed login attempts. Please wait a minute and try again.",
  loggedOut: "You’ve been logged out!",
  unauthenticated: "Please log in to continue.",
  // E-mail verification
  emailVerified: "Successfully verified your email address! You can now receive notifications.",
  emailVerificationInvalid:
    "This verification link is not valid or has expired. Please ask for a new one from your account settings.",
  emailAlreadyVerified: "Your email address is already verified.",
  emailVerificationSent: "We have sent a new verification link to your email address.",
  noEmailOnAccount: "There is no email address on your account. Please add one in your settings.",
  // Mobile verification
  mobileVerified: "Successfully verified your mobile number. You can now receive notifications.",
  mobileCodeFormat: "Please enter the 6-digit code from the text message.",
  mobileCodeInvalid:
    "This code is not correct or has expired. Please check the text message or ask for a new code.",
  mobileAlreadyVerified: "Your mobile number is already verified.",
  mobileCodeSent: "We have sent a new verification code to your mobile.",
  noMobileOnAccount: "There is no mobile number on your account. Please add one in your settings.",
  // Password reset
  resetEmailRequired: "Please fill in your email address",
  /** The same answer whether or not an account uses the address. */
  resetLinkSent:
    "If this email address belongs to an account, we have sent it a link to reset the password. The link works for 60 minutes.",
  resetTokenInvalid: "Invalid or expired token. Please request a new password reset.",
  passwordReset: "Your password has been reset. You are now logged in.",
  // Settings (spec §5 "Account settings")
  settingsPasswordMismatch: "Passwords do not match",
  currentPasswordRequired: "Please enter your current password to set a new one.",
  currentPasswordWrong: "Your current password is not correct.",
  notifyEmailNeedsEmail: "Please add an email address to receive email notifications.",
  notifyPhoneNeedsPhone: "Please add a mobile number to receive text notifications.",
  contactRequired: "Please keep an email address or a mobile number on your account.",
  // Throttling of the other account calls
  tooManyRequests: "Too many requests. Please wait a few minutes and try again.",
} as const;

/** A limit that a caller can reach with ordinary typing shows which field is too long. */
export function describeTooLong(maxLength: number): string {
  return `Please use at most ${maxLength} characters.`;
}

export const RoleName = {
  farmer: "FARMER",
  vetManager: "VET_MANAGER",
  admin: "ADMIN",
} as const;
export type RoleName = (typeof RoleName)[keyof typeof RoleName];

/** The 26 counties of the Republic, offered at registration (spec §9). */
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

/** The 32 counties of the island, offered in account settings (spec §9). */
export const islandCounties = [...republicCounties, ...northernIrelandCounties].sort() as [
  string,
  ...string[],
];

export const registrationCountries = ["Ireland", "Northern Ireland", "Other"] as const;
export type RegistrationCountry = (typeof registrationCountries)[number];

export const settingsCountries = ["Ireland", "United Kingdom"] as const;
export type SettingsCountry = (typeof settingsCountries)[number];

/** Only Irish and UK mobiles are accepted (spec §5). */
export const countryCallingCodes = ["+353", "+44"] as const;
export type CountryCallingCode = (typeof countryCallingCodes)[number];

/** Herd and flock size bands (spec §9). */
export const farmSizeBands = ["1-50", "51-100", "101-200", "200+"] as const;
export type FarmSizeBand = (typeof farmSizeBands)[number];

/** Enterprise options by name (spec §3); Dairy and Beef ask for herd size, Sheep for flock size. */
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

/** PRODUCT.md decision 9: length only, plus the server's common-password list. */
export const passwordPolicy = { minLength: 8, maxLength: 128 } as const;

/** Field limits, generous for real names and addresses, small enough to refuse junk. */
export const fieldLimits = {
  name: 100,
  email: 254,
  farmName: 150,
  address: 150,
  town: 100,
  eircode: 10,
  county: 100,
  loginUsername: 254,
  loginPassword: 1024,
} as const;

/** Counts code points, so an emoji is one character as a person would count it. */
function countCharacters(value: string): number {
  return [...value].length;
}

/** Null when the password meets the policy, else the message to show. */
export function describePasswordProblem(password: string): string | null {
  if (password.length === 0) return accountMessages.passwordRequired;
  const length = countCharacters(password);
  if (length < passwordPolicy.minLength) return accountMessages.passwordTooShort;
  if (length > passwordPolicy.maxLength) return accountMessages.passwordTooLong;
  // Control characters cannot be typed, and NUL breaks some hashing libraries.
  if (/\p{Cc}/u.test(password)) return accountMessages.unsupportedCharacters;
  return null;
}

/**
 * Text people type into a form: letters with fadas, digits, punctuation and spaces. Control and
 * format characters (NUL, right-to-left overrides, zero-width joiners), emoji and private-use
 * characters are refused: they spoof or break names printed on calendars and in e-mails.
 */
const unsupportedTextPattern =
  /[\p{Cc}\p{Cf}\p{Co}\p{Cs}\p{Cn}\p{Zl}\p{Zp}\p{Extended_Pictographic}]/u;

export function isPlainText(value: string): boolean {
  return !unsupportedTextPattern.test(value);
}

/** A required text field: missing, wrong type and blank all show `requiredMessage`. */
function requiredText(requiredMessage: string, maxLength: number) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .refine((value) => countCharacters(value) <= maxLength, describeTooLong(maxLength))
    .refine(isPlainText, accountMessages.unsupportedCharacters);
}

/** An optional text field: absent, null and blank all mean "none". */
function optionalText(maxLength: number) {
  return z
    .string({ error: accountMessages.unsupportedCharacters })
    .trim()
    .refine((value) => countCharacters(value) <= maxLength, describeTooLong(maxLength))
    .refine(isPlainText, accountMessages.unsupportedCharacters)
    .nullish()
    .transform((value) => (value ? value : null));
}

// A pragmatic address check: one @, no spaces, a dotted domain. Delivery proves the rest.
const emailPattern = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** Lower-cased so that one address is one account whatever its capitals. */
function normaliseEmail(value: string): string {
  return value.trim().toLowerCase();
}

/** E-mail, optional: absent, null and blank mean "none"; anything else must look like one. */
const OptionalEmailSchema = z
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

/** Spaces, dashes, dots and brackets are dropped; the spec sends digits only (spec §3). */
function stripPhoneFormatting(value: string): string {
  return value.replace(/[\s\-.()]/g, "");
}

/** A national mobile number: 2 to 17 digits (spec §5); the server checks it is a real mobile. */
const OptionalPhoneNumberSchema = z
  .string({ error: accountMessages.mobileInvalid })
  .transform(stripPhoneFormatting)
  .refine((value) => value === "" || /^\d{2,17}$/.test(value), accountMessages.mobileInvalid)
  .nullish()
  .transform((value) => (value ? value : null));

const CountryCallingCodeSchema = z.enum(countryCallingCodes, {
  error: accountMessages.mobileInvalid,
});

const FarmSizeSchema = z.enum(farmSizeBands, { error: accountMessages.choiceInvalid }).nullish();

const EnterpriseListSchema = z
  .array(z.enum(enterpriseNames, { error: accountMessages.choiceInvalid }), {
    error: accountMessages.choiceInvalid,
  })
  .max(enterpriseNames.length)
  .transform((names) => [...new Set(names)]);

const AnimalListSchema = z
  .array(z.enum(animalNames, { error: accountMessages.choiceInvalid }), {
    error: accountMessages.choiceInvalid,
  })
  .max(animalNames.length)
  .transform((names) => [...new Set(names)]);

const VetIdSchema = z
  .number({ error: accountMessages.vetInvalid })
  .int(accountMessages.vetInvalid)
  .positive(accountMessages.vetInvalid)
  .nullish()
  .transform((value) => value ?? null);

const PasswordSchema = z
  .string({ error: accountMessages.passwordRequired })
  .superRefine((value, context) => {
    const problem = describePasswordProblem(value);
    if (problem) context.addIssue({ code: "custom", message: problem });
  });

/** The routing key and unique identifier of an Eircode, with or without the space. */
const eircodePattern = /^(?:[AC-FHKNPRTV-Y]\d{2}|D6W) ?[0-9AC-FHKNPRTV-Y]{4}$/i;

/** Upper case with one space, as An Post prints it. */
export function formatEircode(value: string): string {
  const compact = value.replace(/\s+/g, "").toUpperCase();
  return eircodePattern.test(compact) ? `${compact.slice(0, 3)} ${compact.slice(3)}` : value;
}

/**
 * Cross-field checks run even when single fields failed, so a form shows every problem at once.
 * They therefore read the half-parsed object defensively.
 */
const evenWithFieldErrors = {
  when: (payload: { value: unknown }) =>
    typeof payload.value === "object" && payload.value !== null,
};

type PartialFields = Partial<Record<string, unknown>>;

function isAbsent(value: unknown): boolean {
  return value === undefined || value === null || value === "";
}

function readText(fields: PartialFields, key: string): string {
  const value = fields[key];
  return typeof value === "string" ? value : "";
}

/** Republic addresses take a county from the list and a real Eircode; others are free text. */
function checkIrishAddress(fields: PartialFields, context: z.RefinementCtx): void {
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

/** PRODUCT.md decision 10: a ticked enterprise needs its herd or flock size. */
function checkFarmSizes(
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

function checkPasswordsMatch(
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

/**
 * POST /api/register: the farmer registration payload (spec §3). `username` is accepted for
 * compatibility and ignored: the server derives it (the e-mail, else the mobile's digits).
 */
export const RegisterRequestSchema = z
  .object({
    name: requiredText(accountMessages.nameRequired, fieldLimits.name),
    surname: requiredText(accountMessages.surnameRequired, fieldLimits.name),
    email: OptionalEmailSchema,
    country_code: CountryCallingCodeSchema.default("+353"),
    phone_number: OptionalPhoneNumberSchema,
    farmer_name: optionalText(fieldLimits.farmName),
    address1: requiredText(accountMessages.addressRequired, fieldLimits.address),
    address2: optionalText(fieldLimits.address),
    town: requiredText(accountMessages.townRequired, fieldLimits.town),
    eircode: requiredText(accountMessages.eircodeRequired, fieldLimits.eircode).transform(
      formatEircode,
    ),
    county: requiredText(accountMessages.countyRequired, fieldLimits.county),
    country: z.enum(registrationCountries, { error: accountMessages.countryRequired }),
    agree_to_terms: z.literal(true, { error: accountMessages.termsRequired }),
    product_notifications: z.boolean({ error: accountMessages.choiceInvalid }).default(false),
    vaccination_notifications: z.boolean({ error: accountMessages.choiceInvalid }).default(false),
    username: z.unknown().optional(),
    password: PasswordSchema,
    password_confirmation: z
      .string({ error: accountMessages.passwordConfirmationRequired })
      .min(1, accountMessages.passwordConfirmationRequired),
    user_enterprises: EnterpriseListSchema.default([]),
    user_animals: AnimalListSchema.default([]),
    herd_size: FarmSizeSchema,
    flock_size: FarmSizeSchema,
    vet_id: VetIdSchema,
  })
  .superRefine((value, context) => {
    const fields: PartialFields = value;
    // A field that failed its own check already has a message; only absence counts here.
    if (isAbsent(fields.email) && isAbsent(fields.phone_number)) {
      context.addIssue({
        code: "custom",
        path: ["email"],
        message: accountMessages.emailOrMobileRequired,
      });
    }
    checkPasswordsMatch(fields, "password_confirmation", accountMessages.passwordMismatch, context);
    checkIrishAddress(fields, context);
    checkFarmSizes(fields, "user_enterprises", context);
  }, evenWithFieldErrors);
export type RegisterRequest = z.input<typeof RegisterRequestSchema>;
export type ParsedRegisterRequest = z.output<typeof RegisterRequestSchema>;

export const RoleSchema = z.object({
  name: z.enum([RoleName.farmer, RoleName.vetManager, RoleName.admin]),
});
export type Role = z.infer<typeof RoleSchema>;

const TimestampSchema = z.iso.datetime({ offset: true });

/** GET /api/user: the user profile (spec §3). Never carries a password. */
export const UserProfileSchema = z.object({
  id: Id,
  /** The e-mail, or the mobile's digits when there is no e-mail (spec §3). */
  username: z.string(),
  name: z.string(),
  surname: z.string(),
  email: z.string().nullable(),
  country_code: z.enum(countryCallingCodes).nullable(),
  /** The national number, digits only, without the leading 0, e.g. `871234567`. */
  phone_number: z.string().nullable(),
  /** The same mobile in E.164, e.g. `+353871234567`. */
  phone: z.string().nullable(),
  farmer_name: z.string().nullable(),
  address1: z.string(),
  address2: z.string().nullable(),
  town: z.string(),
  eircode: z.string(),
  county: z.string(),
  country: z.string(),
  product_notifications: z.boolean(),
  notify_email: z.boolean(),
  notify_phone: z.boolean(),
  herd_size: z.enum(farmSizeBands).nullable(),
  flock_size: z.enum(farmSizeBands).nullable(),
  vet: VetSchema.nullable(),
  vet_id: Id.nullable(),
  enterprises: z.array(z.object({ id: Id, name: z.string() })),
  animals: z.array(z.object({ id: Id, name: z.string() })),
  email_verified_at: TimestampSchema.nullable(),
  phone_verified_at: TimestampSchema.nullable(),
  roles: z.array(RoleSchema),
});
export type UserProfile = z.infer<typeof UserProfileSchema>;

/** An opaque bearer token, sent back as `Authorization: Bearer <token>`. */
export const AuthTokenSchema = z.string().min(1);

export const AuthResponseSchema = z.object({ user: UserProfileSchema, token: AuthTokenSchema });
export type AuthResponse = z.infer<typeof AuthResponseSchema>;

export const RegisterResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  user: UserProfileSchema,
  token: AuthTokenSchema,
});
export type RegisterResponse = z.infer<typeof RegisterResponseSchema>;

export const MessageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponseSchema>;

/** POST /api/login. `username` is the e-mail or the mobile in any common form. */
export const LoginRequestSchema = z.object({
  username: z
    .string({ error: accountMessages.usernameRequired })
    .trim()
    .min(1, accountMessages.usernameRequired)
    .max(fieldLimits.loginUsername, describeTooLong(fieldLimits.loginUsername)),
  password: z
    .string({ error: accountMessages.loginPasswordRequired })
    .min(1, accountMessages.loginPasswordRequired)
    .max(fieldLimits.loginPassword, describeTooLong(fieldLimits.loginPassword)),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

/**
 * GET /api/email/verify/:id/:hash, where hash is `{expires}.{signature}`: the expiry is inside the
 * link and covered by its signature. The server checks both parts itself, so that every bad link
 * (malformed, tampered, expired) gets the one message `emailVerificationInvalid`.
 */
export const EmailVerificationParamsSchema = z.object({
  id: z.string().max(32),
  hash: z.string().max(256),
});
export type EmailVerificationParams = z.infer<typeof EmailVerificationParamsSchema>;

/** POST /api/mobile/verify, for the logged-in user (the code alone is too guessable). */
export const MobileVerificationRequestSchema = z.object({
  code: z
    .string({ error: accountMessages.mobileCodeFormat })
    .transform((value) => value.replace(/\s/g, ""))
    .refine((value) => /^\d{6}$/.test(value), accountMessages.mobileCodeFormat),
});
export type MobileVerificationRequest = z.input<typeof MobileVerificationRequestSchema>;

/** A required e-mail: one message for "missing", another for "not an address". */
const ResetEmailSchema = z
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

/** A reset token as sent in the link: 43 URL-safe characters (256 bits). */
const ResetTokenSchema = z
  .string({ error: accountMessages.resetTokenInvalid })
  .regex(/^[A-Za-z0-9_-]{43}$/, accountMessages.resetTokenInvalid);

/** POST /password/reset (spec §7); also served as /api/password/reset. */
export const PasswordResetRequestSchema = z.object({ email: ResetEmailSchema });
export type PasswordResetRequest = z.input<typeof PasswordResetRequestSchema>;

/** POST /api/password/verify-token */
export const VerifyResetTokenRequestSchema = z.object({
  email: ResetEmailSchema,
  token: ResetTokenSchema,
});
export type VerifyResetTokenRequest = z.input<typeof VerifyResetTokenRequestSchema>;

export const VerifyResetTokenResponseSchema = z.object({
  valid: z.boolean(),
  /** Present when the token is not valid: the spec's text to show. */
  message: z.string().optional(),
});
export type VerifyResetTokenResponse = z.infer<typeof VerifyResetTokenResponseSchema>;

/** POST /api/password/reset/confirm: answers like login, and ends every other session. */
export const ConfirmPasswordResetRequestSchema = z
  .object({
    email: ResetEmailSchema,
    token: ResetTokenSchema,
    password: PasswordSchema,
    password_confirmation: z
      .string({ error: accountMessages.passwordConfirmationRequired })
      .min(1, accountMessages.passwordConfirmationRequired),
  })
  .superRefine((value, context) => {
    checkPasswordsMatch(value, "password_confirmation", accountMessages.passwordMismatch, context);
  }, evenWithFieldErrors);
export type ConfirmPasswordResetRequest = z.input<typeof ConfirmPasswordResetRequestSchema>;

/** Logs in like login does, with the text to show (`passwordReset`). */
export const ConfirmPasswordResetResponseSchema = AuthResponseSchema.extend({
  message: z.string(),
});
export type ConfirmPasswordResetResponse = z.infer<typeof ConfirmPasswordResetResponseSchema>;

/** GET /api/check-user-exists?email= */
export const CheckUserExistsQuerySchema = z.object({ email: ResetEmailSchema });
export const CheckUserExistsResponseSchema = z.object({
  userExist: z.boolean(),
  email: z.string(),
});
export type CheckUserExistsResponse = z.infer<typeof CheckUserExistsResponseSchema>;

/**
 * PUT /api/user/settings. Absent fields keep their value, so a client may send the whole form or
 * only what changed; `null` or `""` clears an optional field. A new password needs the current
 * one. A changed e-mail or mobile loses its verification and gets a new link or code.
 */
export const UpdateSettingsRequestSchema = z
  .object({
    name: requiredText(accountMessages.nameRequired, fieldLimits.name).optional(),
    surname: requiredText(accountMessages.surnameRequired, fieldLimits.name).optional(),
    email: OptionalEmailSchema.optional(),
    country_code: CountryCallingCodeSchema.optional(),
    phone_number: OptionalPhoneNumberSchema.optional(),
    farmer_name: optionalText(fieldLimits.farmName).optional(),
    address1: requiredText(accountMessages.addressRequired, fieldLimits.address).optional(),
    address2: optionalText(fieldLimits.address).optional(),
    town: requiredText(accountMessages.townRequired, fieldLimits.town).optional(),
    eircode: requiredText(accountMessages.eircodeRequired, fieldLimits.eircode)
      .transform(formatEircode)
      .optional(),
    county: z.enum(islandCounties, { error: accountMessages.countyRequired }).optional(),
    country: z.enum(settingsCountries, { error: accountMessages.countryRequired }).optional(),
    product_notifications: z.boolean({ error: accountMessages.choiceInvalid }).optional(),
    notify_email: z.boolean({ error: accountMessages.choiceInvalid }).optional(),
    notify_phone: z.boolean({ error: accountMessages.choiceInvalid }).optional(),
    herd_size: FarmSizeSchema.optional(),
    flock_size: FarmSizeSchema.optional(),
    vet_id: VetIdSchema.optional(),
    enterprises: EnterpriseListSchema.optional(),
    animals: AnimalListSchema.optional(),
    current_password: z.string({ error: accountMessages.currentPasswordRequired }).optional(),
    /** Sent only when the user changes it (spec §7). */
    password: z
      .string({ error: accountMessages.passwordRequired })
      .nullish()
      .transform((value) => (value ? value : null)),
    confirm_password: z.string({ error: accountMessages.settingsPasswordMismatch }).nullish(),
  })
  .superRefine((value, context) => {
    const fields: PartialFields = value;
    const password = readText(fields, "password");
    if (!password) return;
    const problem = describePasswordProblem(password);
    if (problem) context.addIssue({ code: "custom", path: ["password"], message: problem });
    if (password !== readText(fields, "confirm_password")) {
      context.addIssue({
        code: "custom",
        path: ["confirm_password"],
        message: accountMessages.settingsPasswordMismatch,
      });
    }
    if (!readText(fields, "current_password")) {
      context.addIssue({
        code: "custom",
        path: ["current_password"],
        message: accountMessages.currentPasswordRequired,
      });
    }
  }, evenWithFieldErrors);
export type UpdateSettingsRequest = z.input<typeof UpdateSettingsRequestSchema>;
export type ParsedUpdateSettingsRequest = z.output<typeof UpdateSettingsRequestSchema>;

/** Every accounts call, so the web app never spells a path twice. */
export const accountPaths = {
  register: "/api/register",
  login: "/api/login",
  logout: "/api/logout",
  user: "/api/user",
  settings: "/api/user/settings",
  emailVerify: "/api/email/verify/:id/:hash",
  emailVerificationNotification: "/api/email/verification-notification",
  mobileVerify: "/api/mobile/verify",
  mobileVerifyResend: "/api/mobile/verify/resend",
  /** The spec's path (§7); `/api/password/reset` is the same call behind the dev proxy. */
  passwordReset: "/password/reset",
  passwordResetApi: "/api/password/reset",
  passwordVerifyToken: "/api/password/verify-token",
  passwordResetConfirm: "/api/password/reset/confirm",
  checkUserExists: "/api/check-user-exists",
} as const;

/** Timings callers and texts depend on. */
export const accountTimings = {
  emailVerificationLinkMinutes: 60,
  passwordResetLinkMinutes: 60,
  mobileCodeMinutes: 10,
  mobileCodeAttempts: 5,
  sessionIdleDays: 30,
  sessionAbsoluteDays: 90,
  loginFailuresPerMinute: 5,
} as const;
