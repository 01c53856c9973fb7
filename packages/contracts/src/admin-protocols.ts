import { z } from "zod";
import { describeTooLong } from "./accounts.ts";
import {
  HerdStatusSchema,
  Id,
  IdSchema,
  idInvalidMessage,
  IsoDateSchema,
  SeasonOffsetDateSchema,
  ShotTemplateSchema,
  WarningSeverity,
} from "./reference.ts";

/*
 * Protocol management in the admin area (docs/product.md D2, `/admin/protocol/`): the shot
 * templates of each vaccine and animal, the disease links (each disease's default vaccine and
 * herd status question per animal), the season default dates per animal and enterprise, and the
 * popup preset messages. Every call needs the ADMIN role, like the product calls. The JSON is the
 * reference lists' own snake_case, so an audit entry's before and after read like the lists.
 */

export const adminProtocolPaths = {
  shotTemplates: "/api/admin/shot-templates",
  shotTemplate: "/api/admin/shot-templates/:id",
  diseaseAnimals: "/api/admin/disease-animals",
  diseaseAnimal: "/api/admin/disease-animals/:diseaseId/:animalId",
  seasonDefaults: "/api/admin/season-defaults",
  seasonDefault: "/api/admin/season-defaults/:id",
  warnings: "/api/admin/warnings",
  warning: "/api/admin/warnings/:id",
  protocolPreview: "/api/admin/protocol-preview",
} as const;

/** What the audit trail calls each kind of protocol change (`admin_audit_entries.entity`). */
export const ProtocolAuditEntity = {
  shotTemplate: "shot_template",
  diseaseAnimal: "disease_animal",
  seasonDefault: "season_default",
  warning: "warning",
} as const;
export type ProtocolAuditEntity = (typeof ProtocolAuditEntity)[keyof typeof ProtocolAuditEntity];

export const protocolLimits = {
  customName: 120,
  /** A template's source note (decision 414): the shipped ones are under 300 characters. */
  sourceNote: 1000,
  /** Ten years either side of the birth or breeding date. */
  maxOffsetDays: 3650,
  /** Every 10 years at most. */
  maxRecurrence: 10,
  question: 300,
  warningTitle: 200,
  warningBody: 2000,
  button: 60,
} as const;

export const protocolMessages = {
  templateNotFound: "This shot template does not exist. It may have been deleted.",
  templateChangedMeanwhile:
    "Another admin saved this shot template after you opened it. Reload the page to see their changes, then make yours again.",
  diseaseAnimalNotFound: "This disease is not offered for this animal.",
  diseaseAnimalExists:
    "This disease is already offered for this animal. Change its vaccine instead.",
  seasonDefaultNotFound: "These season dates do not exist.",
  warningNotFound: "This popup message does not exist.",
  oneAnchor: "Please enter the days from birth or the days from breeding, not both.",
  anchorRequired: "Please enter the days from birth or the days from breeding.",
  offsetRange: `Please enter a whole number of days from -${protocolLimits.maxOffsetDays} to ${protocolLimits.maxOffsetDays}.`,
  windowOrder: "The earliest day must be on or before the latest day.",
  preferredOutsideWindow:
    "The days from birth or breeding must lie inside the window, between its earliest and latest day.",
  recurrenceRange: `Please enter 0 (once) or every 1 to ${protocolLimits.maxRecurrence} years.`,
  productUnknown: "Please choose a product from the list.",
  animalUnknown: "Please choose an animal from the list.",
  seasonUnknown: "Please choose a season from the list.",
  seasonNotOffered: "This animal is not offered in this season.",
  diseaseUnknown: "Please choose a disease from the list.",
  seasonDateInvalid:
    "Please enter the date as year offset, month and day, e.g. 0.03.01 (1 March this year) or -1.10.05.",
  seasonYearOffsetRange: "Please use a year offset from -2 to 2.",
  birthDateRequired: "This animal has a birth date: please enter one.",
  birthDateNotUsed: "This animal has no birth date: leave it empty.",
  breedingDateRequired: "This animal is bred: please enter a breeding date.",
  titleRequired: "Please enter the title.",
  bodyRequired: "Please enter the message.",
  previewFailed: "We could not preview this change. Please try again.",
  loadFailed: "We could not load the protocols. Please try again.",
  saveFailed: "We could not save the change. Please try again.",
  templateSaved: "Shot template saved.",
  templateCreated: "Shot template added.",
  templateDeleted: "Shot template deleted.",
  linkSaved: "Disease link saved.",
  linkCreated: "Disease link added.",
  linkDeleted: "Disease link removed.",
  seasonSaved: "Season dates saved.",
  warningSaved: "Popup message saved.",
} as const;

