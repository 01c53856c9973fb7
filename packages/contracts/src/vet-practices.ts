import { z } from "zod";
import {
  UserProfileSchema,
  AuthTokenSchema,
  fieldLimits,
  islandCounties,
  describePasswordProblem,
  accountMessages,
  RoleName,
} from "./accounts.ts";
import {
  countCharacters,
  emailPattern,
  normaliseEmail,
  stripPhoneFormatting,
} from "./accounts/text.ts";
import { isPlainText } from "./accounts/policies.ts";
import { describeTooLong } from "./accounts/messages.ts";
import { Id, largestId } from "./reference.ts";

/*
 * Vet practices (docs/product.md §2 'Vet register', §5 'Vet registration', §8; D3, D11, D16 and
 * decision 501): registration, invites, members, the dashboard and doses due across clients.
 * The vet registration payload keeps the spec's snake_case names, except `territoryManagerId`.
 */

/** Every vet registration text of docs/product.md §5 and §8, word for word, and our own. */
export const vetPracticeMessages = {
  practiceNameRequired: "Please provide a vet practice name before continuing.",
  practiceEmailInvalid: "Please provide a valid email address.",
  mobileInvalid: "Please provide a valid mobile number.",
  veterinarianNameRequired: "Please provide the veterinarian's name.",
  veterinarianSurnameRequired: "Please provide the veterinarian's surname.",
  address1Required: "Please provide the first line of the address.",
  townRequired: "Please provide the town name.",
  eircodeRequired: "Please provide the eircode.",
  countyRequired: "Please select a county.",
  countryRequired: "Please select a country.",
  vciNumberRequired: "Please provide the VCI number.",
  termsRequired: "You need to agree to the terms before continuing.",
  passwordRequired: "Please provide a password before continuing.",
  passwordConfirmationRequired: "Please confirm your password before continuing.",
  inviteEmailInvalid: "Please provide a valid email.",
  // docs/product.md §8
  registrationFailed: "Registration failed",
  failedToRegister: "Failed to register: ",
  anErrorOccurred: "An error occurred",
  incompleteData: "Registration failed, incomplete data.",
  // Our own
  registered:
    "Thank you for registering your vet practice. Please confirm your practice's email address from the link we sent.",
  practiceEmailTaken:
    "This email address is already registered. Please log in or reset your password.",
  territoryManagerInvalid: "Please choose a territory manager from the list.",
  tooManyInvites: "Please invite at most 20 vets at a time.",
  inviteInvalid:
    "This invitation is not valid, has expired or was already used. Please ask your practice to send a new one.",
  inviteEmailTaken:
    "This email address already has a VaxCal account. Please ask your practice to invite another address.",
  invitesSent: "The invitations have been sent.",
  inviteResent: "The invitation has been sent again.",
  inviteCancelled: "The invitation has been cancelled.",
  inviteNotFound: "This invitation no longer exists.",
  alreadyMember: "This vet is already a member of your practice.",
  memberRemoved: "The vet has been removed from your practice.",
  memberNotFound: "This vet is not a member of your practice.",
  cannotRemoveManager: "The practice manager cannot be removed.",
  joined: "Welcome to your practice on VaxCal.",
  notAVet: "This page is for vet practices. Please log in with your practice's account.",
  managerOnly: "Only the practice manager can manage the members.",
  weekNotFound: "There are no doses due that week.",
  /** Decision 503: a practice nobody has proved the e-mail of cannot invite, nor be linked. */
  practiceEmailUnverified:
    "Please confirm your practice's email address first, with the link we sent to it. Until then you cannot invite vets, and farmers cannot find or choose your practice.",
} as const;

/** docs/product.md §9: vet registration offers Ireland and Northern Ireland. */
export const vetRegistrationCountries = ["Ireland", "Northern Ireland"] as const;

/**
 * D3: the dashboard's doses due look this many weeks ahead; invites are limited per request, and
 * the invite e-mails (re-sent ones too) per practice in any 24 hours.
 */
export const vetPracticeLimits = {
  dosesDueWeeks: 8,
  invitesPerRequest: 20,
  invitesPerDay: 20,
  inviteLinkDays: 7,
  vciNumber: 20,
  landline: 20,
} as const;

function requiredVetText(message: string, maxLength: number) {
  return z
    .string({ error: message })
    .trim()
    .min(1, message)
    .refine((value) => countCharacters(value) <= maxLength, describeTooLong(maxLength))
    .refine(isPlainText, accountMessages.unsupportedCharacters);
}

function optionalVetText(maxLength: number) {
  return z
    .string({ error: accountMessages.unsupportedCharacters })
    .trim()
    .refine((value) => countCharacters(value) <= maxLength, describeTooLong(maxLength))
    .refine(isPlainText, accountMessages.unsupportedCharacters)
    .nullish()
    .transform((value) => (value ? value : null));
}

