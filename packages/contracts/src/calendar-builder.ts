import { z } from "zod";
import {
  AnimalEnterpriseSeasonCombinationSchema,
  DiseaseSchema,
  HerdStatusMapSchema,
  Id,
  IsoDateSchema,
  VaccineRulesSchema,
  VaccineSchema,
} from "./reference.ts";

/**
 * The calendar builder: the step 1 draft (docs/product.md §3 "Calendar form") and the scoped
 * diseases call of step 2 (docs/product.md §7: GET /api/diseases with include, seasonComboId,
 * birthDate, breedingDate). The server computes the shots with packages/schedule; the browser runs
 * the same engine on them.
 */

/** Every text the scoped diseases call returns or step 1 and step 2 show. Spec texts word for word. */
export const calendarBuilderMessages = {
  seasonComboIdRequired: "Please choose an animal, enterprise and season (seasonComboId).",
  seasonComboIdInvalid:
    "seasonComboId must be the id of an animal, enterprise and season combination.",
  seasonComboIdUnknown: "No animal, enterprise and season combination has this id.",
  includeRequired: "Please say what to include: vaccine, vaccine.shots and/or vaccine.rules.",
  includeInvalid: "include takes a comma list of vaccine, vaccine.shots and vaccine.rules.",
  birthDateRequired: "This animal needs a birth, calving or lambing date (birthDate).",
  breedingDateRequired: "This animal needs a breeding date (breedingDate).",
  /** Decision 416: the last calving or lambing of the block. */
  birthEndBeforeStart: "The last calving or lambing can't be before the first.",
  birthEndTooLate: "Calving or lambing can run for 26 weeks at most: please check the last date.",
  dateInvalid: "Expected a date as YYYY-MM-DD",
  unprimedInvalid: "unprimed takes a comma list of disease ids.",
  /** Decision 421. */
  primedInvalid: "primed takes a comma list of disease ids.",
  herdStatusBoth: "A disease can't be both primed and unprimed.",
  /** Decision 419. */
  lungwormRiskInvalid: "lungwormRisk takes yes or no.",
  /** Decision 422: when the youngest of the group was born. */
  youngestBornAfterToday: "The youngest can't be born after today: please check the date.",
  youngestBornTooLongAgo: "The youngest was born more than 10 years ago: please check the date.",
  /** docs/product.md §5, word for word. */
  nextStepHint: "You have to fill in all dates and pick at least one disease to proceed.",
  /** docs/product.md §8, word for word. */
  scopedDiseasesFailed: "Failed to load calendar data",
  /** docs/product.md §2's empty state, word for word. */
  noDiseases: "No diseases selected yet.",
} as const;

/** What the scoped call may embed in each disease (docs/product.md §7 `include`). */
export const ScopedDiseaseInclude = {
  vaccine: "vaccine",
  vaccineShots: "vaccine.shots",
  vaccineRules: "vaccine.rules",
} as const;
export type ScopedDiseaseInclude = (typeof ScopedDiseaseInclude)[keyof typeof ScopedDiseaseInclude];

const includeValues = new Set<string>(Object.values(ScopedDiseaseInclude));

const requiredText = (message: string, invalidMessage: string) =>
  z.string({
    error: (issue) => (issue.input === undefined ? message : invalidMessage),
  });

/** A query's comma list of disease ids, e.g. `1,3`, as numbers; `message` when malformed. */
const diseaseIdList = (message: string) =>
  z
    .string()
    .regex(/^([1-9]\d{0,8})(,[1-9]\d{0,8})*$/, message)
    .transform((text) => text.split(",").map(Number))
    .optional();

/**
 * The query string of the scoped call, as it travels: every value is text. `include` becomes the
 * list of what to embed, `seasonComboId` a number. Which dates are required depends on the
 * combination's animal (adults need a breeding date, every animal but the ram a birth date), so
 * the server checks that against the database and answers with the same field messages.
 */