const boundedText = (maxLength: number) =>
  z
    .string()
    .trim()
    .refine((value) => [...value].length <= maxLength, describeTooLong(maxLength));

/** Text that may be left empty: an empty box is stored as null. */
const optionalText = (maxLength: number) =>
  boundedText(maxLength)
    .nullable()
    .transform((value) => (value === "" ? null : value));

const offsetDays = z
  .number({ message: protocolMessages.offsetRange })
  .int(protocolMessages.offsetRange)
  .min(-protocolLimits.maxOffsetDays, protocolMessages.offsetRange)
  .max(protocolLimits.maxOffsetDays, protocolMessages.offsetRange)
  .nullable();

/**
 * A shot template as an admin creates or saves it (`ShotTemplateSchema` without its id): days
 * from birth or from breeding (exactly one), an optional name, how often it repeats, and its
 * scope. A template scoped to `unprimed` is a dose of the primary course, given only to a herd
 * that has not had it (the course's spacing is the product's `course_interval_days`); `primed`
 * is given only once the course is done; null is for every herd.
 */
export const ShotTemplateInputSchema = z
  .object({
    vaccine_id: Id,
    animal_id: Id,
    birth_days: offsetDays,
    breeding_days: offsetDays,
    custom_name: optionalText(protocolLimits.customName),
    is_recurrent: z
      .number({ message: protocolMessages.recurrenceRange })
      .int(protocolMessages.recurrenceRange)
      .min(0, protocolMessages.recurrenceRange)
      .max(protocolLimits.maxRecurrence, protocolMessages.recurrenceRange),
    herd_status: HerdStatusSchema.nullable(),
    season_id: Id.nullable(),
    /**
     * The dose's window (decision 414), in days from the same date as the preferred day, and its
     * source. Left out or empty: no window on that side.
     */
    earliest_days: offsetDays.optional().transform((value) => value ?? null),
    latest_days: offsetDays.optional().transform((value) => value ?? null),
    source_note: optionalText(protocolLimits.sourceNote)
      .optional()
      .transform((value) => value ?? null),
    /**
     * On a save: the `updated_at` of the template as the editor opened it. A template saved by
     * someone else since is a 409, so one admin's save never silently undoes another's.
     */
    updated_at: z.string().max(40).optional(),
  })
  .superRefine((template, context) => {
    if (template.birth_days === null && template.breeding_days === null) {
      context.addIssue({
        code: "custom",
        path: ["birth_days"],
        message: protocolMessages.anchorRequired,
      });
    } else if (template.birth_days !== null && template.breeding_days !== null) {
      context.addIssue({
        code: "custom",
        path: ["birth_days"],
        message: protocolMessages.oneAnchor,
      });
    }
    const { earliest_days: earliest, latest_days: latest } = template;
    const preferred = template.birth_days ?? template.breeding_days;
    if (earliest !== null && latest !== null && earliest > latest) {
      context.addIssue({
        code: "custom",
        path: ["earliest_days"],
        message: protocolMessages.windowOrder,
      });
    } else if (
      preferred !== null &&
      ((earliest !== null && preferred < earliest) || (latest !== null && preferred > latest))
    ) {
      context.addIssue({
        code: "custom",
        path: [template.birth_days === null ? "breeding_days" : "birth_days"],
        message: protocolMessages.preferredOutsideWindow,
      });
    }
  });
export type ShotTemplateInput = z.input<typeof ShotTemplateInputSchema>;

/** A shot template as the admin area shows it: the public template and when it last changed. */
export const AdminShotTemplateSchema = ShotTemplateSchema.extend({ updated_at: z.string() });
export type AdminShotTemplate = z.infer<typeof AdminShotTemplateSchema>;

const optionalIdFilter = z
  .union([z.literal(""), IdSchema], { error: idInvalidMessage })
  .optional()
  .transform((value) => (value === "" || value === undefined ? undefined : value));