function requiredEmail(message: string) {
  return z
    .string({ error: message })
    .trim()
    .refine(
      (value) => countCharacters(value) <= fieldLimits.email && emailPattern.test(value),
      message,
    )
    .transform(normaliseEmail);
}

/** A mobile as typed: national (`087 123 4567`) or international (`+44 7…`); the server parses it. */
const MobileNumberSchema = z
  .string({ error: vetPracticeMessages.mobileInvalid })
  .transform(stripPhoneFormatting)
  .refine((value) => /^\+?\d{7,17}$/.test(value), vetPracticeMessages.mobileInvalid);

function passwordField(requiredMessage: string) {
  return z.string({ error: requiredMessage }).superRefine((value, context) => {
    if (value === "") {
      context.addIssue({ code: "custom", message: requiredMessage });
      return;
    }
    const problem = describePasswordProblem(value);
    if (problem) context.addIssue({ code: "custom", message: problem });
  });
}

const passwordConfirmation = z
  .string({ error: vetPracticeMessages.passwordConfirmationRequired })
  .min(1, vetPracticeMessages.passwordConfirmationRequired);

function checkConfirmation(
  value: { password?: unknown; password_confirmation?: unknown },
  context: z.RefinementCtx,
) {
  if (
    typeof value.password === "string" &&
    typeof value.password_confirmation === "string" &&
    value.password_confirmation !== "" &&
    value.password !== value.password_confirmation
  ) {
    context.addIssue({
      code: "custom",
      path: ["password_confirmation"],
      message: accountMessages.passwordMismatch,
    });
  }
}

const evenWithFieldErrors = {
  when: (payload: { value: unknown }) =>
    typeof payload.value === "object" && payload.value !== null,
};

/** The invited vets' e-mails: each must be an address; duplicates count once. */
export const InviteEmailsSchema = z
  .array(requiredEmail(vetPracticeMessages.inviteEmailInvalid), {
    error: vetPracticeMessages.inviteEmailInvalid,
  })
  .max(vetPracticeLimits.invitesPerRequest, vetPracticeMessages.tooManyInvites)
  .transform((emails) => [...new Set(emails)]);

/** Step 1 of the vet register modal: the practice and its veterinarian. */
export const VetPracticeDetailsSchema = z.object({
  vet_practice_name: requiredVetText(
    vetPracticeMessages.practiceNameRequired,
    fieldLimits.farmName,
  ),
  vet_practice_email: requiredEmail(vetPracticeMessages.practiceEmailInvalid),
  vet_practice_landline: optionalVetText(vetPracticeLimits.landline),
  mobile_number: MobileNumberSchema,
  veterinarian_name: requiredVetText(
    vetPracticeMessages.veterinarianNameRequired,
    fieldLimits.name,
  ),
  veterinarian_surname: requiredVetText(
    vetPracticeMessages.veterinarianSurnameRequired,
    fieldLimits.name,
  ),
  vci_number: requiredVetText(vetPracticeMessages.vciNumberRequired, vetPracticeLimits.vciNumber),
  address1: requiredVetText(vetPracticeMessages.address1Required, fieldLimits.address),
  address2: optionalVetText(fieldLimits.address),
  town: requiredVetText(vetPracticeMessages.townRequired, fieldLimits.town),
  county: z.enum(islandCounties, { error: vetPracticeMessages.countyRequired }),
  country: z.enum(vetRegistrationCountries, { error: vetPracticeMessages.countryRequired }),
  eircode: requiredVetText(vetPracticeMessages.eircodeRequired, fieldLimits.eircode).transform(
    (value) => value.toUpperCase(),
  ),
  agree_to_terms: z.literal(true, { error: vetPracticeMessages.termsRequired }),
  territoryManagerId: z
    .number({ error: vetPracticeMessages.territoryManagerInvalid })
    .int(vetPracticeMessages.territoryManagerInvalid)
    .positive(vetPracticeMessages.territoryManagerInvalid)
    .max(largestId, vetPracticeMessages.territoryManagerInvalid)
    .nullish()
    .transform((value) => value ?? null),
});

/**
 * POST /api/vet/register (docs/product.md §3 'Vet registration payload'). The confirmation is
 * `password_confirmation`, as the payload names it (the original form bound `confirm_password`).
 */
export const VetRegisterRequestSchema = VetPracticeDetailsSchema.extend({
  password: passwordField(vetPracticeMessages.passwordRequired),
  password_confirmation: passwordConfirmation,
  vets: InviteEmailsSchema.default([]),
  skip_inviting: z.boolean({ error: accountMessages.choiceInvalid }).default(false),
}).superRefine(checkConfirmation, evenWithFieldErrors);
export type VetRegisterRequest = z.input<typeof VetRegisterRequestSchema>;
export type ParsedVetRegisterRequest = z.output<typeof VetRegisterRequestSchema>;

