import { z } from "zod";
import { Id, VetSchema } from "../reference.ts";
import { securityMessages } from "../security.ts";
import {
  AnimalListSchema,
  CountryCallingCodeSchema,
  EnterpriseListSchema,
  FarmSizeSchema,
  OptionalEircodeSchema,
  OptionalEmailSchema,
  OptionalPhoneNumberSchema,
  PasswordSchema,
  ResetContactSchema,
  ResetEmailSchema,
  ResetTokenSchema,
  VetIdSchema,
  checkFarmSizes,
  checkIrishAddress,
  checkPasswordsMatch,
  evenWithFieldErrors,
  isAbsent,
  optionalText,
  readText,
  requiredText,
  type PartialFields,
} from "./fields.ts";
import {
  countryCallingCodes,
  farmSizeBands,
  islandCounties,
  RoleName,
  registrationCountries,
  settingsCountries,
} from "./lists.ts";
import { accountMessages, describeTooLong } from "./messages.ts";
import { describePasswordProblem, fieldLimits } from "./policies.ts";

/**
 * POST /api/register: the farmer registration payload (docs/product.md §3). `username` is accepted
 * for compatibility and ignored: the server derives it (the e-mail, else the mobile's digits).
 */
export const RegisterRequestSchema = z
  .object({
    name: requiredText(accountMessages.nameRequired, fieldLimits.name),
    surname: requiredText(accountMessages.surnameRequired, fieldLimits.name),
    email: OptionalEmailSchema,
    country_code: CountryCallingCodeSchema.default("+353"),
    phone_number: OptionalPhoneNumberSchema,
    farmer_name: optionalText(fieldLimits.farmName),
    // Decision 429: the postal address is optional at sign-up and can be added in the settings.
    address1: optionalText(fieldLimits.address),
    address2: optionalText(fieldLimits.address),
    town: optionalText(fieldLimits.town),
    eircode: OptionalEircodeSchema,
    county: optionalText(fieldLimits.county),
    country: z
      .enum(registrationCountries, { error: accountMessages.countryRequired })
      .default("Ireland"),
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
  name: z.enum([RoleName.farmer, RoleName.vetManager, RoleName.vet, RoleName.admin]),
});
export type Role = z.infer<typeof RoleSchema>;

const TimestampSchema = z.iso.datetime({ offset: true });

/** GET /api/user: the user profile (docs/product.md §3). Never carries a password. */
export const UserProfileSchema = z.object({
  id: Id,
  /** The e-mail, or the mobile's digits when there is no e-mail (docs/product.md §3). */
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
  /** The postal address is optional (decision 429): null until the farmer adds it. */
  address1: z.string().nullable(),
  address2: z.string().nullable(),
  town: z.string().nullable(),
  eircode: z.string().nullable(),
  county: z.string().nullable(),
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
  /**
   * A new e-mail or mobile (E.164) asked for in the settings: it replaces the current one only
   * once the link or code sent to it is used (docs/product.md D21).
   */
  pending_email: z.string().nullable(),
  pending_phone: z.string().nullable(),
  /**
   * The version of the terms and privacy notice this account last agreed to (docs/product.md
   * D18); the finish popup asks again only when it is not `currentTermsVersion`.
   */
  terms_version: z.string().nullable(),
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

/** POST /password/reset (docs/product.md §7); also served as /api/password/reset. */
/**
 * POST /password/reset. The spec's field is `email`; it takes the e-mail or the mobile the account
 * was registered with (decision 202), and the link goes there.
 */
export const PasswordResetRequestSchema = z.object({ email: ResetContactSchema });
export type PasswordResetRequest = z.input<typeof PasswordResetRequestSchema>;

/** POST /api/password/verify-token */
export const VerifyResetTokenRequestSchema = z.object({
  /** The e-mail, or the mobile (E.164), the link was sent to. */
  email: ResetContactSchema,
  token: ResetTokenSchema,
});
export type VerifyResetTokenRequest = z.input<typeof VerifyResetTokenRequestSchema>;

export const VerifyResetTokenResponseSchema = z.object({
  valid: z.boolean(),
  /** Present when the token is not valid: the spec's text to show. */
  message: z.string().optional(),
});
export type VerifyResetTokenResponse = z.infer<typeof VerifyResetTokenResponseSchema>;

/** POST /api/account/undo-contact-change: the token from the link sent to the old contact. */
export const UndoContactChangeRequestSchema = z.object({
  token: z
    .string({ error: securityMessages.contactUndoInvalid })
    .regex(/^[A-Za-z0-9_-]{43}$/, securityMessages.contactUndoInvalid),
});
export type UndoContactChangeRequest = z.input<typeof UndoContactChangeRequestSchema>;

/** POST /api/password/reset/confirm: answers like login, and ends every other session. */
export const ConfirmPasswordResetRequestSchema = z
  .object({
    /** The e-mail, or the mobile (E.164), the link was sent to. */
    email: ResetContactSchema,
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
    // Optional, like at sign-up (decision 429): a blank or null clears it.
    address1: optionalText(fieldLimits.address).optional(),
    address2: optionalText(fieldLimits.address).optional(),
    town: optionalText(fieldLimits.town).optional(),
    eircode: OptionalEircodeSchema.optional(),
    county: z
      .preprocess(
        (value) => (value === "" ? null : value),
        z.enum(islandCounties, { error: accountMessages.countyRequired }).nullable(),
      )
      .optional(),
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
    /** Sent only when the user changes it (docs/product.md §7). */
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