/** GET /api/admin/shot-templates: every template, or one vaccine's, one animal's, or both. */
export const ListShotTemplatesQuerySchema = z.object({
  vaccine: optionalIdFilter,
  animal: optionalIdFilter,
});
export type ListShotTemplatesQuery = z.input<typeof ListShotTemplatesQuerySchema>;
export const ListShotTemplatesResponseSchema = z.array(AdminShotTemplateSchema);

/** A disease offered for an animal, with its default vaccine and herd status question. */
export const DiseaseAnimalInputSchema = z.object({
  vaccine_id: Id,
  herd_status_question: optionalText(protocolLimits.question),
});
export type DiseaseAnimalInput = z.input<typeof DiseaseAnimalInputSchema>;

export const NewDiseaseAnimalSchema = DiseaseAnimalInputSchema.extend({
  disease_id: Id,
  animal_id: Id,
});
export type NewDiseaseAnimal = z.input<typeof NewDiseaseAnimalSchema>;

export const AdminDiseaseAnimalSchema = z.object({
  disease_id: Id,
  disease_name: z.string(),
  animal_id: Id,
  animal_name: z.string(),
  vaccine_id: Id,
  vaccine_name: z.string(),
  herd_status_question: z.string().nullable(),
});
export type AdminDiseaseAnimal = z.infer<typeof AdminDiseaseAnimalSchema>;

export const ListDiseaseAnimalsQuerySchema = z.object({
  disease: optionalIdFilter,
  animal: optionalIdFilter,
  vaccine: optionalIdFilter,
});
export type ListDiseaseAnimalsQuery = z.input<typeof ListDiseaseAnimalsQuerySchema>;
export const ListDiseaseAnimalsResponseSchema = z.array(AdminDiseaseAnimalSchema);

/** The year offsets a season date may have: the shipped data uses −1, 0 and 1. */
const maxSeasonYearOffset = 2;

/** Days in each month of a leap year: 29 February is a season date the engine moves to the 28th. */
const longestMonths = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function isPossibleSeasonDate(value: string): boolean {
  if (!SeasonOffsetDateSchema.safeParse(value).success) return false;
  const [, month = "", day = ""] = value.split(".");
  return Number(day) <= (longestMonths[Number(month) - 1] ?? 0);
}

const seasonDate = z
  .string()
  .trim()
  .nullable()
  .transform((value) => (value === "" ? null : value))
  .refine(
    (value) => value === null || isPossibleSeasonDate(value),
    protocolMessages.seasonDateInvalid,
  )
  .refine(
    (value) =>
      value === null ||
      !isPossibleSeasonDate(value) ||
      Math.abs(Number(value.split(".")[0])) <= maxSeasonYearOffset,
    protocolMessages.seasonYearOffsetRange,
  );

/**
 * One season's default dates for an animal in an enterprise, `yearOffset.MM.DD` (0.03.01 is
 * 1 March of the current year, -1.10.05 5 October of the year before); empty when not used.
 */
export const SeasonDefaultInputSchema = z.object({
  birth_date: seasonDate,
  breeding_date: seasonDate,
});
export type SeasonDefaultInput = z.input<typeof SeasonDefaultInputSchema>;

export const AdminSeasonDefaultSchema = z.object({
  id: Id,
  animal_id: Id,
  animal_name: z.string(),
  enterprise_id: Id,
  enterprise_name: z.string(),
  season_id: Id,
  season_name: z.string(),
  birth_date: z.string().nullable(),
  breeding_date: z.string().nullable(),
});
export type AdminSeasonDefault = z.infer<typeof AdminSeasonDefaultSchema>;
export const ListSeasonDefaultsQuerySchema = z.object({ animal: optionalIdFilter });
export const ListSeasonDefaultsResponseSchema = z.array(AdminSeasonDefaultSchema);

/** A popup preset message: its slug is how the app finds it, so only the texts change. */
export const WarningInputSchema = z.object({
  title: boundedText(protocolLimits.warningTitle).refine(
    (value) => value !== "",
    protocolMessages.titleRequired,
  ),
  body: boundedText(protocolLimits.warningBody).refine(
    (value) => value !== "",
    protocolMessages.bodyRequired,
  ),
  button_confirm: optionalText(protocolLimits.button),
  button_cancel: optionalText(protocolLimits.button),
  severity: z.enum([WarningSeverity.alert, WarningSeverity.attention]),
});
export type WarningInput = z.input<typeof WarningInputSchema>;