/** docs/product.md §7: user and token (and message); the client checks both are there. */
export const VetRegisterResponseSchema = z.object({
  message: z.string(),
  user: UserProfileSchema.optional(),
  token: AuthTokenSchema.optional(),
});
export type VetRegisterResponse = z.infer<typeof VetRegisterResponseSchema>;

/** The link token of an invite: 43 URL-safe characters. */
export const InviteTokenSchema = z
  .string({ error: vetPracticeMessages.inviteInvalid })
  .regex(/^[A-Za-z0-9_-]{43}$/, vetPracticeMessages.inviteInvalid);

/** POST /api/vet/invites/check: what the join page shows before the vet chooses a password. */
export const CheckVetInviteRequestSchema = z.object({ token: InviteTokenSchema });
export const VetInviteDetailsSchema = z.discriminatedUnion("valid", [
  z.object({ valid: z.literal(true), vet_practice_name: z.string(), email: z.string() }),
  // Like the reset token check: an unusable link is an answer, not a failed call.
  z.object({ valid: z.literal(false), message: z.string() }),
]);
export type VetInviteDetails = z.infer<typeof VetInviteDetailsSchema>;

const acceptVetInviteFields = {
  name: requiredVetText(vetPracticeMessages.veterinarianNameRequired, fieldLimits.name),
  surname: requiredVetText(vetPracticeMessages.veterinarianSurnameRequired, fieldLimits.name),
  password: passwordField(vetPracticeMessages.passwordRequired),
  password_confirmation: passwordConfirmation,
  agree_to_terms: z.literal(true, { error: vetPracticeMessages.termsRequired }),
};

/** The join page's form: the invited vet's name and password (the token travels apart). */
export const AcceptVetInviteFormSchema = z
  .object(acceptVetInviteFields)
  .superRefine(checkConfirmation, evenWithFieldErrors);

/** POST /api/vet/invites/accept: the invited vet sets a password and joins; answers like login. */
export const AcceptVetInviteRequestSchema = z
  .object({ token: InviteTokenSchema, ...acceptVetInviteFields })
  .superRefine(checkConfirmation, evenWithFieldErrors);
export type AcceptVetInviteRequest = z.input<typeof AcceptVetInviteRequestSchema>;
export const AcceptVetInviteResponseSchema = z.object({
  message: z.string(),
  user: UserProfileSchema,
  token: AuthTokenSchema,
});
export type AcceptVetInviteResponse = z.infer<typeof AcceptVetInviteResponseSchema>;

/** POST /api/vet/invites: the manager invites more vets. */
export const InviteVetsRequestSchema = z.object({
  emails: InviteEmailsSchema.refine(
    (emails) => emails.length > 0,
    vetPracticeMessages.inviteEmailInvalid,
  ),
});
export type InviteVetsRequest = z.input<typeof InviteVetsRequestSchema>;

const TimestampSchema = z.iso.datetime({ offset: true });

export const VetInviteStatus = { pending: "pending", expired: "expired" } as const;

export const VetPracticeMemberSchema = z.object({
  id: Id,
  name: z.string(),
  surname: z.string(),
  email: z.string().nullable(),
  role: z.enum([RoleName.vetManager, RoleName.vet]),
  joined_at: TimestampSchema,
});
export type VetPracticeMember = z.infer<typeof VetPracticeMemberSchema>;

export const VetPracticeInviteSchema = z.object({
  id: Id,
  email: z.string(),
  created_at: TimestampSchema,
  expires_at: TimestampSchema,
  status: z.enum([VetInviteStatus.pending, VetInviteStatus.expired]),
});
export type VetPracticeInvite = z.infer<typeof VetPracticeInviteSchema>;

/**
 * GET /api/vet/members: the manager's view of the practice's vets and open invites.
 * `email_verified` false: the practice's e-mail is not proved yet, so it cannot invite, and the
 * invites listed wait to be sent (decision 503).
 */
export const VetPracticeMembersSchema = z.object({
  email_verified: z.boolean(),
  members: z.array(VetPracticeMemberSchema),
  invites: z.array(VetPracticeInviteSchema),
});
export type VetPracticeMembers = z.infer<typeof VetPracticeMembersSchema>;

export const VetPracticeSummarySchema = z.object({
  id: Id,
  name: z.string(),
  town: z.string(),
  email: z.string().nullable(),
});

export const ClientCalendarSchema = z.object({
  id: Id,
  enterprise: z.string(),
  animal: z.string(),
  season: z.string(),
  year: z.number().int(),
  updated_at: TimestampSchema,
});
export type ClientCalendar = z.infer<typeof ClientCalendarSchema>;