export const ScopedDiseasesQuerySchema = z.object({
  include: requiredText(
    calendarBuilderMessages.includeRequired,
    calendarBuilderMessages.includeInvalid,
  )
    .transform((text) =>
      text
        .split(",")
        .map((part) => part.trim())
        .filter((part) => part !== ""),
    )
    .pipe(
      z
        .array(z.string())
        .min(1, calendarBuilderMessages.includeRequired)
        .refine((parts) => parts.every((part) => includeValues.has(part)), {
          message: calendarBuilderMessages.includeInvalid,
        })
        // Asking for a vaccine's shots or rules implies the vaccine itself.
        .transform(
          (parts) =>
            [...new Set([ScopedDiseaseInclude.vaccine, ...parts])] as ScopedDiseaseInclude[],
        ),
    ),
  seasonComboId: requiredText(
    calendarBuilderMessages.seasonComboIdRequired,
    calendarBuilderMessages.seasonComboIdInvalid,
  )
    .regex(/^[1-9]\d{0,8}$/, calendarBuilderMessages.seasonComboIdInvalid)
    .transform(Number),
  birthDate: IsoDateSchema.optional(),
  /**
   * Adults: the last calving or lambing of the block that starts on birthDate (decision 416).
   * Left out: the season's default block length.
   */
  birthEndDate: IsoDateSchema.optional(),
  breedingDate: IsoDateSchema.optional(),
  /** Comma list of the disease ids whose primary course the animals have not had. */
  unprimed: diseaseIdList(calendarBuilderMessages.unprimedInvalid),
  /**
   * Decision 421: comma list of the disease ids whose primary course the animals have had. A
   * disease in neither list takes its offer's default (heifers' BVD: not yet).
   */
  primed: diseaseIdList(calendarBuilderMessages.primedInvalid),
  /**
   * Decision 419: the calves graze where lungworm is a risk, `yes` or `no`. Left out: yes on a
   * dairy farm, no on a suckler farm (decision 415).
   */
  lungwormRisk: z
    .enum(["yes", "no"], { error: calendarBuilderMessages.lungwormRiskInvalid })
    .transform((answer) => answer === "yes")
    .optional(),
  /**
   * Decision 422: when the youngest of the group was born; a dose with a minimum age waits for
   * it. Checked against today by checkYoungestBirthDate.
   */
  youngestBirthDate: IsoDateSchema.optional(),
});
export type ScopedDiseasesQuery = z.output<typeof ScopedDiseasesQuerySchema>;
/** The query as the browser sends it (before parsing). */
export type ScopedDiseasesQueryInput = z.input<typeof ScopedDiseasesQuerySchema>;

/** The query keys that make GET /api/diseases the scoped call rather than the reference list. */
export const scopedDiseasesQueryKeys = [
  "include",
  "seasonComboId",
  "birthDate",
  "birthEndDate",
  "breedingDate",
  "unprimed",
  "primed",
  "lungwormRisk",
  "youngestBirthDate",
] as const;

/** Where a dose stands against its window this season, with the window as dates. */
export const SeasonTimingSchema = z.object({
  state: z.enum(["dueNow", "missed"]),
  window: z.object({ from: IsoDateSchema, to: IsoDateSchema }),
  /** Decision 426: the first dose of a young group's course, started from today. */
  courseFromToday: z.literal(true).optional(),
});
export type SeasonTiming = z.infer<typeof SeasonTimingSchema>;

/** Decision 416: the longest calving or lambing block, in days from the first to the last birth. */
export const birthBlockMaxDays = 182;

const DAY_MS = 86_400_000;

/**
 * What is wrong with a calving or lambing block's last date, in farm language, or null when it
 * is fine or not given: the last birth is on or after the first, and at most 26 weeks after it.
 */
export function checkBirthEndDate(
  birthDate: string | null | undefined,
  birthEndDate: string | null | undefined,
): string | null {
  if (birthDate == null || birthEndDate == null) return null;
  const days = (Date.parse(birthEndDate) - Date.parse(birthDate)) / DAY_MS;
  if (Number.isNaN(days)) return null;
  if (days < 0) return calendarBuilderMessages.birthEndBeforeStart;
  return days > birthBlockMaxDays ? calendarBuilderMessages.birthEndTooLate : null;
}

/** Decision 422: the oldest a group of first breeders' youngest can be, in years. */
export const youngestBirthMaxYears = 10;

/**
 * What is wrong with the youngest's birth date (decision 422), in farm language, or null when it
 * is fine or not given: not after today (the app's clock), and at most 10 years before it.
 */
export function checkYoungestBirthDate(
  youngestBirthDate: string | null | undefined,
  today: string,
): string | null {
  if (youngestBirthDate == null) return null;
  if (youngestBirthDate > today) return calendarBuilderMessages.youngestBornAfterToday;
  const limit = `${Number(today.slice(0, 4)) - youngestBirthMaxYears}${today.slice(4)}`;
  return youngestBirthDate < limit ? calendarBuilderMessages.youngestBornTooLongAgo : null;
}