export const AdminWarningSchema = WarningInputSchema.extend({
  id: Id,
  slug: z.string(),
  title: z.string(),
  body: z.string(),
  button_confirm: z.string().nullable(),
  button_cancel: z.string().nullable(),
});
export type AdminWarning = z.infer<typeof AdminWarningSchema>;
export const ListWarningsResponseSchema = z.array(AdminWarningSchema);

/**
 * POST /api/admin/protocol-preview: a change an admin is about to save, not saved. A shot
 * template's new values (`template_id` null for a new one; `template` null to delete it), a
 * season's new default dates, or a disease link's new default product (`link` null to remove it).
 */
export const ProtocolPreviewRequestSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal(ProtocolAuditEntity.shotTemplate),
    template_id: Id.nullable(),
    template: ShotTemplateInputSchema.nullable(),
  }),
  z.object({
    kind: z.literal(ProtocolAuditEntity.seasonDefault),
    season_default_id: Id,
    season_default: SeasonDefaultInputSchema,
  }),
  z.object({
    kind: z.literal(ProtocolAuditEntity.diseaseAnimal),
    disease_id: Id,
    animal_id: Id,
    /** The link's new default product and question; null to stop offering the disease. */
    link: DiseaseAnimalInputSchema.nullable(),
  }),
]);
export type ProtocolPreviewRequest = z.input<typeof ProtocolPreviewRequestSchema>;

export const PreviewChange = { moved: "moved", added: "added", removed: "removed" } as const;
export type PreviewChange = (typeof PreviewChange)[keyof typeof PreviewChange];

/** One first occurrence of a default calendar (copies of recurring shots are left out). */
export const PreviewShotSchema = z.object({
  id: z.string(),
  disease_id: Id,
  disease_name: z.string(),
  vaccine_name: z.string(),
  /** Null for the template the change adds. */
  template_id: Id.nullable(),
  label: z.string(),
  date: IsoDateSchema,
  is_recurrent: z.number().int().nonnegative(),
  /** What the change does to this shot; null when nothing. */
  change: z.enum([PreviewChange.moved, PreviewChange.added, PreviewChange.removed]).nullable(),
});
export type PreviewShot = z.infer<typeof PreviewShotSchema>;

export const PreviewCalendarSchema = z.object({
  birth_date: IsoDateSchema.nullable(),
  breeding_date: IsoDateSchema.nullable(),
  shots: z.array(PreviewShotSchema),
  /** The engine's protocol checks on this calendar (docs/product.md §5). */
  warnings: z.array(
    z.object({
      rule: z.string(),
      message: z.string(),
      /** Not raised on the current calendar. */
      is_new: z.boolean(),
    }),
  ),
});

/** One season the animal is offered in: its default calendar now and with the change. */
export const PreviewSeasonSchema = z.object({
  combination_id: Id,
  enterprise: z.object({ id: Id, name: z.string() }),
  season: z.object({ id: Id, name: z.string() }),
  /** The herd status the calendars assume for the changed template's diseases. */
  herd_status: HerdStatusSchema,
  current: PreviewCalendarSchema,
  proposed: PreviewCalendarSchema,
  differences: z.array(
    z.object({
      change: z.enum([PreviewChange.moved, PreviewChange.added, PreviewChange.removed]),
      shot_id: z.string(),
      disease_name: z.string(),
      label: z.string(),
      before: IsoDateSchema.nullable(),
      after: IsoDateSchema.nullable(),
    }),
  ),
});
export type PreviewSeason = z.infer<typeof PreviewSeasonSchema>;

export const ProtocolPreviewResponseSchema = z.object({
  today: IsoDateSchema,
  animal: z.object({ id: Id, name: z.string() }),
  /**
   * A template change only: whether some disease offers the template's product for the animal by
   * default. When none does, no default calendar uses the template, whatever it says.
   */
  product_offered: z.boolean().nullable(),
  seasons: z.array(PreviewSeasonSchema),
});
export type ProtocolPreviewResponse = z.infer<typeof ProtocolPreviewResponseSchema>;