export const VetClientSchema = z.object({
  id: Id,
  name: z.string(),
  surname: z.string(),
  farm_name: z.string().nullable(),
  /** Null when the farmer has not given a postal address (decision 429). */
  town: z.string().nullable(),
  county: z.string().nullable(),
  herd_size: z.string().nullable(),
  flock_size: z.string().nullable(),
  calendars: z.array(ClientCalendarSchema),
});
export type VetClient = z.infer<typeof VetClientSchema>;

/** GET /api/vet/dashboard: the practice, the caller's role in it, and its linked farmers. */
export const VetDashboardSchema = z.object({
  practice: VetPracticeSummarySchema,
  role: z.enum([RoleName.vetManager, RoleName.vet]),
  clients: z.array(VetClientSchema),
});
export type VetDashboard = z.infer<typeof VetDashboardSchema>;

/**
 * An estimate of doses from a farm size band: `min` to `max` animals; `max` null for '200+'.
 * Null on a shot of a farm whose size is not known.
 */
export const DoseRangeSchema = z.object({
  min: z.number().int(),
  max: z.number().int().nullable(),
});
export type DoseRange = z.infer<typeof DoseRangeSchema>;

export const DoseDueShotSchema = z.object({
  calendar_id: Id,
  client_id: Id,
  client_name: z.string(),
  farm_name: z.string().nullable(),
  date: z.iso.date(),
  disease: z.string(),
  animal: z.string(),
  doses: DoseRangeSchema.nullable(),
});
export type DoseDueShot = z.infer<typeof DoseDueShotSchema>;

export const DoseDueVaccineSchema = z.object({
  /** Null for a column the reference data offers no vaccine for. */
  vaccine_id: Id.nullable(),
  vaccine: z.string(),
  /** The sum of the known farms' ranges; `unknown_farms` shots have no farm size. */
  doses: DoseRangeSchema,
  unknown_farms: z.number().int(),
  shots: z.array(DoseDueShotSchema),
});
export type DoseDueVaccine = z.infer<typeof DoseDueVaccineSchema>;

export const DoseDueWeekSchema = z.object({
  /** The Monday the week starts on. */
  week_start: z.iso.date(),
  vaccines: z.array(DoseDueVaccineSchema),
});
export type DoseDueWeek = z.infer<typeof DoseDueWeekSchema>;

/** Every client's shots from today for 8 weeks, by week then vaccine (the CSV's rows). */
export const DosesDueSchema = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
  weeks: z.array(DoseDueWeekSchema),
});
export type DosesDue = z.infer<typeof DosesDueSchema>;

/**
 * GET /api/vet/doses-due: the 8 weeks by week then vaccine, with dose totals and how many shots
 * and farms each holds. A practice with thousands of farms has thousands of shots in 8 weeks, so
 * each week's shots come with GET /api/vet/doses-due/weeks/{week_start} when it is opened.
 */
export const DosesDueSummarySchema = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
  weeks: z.array(
    z.object({
      week_start: z.iso.date(),
      shot_count: z.number().int(),
      vaccines: z.array(
        DoseDueVaccineSchema.omit({ shots: true }).extend({
          shot_count: z.number().int(),
          farm_count: z.number().int(),
        }),
      ),
    }),
  ),
});
export type DosesDueSummary = z.infer<typeof DosesDueSummarySchema>;

export const DoseDueWeekParamsSchema = z.object({ weekStart: z.string().max(10) });

export const VetMemberParamsSchema = z.object({ id: z.string().max(12) });

export const vetPracticePaths = {
  register: "/api/vet/register",
  dashboard: "/api/vet/dashboard",
  dosesDue: "/api/vet/doses-due",
  dosesDueCsv: "/api/vet/doses-due.csv",
  dosesDueWeek: "/api/vet/doses-due/weeks/:weekStart",
  members: "/api/vet/members",
  member: "/api/vet/members/:id",
  invites: "/api/vet/invites",
  invite: "/api/vet/invites/:id",
  inviteResend: "/api/vet/invites/:id/resend",
  inviteCheck: "/api/vet/invites/check",
  inviteAccept: "/api/vet/invites/accept",
  digest: "/api/vet/digest",
} as const;

/**
 * The practice's weekly digest of doses due (decision 602): on unless the manager turns it off.
 * `email_verified` false: the practice's e-mail is not verified yet, so no digest goes out.
 */
export const PracticeDigestSettingSchema = z.object({
  digest_emails: z.boolean(),
  email_verified: z.boolean(),
});
export type PracticeDigestSetting = z.infer<typeof PracticeDigestSettingSchema>;

export const UpdatePracticeDigestRequestSchema = z.object({ digest_emails: z.boolean() }).strict();

/** The page an invite e-mail links to, with `?token=`. */
export const vetInvitePagePath = "/vet/join";