/** One shot as the engine lays it out (docs/product.md §3 "Shot"), with the links it keeps. */
export const ScheduledShotSchema = z.object({
  id: z.string().min(1),
  diseaseId: Id,
  templateId: Id.nullable(),
  date: IsoDateSchema.nullable(),
  custom_name: z.string().nullable(),
  /** 0 once, 1 every year, N every N years. */
  is_recurrent: z.number().int().nonnegative(),
  show_once: z.boolean(),
  /** 1 for the first occurrence, k + 1 for the copy k periods later. */
  cycle: z.number().int().positive(),
  /** The first occurrence a mirrored copy repeats; null on first occurrences. */
  sourceShotId: z.string().nullable(),
  isMirroredCopy: z.boolean(),
  yearIndex: z.number().int().nullable(),
  row: z.number().int().nullable(),
  orderInMonth: z.number().int().nullable(),
  isBooster: z.boolean(),
  userInitiated: z.boolean(),
  /**
   * Decision 411: a generated dose whose preferred day is past but whose window for the coming
   * calving, lambing or tupping is still open (`dueNow`, planned from today), or whose window
   * closed before today (`missed`, the next season's dose). Absent otherwise.
   */
  seasonTiming: SeasonTimingSchema.optional(),
  /**
   * Decision 416: the animals of the calving or lambing block the dose is for, when the block is
   * split into early and late groups or one date cannot cover it (`coversAll` false). The rule
   * checks judge the dose for those animals alone (decision 417). Absent: the whole herd or flock.
   */
  birthGroup: z
    .object({ from: IsoDateSchema, to: IsoDateSchema, coversAll: z.boolean() })
    .optional(),
});
export type ScheduledShot = z.infer<typeof ScheduledShotSchema>;

/** A vaccine as the scoped call embeds it: rules and shots only when `include` asks. */
export const ScopedVaccineSchema = VaccineSchema.omit({ rules: true }).extend({
  rules: VaccineRulesSchema.optional(),
  shots: z.array(ScheduledShotSchema).optional(),
  /**
   * True when an admin retired the product: a saved calendar that has it keeps it, but a new
   * calendar, 'Add diseases' and the defaults never offer it. Absent otherwise.
   */
  retired: z.literal(true).optional(),
  /**
   * Decision 405: what `shots` were generated from (the vaccine's shot templates for the animal),
   * signed by the server. Opaque: keep it with the draft and send it back as the column's
   * `protocolStamp` when the calendar is saved. Present when `include` asks for the shots.
   */
  protocolStamp: z.string().optional(),
});
export type ScopedVaccine = z.infer<typeof ScopedVaccineSchema>;

/** One of the animal's diseases, with the vaccine it defaults to for that animal. */
export const ScopedDiseaseSchema = DiseaseSchema.omit({ animals: true }).extend({
  vaccine: ScopedVaccineSchema.optional(),
});
export type ScopedDisease = z.infer<typeof ScopedDiseaseSchema>;

export const ScopedDiseasesResponseSchema = z.array(ScopedDiseaseSchema);
export type ScopedDiseasesResponse = z.infer<typeof ScopedDiseasesResponseSchema>;

/**
 * docs/product.md §3 "Calendar form": the step 1 draft, kept in localStorage under `calendarForm`.
 * Ids are null until chosen; dates are `YYYY-MM-DD` or null; `diseases` lists disease ids.
 */
export const CalendarFormSchema = z.object({
  /** The saved calendar this draft edits; null while creating one. */
  id: Id.nullable(),
  animalID: Id.nullable(),
  birthDate: IsoDateSchema.nullable(),
  /** Decision 416: the last calving or lambing; null or absent (older drafts): the default. */
  birthEndDate: IsoDateSchema.nullable().optional(),
  breedingDate: IsoDateSchema.nullable(),
  diseases: z.array(Id),
  enterpriseID: Id.nullable(),
  seasonID: Id.nullable(),
  animalEnterpriseSeasonCombination: AnimalEnterpriseSeasonCombinationSchema.nullable(),
  /** Step 1's herd status answers, by disease id; a disease left out is primed. */
  herdStatus: HerdStatusMapSchema.optional(),
  /**
   * Step 1's answer (decision 419): the calves graze where lungworm is a risk (decision 415).
   * Null or absent (not answered, older drafts): yes on a dairy farm, no on a suckler farm.
   */
  lungwormRisk: z.boolean().nullable().optional(),
  /**
   * Step 1's answer (decision 422): when the youngest of the group was born. Null or absent (not
   * answered, older drafts): no dose waits for it.
   */
  youngestBirthDate: IsoDateSchema.nullable().optional(),
});
export type CalendarForm = z.infer<typeof CalendarFormSchema>;
export type CalendarFormField = keyof CalendarForm;
