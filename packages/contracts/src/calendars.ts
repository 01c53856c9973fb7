import { z } from "zod";
import {
  UpdateSettingsRequestSchema,
  accountMessages,
  describeTooLong,
  farmSizeBands,
  fieldLimits,
  isPlainText,
} from "./accounts.ts";
import { ScheduledShotSchema, calendarBuilderMessages } from "./calendar-builder.ts";
import { requestPrechecks } from "./request-prechecks.ts";
import { HerdStatusMapSchema, Id, IsoDateSchema } from "./reference.ts";

/**
 * Saved calendars (docs/product.md §2 final page and My Calendars, §3, §7, §8; D14):
 * saving the step 2 calendar, listing, opening, deleting and downloading it, its SVG preview and
 * its iCalendar feed. Every call but the feed needs `Authorization: Bearer <token>`.
 *
 * Who may act on a calendar: its owner, and a vet practice the owner has linked
 * (docs/product.md §1). Anyone else gets a 404, exactly as for an id that does not exist, so ids
 * leak nothing.
 */

/** Every text the saved-calendar calls return or the pages show. Spec texts word for word. */
export const calendarMessages = {
  /** Decision 419: the setup's lungworm answer. */
  lungwormRiskInvalid: "lungwormRisk takes true or false.",
  /** docs/product.md §8, word for word. */
  listFailed: "Failed to load user calendars",
  /** docs/product.md §8, word for word. */
  detailFailed: "Failed to load calendar detail",
  /** docs/product.md §8, word for word. */
  submitFailed: "There was an error creating your calendar.",
  /** docs/product.md §8, word for word. */
  submitSucceeded:
    "Successfully created your calendar. You can follow the link to download your PDF.",
  /** docs/product.md §2 My Calendars, word for word. */
  deleteConfirm: "Are you sure you want to delete this calendar?",
  /**
   * docs/product.md §2's empty state, word for word; the server answers it when no disease is sent.
   */
  noDiseases: "No diseases selected yet.",
  /**
   * Printed on the PDF and in every feed event (docs/product.md §1: automatic, a vet should be
   * consulted).
   */
  disclaimer:
    "Your calendar is generated automatically from the vaccine makers’ product information and Irish advisory guidance. It is not veterinary advice: always consult your vet before you vaccinate.",
  notFound: "We could not find this calendar.",
  /**
   * Decision 424: a save made on a version of the calendar that someone else (another tab, the
   * farm's vet) has saved over since.
   */
  savedElsewhere:
    "This calendar was changed somewhere else after you opened it (in another tab, by the farmer or by the vet). Load the latest version, then make your change again.",
  combinationUnknown:
    "This enterprise, animal and season do not go together. Please go back to step 1.",
  isAdultMismatch: "This does not match the animal chosen.",
  birthDateRequired: calendarBuilderMessages.birthDateRequired,
  breedingDateRequired: calendarBuilderMessages.breedingDateRequired,
  birthEndBeforeStart: calendarBuilderMessages.birthEndBeforeStart,
  birthEndTooLate: calendarBuilderMessages.birthEndTooLate,
  dateOutOfRange: "Please choose a date between 2000 and 2100.",
  diseaseUnknown: "This disease is not in our list.",
  diseaseNotOffered: "This disease is not offered for this animal.",
  /** Decision 405: a retired product stays on saved calendars only. */
  vaccineRetired:
    "This vaccine is no longer offered for new calendars. Please remove this disease, or ask your vet.",
  diseaseRepeated: "This disease is on the calendar twice.",
  vaccineMismatch: "This is not the vaccine offered for this disease and animal.",
  templateUnknown: "This shot is not one of the vaccine's protocol shots for this animal.",
  shotRepeated: "Two shots on this calendar have the same id.",
  shotDiseaseMismatch: "This shot belongs to another disease.",
  shotIdInvalid: "A shot id is 1 to 64 letters, digits, '-', '_' or '~'.",
  /** Decision 405: a protocol stamp this server did not hand out, or not this column's. */
  protocolStampInvalid:
    "This calendar's vaccine schedule could not be checked. Please go back to step 1 and make the calendar again.",
  tooManyDiseases: "A calendar can hold at most 30 diseases.",
  tooManyShots: "A calendar can hold at most 200 shots.",
  tooManyCalendars:
    "You can keep at most 50 calendars. Please delete a calendar you no longer need, then save this one again.",
  actionMismatch: "Use action 'create' with POST /api/calendar and 'update' with PUT.",
  calendarIdMismatch: "calendarId must be the id of the calendar in the address.",
  textInvalid: "Please use only letters, numbers and punctuation.",
  textTooLong: "Please use at most 100 characters.",
  feedTooManyRequests:
    "This calendar feed has been asked for too often. Your calendar app will get it again within the hour.",
  cursorInvalid: "This page of calendars is out of date. Please reload My Calendars.",
  feedRegenerated:
    "Your calendar has new subscription links. The old links have stopped working: subscribe again with a new one.",
  /** Issue 23, M1: a linked vet asked for new feed links, which are the farmer's alone. */
  feedOwnerOnly: "Only the farmer can make new links for their phone calendar.",
  /** Issue 25, item 7: the PDF's length is one of `pdfMonthChoices`. */
  pdfMonthsInvalid: "Choose 12, 24 or 36 months for the PDF.",
} as const;

/** The months a calendar's PDF can cover from the current one (issue 25, item 7); 12 unless asked. */
export const pdfMonthChoices = [12, 24, 36] as const;
export type PdfMonths = (typeof pdfMonthChoices)[number];
export const defaultPdfMonths: PdfMonths = 12;

/**
 * The download's `?months=`: 12 when left out, else exactly `12`, `24` or `36`; null for anything
 * else (`5`, `abc`, `12.0`, empty, or given twice), which the server answers with a 400.
 */
export function parsePdfMonths(value: unknown): PdfMonths | null {
  if (value === undefined) return defaultPdfMonths;
  return pdfMonthChoices.find((months) => value === String(months)) ?? null;
}

/** Bounds on what one save may hold: generous for a farm, small enough to refuse junk. */
export const calendarLimits = {
  diseases: 30,
  /**
   * All shots of all diseases together, mirrored copies included. The heaviest real protocol
   * (dairy spring-calving cows with every disease offered: 7 diseases, 26 shots over the
   * 5-year grid, bench/README.md) needs about an eighth of this; the cap bounds what one save
   * costs to store, print and serve as a feed.
   */
  shots: 200,
  /** Fetches of one calendar's feed per hour: calendar apps poll every few hours at most. */
  feedFetchesPerHour: 60,
  /**
   * Saves (new or replaced) per account a minute, valid or not: a farmer saves a few a day; more
   * is a script (security round 3, H1).
   */
  savesPerMinute: 60,
  /**
   * A save's body, in bytes. The largest valid save (every list and text at its limit, names in
   * three-byte characters, apps/server/src/test/calendars.ts `buildLargestValidSave`) is about
   * 390 KB; anything bigger is refused with a 413 before it is parsed, so the largest invalid save
   * costs the server no more than the largest valid one (security round 3, H1).
   */
  saveBodyBytes: 512 * 1024,
  /** Saved calendars per account, checked when a new one is saved. */
  calendarsPerAccount: 50,
  text: 100,
  shotId: 64,
  /** A column's protocol stamp (decision 405): a few hundred characters for a real protocol. */
  protocolStamp: 8100,
  /** Recurrence periods (years) and cycles beyond these are not a real protocol. */
  recurrence: 10,
  cycle: 200,
  firstYear: 2000,
  lastYear: 2100,
} as const;

/** docs/product.md §3 submit payload `action`. */
export const CalendarAction = { create: "create", update: "update" } as const;
export type CalendarAction = (typeof CalendarAction)[keyof typeof CalendarAction];

/** Every saved-calendar path, so the web app never spells one twice. `:id` is the calendar id. */
export const calendarPaths = {
  create: "/api/calendar",
  update: "/api/calendar/:id",
  list: "/api/user/calendars",
  detail: "/api/calendars/:id",
  remove: "/api/calendars/:id",
  /** application/pdf, `Content-Disposition: attachment; filename="calendar-{id}.pdf"`. */
  download: "/api/calendars/:id/download",
  /** image/svg+xml; needs the bearer token, so fetch it and show it from a blob: URL. */
  preview: "/api/calendars/:id/preview.svg",
  regenerateFeed: "/api/calendars/:id/feed/regenerate",
  /** Public (no login): the secret token is the credential. text/calendar. */
  feed: "/api/calendars/feed/:token.ics",
} as const;

/** A calendar path with its id filled in, e.g. `buildCalendarPath("download", 12)`. */
export function buildCalendarPath(
  name: Exclude<keyof typeof calendarPaths, "create" | "list" | "feed">,
  calendarId: number,
): string {
  return calendarPaths[name].replace(":id", String(calendarId));
}

/** Counts code points, so a fada or an emoji is one character as a person counts it. */
function countCharacters(value: string): number {
  return [...value].length;
}

/** A short text a person typed or the reference data named: bounded and printable. */
const ShortTextSchema = z
  .string()
  .refine((value) => countCharacters(value) <= calendarLimits.text, calendarMessages.textTooLong)
  .refine(isPlainText, calendarMessages.textInvalid);

/** A real `YYYY-MM-DD` date in the years a farm calendar can cover. */
export const CalendarDateSchema = IsoDateSchema.refine((date) => {
  const year = Number(date.slice(0, 4));
  return year >= calendarLimits.firstYear && year <= calendarLimits.lastYear;
}, calendarMessages.dateOutOfRange);

const ShotIdSchema = z.string().regex(/^[A-Za-z0-9_~-]{1,64}$/, calendarMessages.shotIdInvalid);

/**
 * One shot as sent at "Finish calendar": the engine's `Shot` (what `prepareForSubmit` returns).
 * The fields the engine derives (copies' links, year index, row, order in month, booster flag)
 * may be left out: the server lays the calendar out again with the same engine. `diseaseId`, if
 * sent, must be its column's disease.
 */
export const SubmitShotSchema = z.object({
  id: ShotIdSchema,
  diseaseId: Id.optional(),
  templateId: Id.nullable().optional(),
  /** Undated shots are skipped, as the engine's submit does (docs/product.md §5). */
  date: CalendarDateSchema.nullable(),
  custom_name: ShortTextSchema.nullable(),
  is_recurrent: z.number().int().min(0).max(calendarLimits.recurrence),
  cycle: z.number().int().min(1).max(calendarLimits.cycle),
  userInitiated: z.boolean(),
  show_once: z.boolean().optional(),
  sourceShotId: z.string().max(calendarLimits.shotId).nullable().optional(),
  isMirroredCopy: z.boolean().optional(),
  yearIndex: z.number().int().nullable().optional(),
  row: z.number().int().nullable().optional(),
  orderInMonth: z.number().int().nullable().optional(),
  isBooster: z.boolean().optional(),
});
export type SubmitShot = z.input<typeof SubmitShotSchema>;

/**
 * One column: the disease, the vaccine the engine gave it for this animal, and its shots.
 * `protocolStamp` (decision 405) is the scoped call's `vaccine.protocolStamp` the column's shots
 * came from, sent back as it was given: the calendar keeps the protocol it names, so a schedule
 * changed between making the calendar and saving it is shown to the farmer at once. Without it
 * the server takes today's protocol (as before stamps). A stamp the server did not sign, or one
 * for another vaccine or animal, is refused.
 */
export const SubmitDiseaseSchema = z.object({
  id: Id,
  vaccineId: Id.nullable(),
  shots: z.array(SubmitShotSchema).max(calendarLimits.shots, calendarMessages.tooManyShots),
  protocolStamp: z.string().max(calendarLimits.protocolStamp).optional(),
});
export type SubmitDisease = z.input<typeof SubmitDiseaseSchema>;

const NamedSchema = z.object({ id: Id, name: ShortTextSchema });

/**
 * docs/product.md §3 submit `setup`. The ids must be a real animal–enterprise–season combination
 * and `isAdult` must match the animal. The names are for the reader of the payload: the server
 * keeps the reference data's names. The ram has no birth date (docs/product.md §9): a birthDate
 * sent for him is ignored, as the scoped diseases call ignores it.
 */
export const CalendarSetupSchema = z.object({
  enterprise: NamedSchema,
  animal: NamedSchema.extend({ isAdult: z.boolean() }),
  season: NamedSchema,
  birthDate: CalendarDateSchema.nullable(),
  /**
   * Adults: the last calving or lambing of the block (decision 416). Null or absent (calendars
   * saved before blocks, older clients): the plan counts from birthDate alone.
   */
  birthEndDate: CalendarDateSchema.nullable().optional(),
  breedingDate: CalendarDateSchema.nullable(),
  herdStatus: HerdStatusMapSchema.optional(),
  /**
   * The calves graze where lungworm is a risk (decisions 415, 419); absent: yes on dairy farms,
   * no on suckler farms.
   */
  lungwormRisk: z.boolean({ error: calendarMessages.lungwormRiskInvalid }).optional(),
  /**
   * Decision 422: when the youngest of the group was born; checked against today on save
   * (checkYoungestBirthDate). Absent or null: not answered.
   */
  youngestBirthDate: IsoDateSchema.nullable().optional(),
});
export type CalendarSetup = z.infer<typeof CalendarSetupSchema>;

/**
 * docs/product.md §3 'Contact details at calendar finish' and §5 'Contact warnings': the confirm
 * popup's texts. Spec texts word for word.
 */
export const calendarContactMessages = {
  /** docs/product.md §5, word for word. */
  firstNameRequired: "* First name is required.",
  /** docs/product.md §5, word for word. */
  emailRequired: "* The email field is required.",
  /** docs/product.md §5: the server check flags an e-mail already used by another account. */
  emailTaken: "This email address belongs to another account. Please use your own.",
  phoneInvalid: "Please enter a valid mobile number, for example 087 123 4567.",
  emailInvalid: accountMessages.emailInvalid,
  termsRequired: accountMessages.termsRequired,
  textInvalid: accountMessages.unsupportedCharacters,
  /** Decision 425: the farmer's own save carries the confirmed details; only a vet's may leave them out. */
  contactRequired: "Please confirm your contact details.",
} as const;

/** Bounds on the contact details: the same as the account's own fields. */
export const calendarContactLimits = {
  name: fieldLimits.name,
  email: fieldLimits.email,
  /** Digits with spaces, dashes, dots, brackets and a leading `+`, as people type a number. */
  phoneNumber: 24,
} as const;

/** A name the farmer typed: trimmed, bounded, printable. */
function contactText(maxLength: number, typeMessage: string) {
  return z
    .string({ error: typeMessage })
    .trim()
    .refine((value) => countCharacters(value) <= maxLength, describeTooLong(maxLength))
    .refine(isPlainText, calendarContactMessages.textInvalid);
}

/** Absent, null and blank all mean "none". */
function toNullWhenBlank(value: string | null | undefined): string | null {
  return value ? value : null;
}

// The account settings' e-mail rules (format, 254 characters, plain text, lower case), so the
// popup and the settings page agree on what an address is.
const ContactEmailSchema = UpdateSettingsRequestSchema.shape.email.transform(toNullWhenBlank);

const phoneNumberPattern = /^\+?[\d\s\-.()]{6,24}$/;

const ContactPhoneNumberSchema = z
  .string({ error: calendarContactMessages.phoneInvalid })
  .trim()
  .refine(
    (value) => value === "" || phoneNumberPattern.test(value),
    calendarContactMessages.phoneInvalid,
  )
  // Kept as typed, less the spaces and punctuation: a number abroad stays dialable.
  .transform((value) => value.replace(/[\s\-.()]/g, ""))
  .nullish()
  .transform(toNullWhenBlank);

/**
 * docs/product.md §3 'Contact details at calendar finish': who the calendar is for and the vet to
 * tell. The farmer confirms them in the popup at every save; they are stored with the calendar (the
 * PDF names the vet) and never change the account's profile.
 *
 * A first name is required, and an e-mail or a mobile (docs/product.md D6: a farmer who
 * registered with a mobile alone can finish a calendar); without either the spec's
 * '* The email field is required.' shows on the e-mail. The vet's e-mail is optional.
 */
export const CalendarContactSchema = z
  .object({
    name: contactText(calendarContactLimits.name, calendarContactMessages.firstNameRequired).refine(
      (value) => value !== "",
      calendarContactMessages.firstNameRequired,
    ),
    surname: contactText(calendarContactLimits.name, calendarContactMessages.textInvalid)
      .nullish()
      .transform(toNullWhenBlank),
    phone_number: ContactPhoneNumberSchema,
    vet_email_address: ContactEmailSchema,
    email: ContactEmailSchema,
    /**
     * docs/product.md D18: asked only while the account has not agreed to the current terms; the
     * server refuses a save without it then, with the spec's message. True records the agreement.
     */
    agree_to_terms: z.boolean({ error: calendarContactMessages.termsRequired }).optional(),
  })
  .superRefine(
    (value, context) => {
      const fields: Partial<Record<string, unknown>> = value;
      const isBlank = (key: string) => {
        const field = fields[key];
        return typeof field !== "string" || field.trim() === "";
      };
      // A field that failed its own check already has its message; only absence counts here.
      if (isBlank("email") && isBlank("phone_number")) {
        context.addIssue({
          code: "custom",
          path: ["email"],
          message: calendarContactMessages.emailRequired,
        });
      }
    },
    // Runs even when other fields failed, so the popup shows every problem at once.
    { when: (payload) => typeof payload.value === "object" && payload.value !== null },
  );
export type CalendarContactInput = z.input<typeof CalendarContactSchema>;
export type CalendarContact = z.output<typeof CalendarContactSchema>;

/**
 * POST /api/calendar (action `create`, calendarId null) and PUT /api/calendar/:id (action
 * `update`, calendarId null or the id in the address): docs/product.md §3's submit payload. `data`
 * is what the engine's `prepareForSubmit` returns, with the setup's names added.
 *
 * The server checks it with the same engine: a real combination, the dates each animal needs,
 * diseases offered for the animal with their vaccine, shots from that vaccine's templates (or
 * added by the user), unique shot ids. It then stores `prepareForSubmit(restoreCalendar(data))`:
 * for a payload that came from `prepareForSubmit`, exactly what was sent. PUT replaces the whole
 * calendar. `contact` is what the farmer confirmed in the popup; it is stored with the calendar,
 * in the same transaction, and replaced on update. Bad input gets a 400 with field issues (paths
 * like `body.data.diseases.0.id` or `body.contact.email`), a body over
 * `calendarLimits.saveBodyBytes` (512 KiB) a 413; nothing is
 * written in either case.
 */
export const SubmitCalendarRequestSchema = z.object({
  calendarId: Id.nullable().default(null),
  action: z.enum([CalendarAction.create, CalendarAction.update], {
    error: calendarMessages.actionMismatch,
  }),
  /**
   * The farmer's confirmed details: required on the farmer's own saves. Decision 425: a vet of the
   * linked practice leaves it out (it is ignored if sent); the calendar keeps the farmer's.
   */
  contact: CalendarContactSchema.optional(),
  /**
   * Decision 424: on update, the version the save was made on (the detail's or the last save's
   * `updated_at`). A calendar saved since answers 409 and nothing is written. Without it (an older
   * client, a script) the last save wins, as before.
   */
  updated_at: z.iso.datetime({ offset: true }).optional(),
  data: z.object({
    setup: CalendarSetupSchema,
    diseases: z
      .array(SubmitDiseaseSchema)
      .min(1, calendarMessages.noDiseases)
      .max(calendarLimits.diseases, calendarMessages.tooManyDiseases)
      .refine(
        (diseases) =>
          diseases.reduce((count, disease) => count + disease.shots.length, 0) <=
          calendarLimits.shots,
        calendarMessages.tooManyShots,
      ),
  }),
});
requestPrechecks.set(SubmitCalendarRequestSchema, (value) =>
  countSubmittedShots(value) > calendarLimits.shots
    ? [{ path: ["data", "diseases"], message: calendarMessages.tooManyShots }]
    : [],
);

/**
 * The shots of a submit payload as it arrived, before any check: 30 columns of up to 200 each
 * pass each column's own limit, and checking 6,000 shots field by field held a node for seconds
 * (security round 3, H1), so the total is counted first.
 */
function countSubmittedShots(value: unknown): number {
  const diseases = readProperty(readProperty(value, "data"), "diseases");
  if (!Array.isArray(diseases)) return 0;
  let count = 0;
  for (const disease of diseases) {
    const shots = readProperty(disease, "shots");
    if (Array.isArray(shots)) count += shots.length;
  }
  return count;
}

function readProperty(value: unknown, key: string): unknown {
  return typeof value === "object" && value !== null && Object.hasOwn(value, key)
    ? (value as Record<string, unknown>)[key]
    : undefined;
}

export type SubmitCalendarRequest = z.input<typeof SubmitCalendarRequestSchema>;
export type ParsedSubmitCalendarRequest = z.output<typeof SubmitCalendarRequestSchema>;

/**
 * A calendar's secret iCalendar feed (docs/product.md D14), as four ways to subscribe. Each
 * link carries the same secret token: share them only with the farm. Regenerating gives new links
 * and the old ones answer 404. Only the calendar's owner is given them: a vet of the linked
 * practice gets no `feedUrls` (issue 23, M1), so nothing a vet was shown outlives their access.
 */
export const CalendarFeedUrlsSchema = z.object({
  /** The feed itself, `{PUBLIC_URL}/api/calendars/feed/{token}.ics`. */
  https: z.string(),
  /** The same with `webcal://`, for Apple Calendar and any app that handles webcal links. */
  webcal: z.string(),
  /** Google Calendar's "add by URL" page for the webcal link. */
  google: z.string(),
  /** Outlook.com's "subscribe from web" page for the https link. */
  outlook: z.string(),
});
export type CalendarFeedUrls = z.infer<typeof CalendarFeedUrlsSchema>;

const TimestampSchema = z.iso.datetime({ offset: true });

/**
 * The last save of a calendar by a vet of the linked practice rather than its owner: who and
 * when (decision 501), shown to the farmer. Null when no vet has edited it.
 */
export const VetEditSchema = z.object({
  by: z.string(),
  practice: z.string(),
  at: TimestampSchema,
});
export type VetEdit = z.infer<typeof VetEditSchema>;

/**
 * One saved calendar in GET /api/user/calendars and in the save answer: docs/product.md §3's
 * summary and listing fields, snake_case as the spec names them, plus where to get its PDF and its
 * feed.
 */
export const CalendarSummarySchema = z.object({
  id: Id,
  /** The calendar year: the later of the birth and breeding years (docs/product.md §4). */
  year: z.number().int(),
  created_at: TimestampSchema,
  updated_at: TimestampSchema,
  /** Names, as the reference data has them. */
  enterprise: z.string(),
  animal: z.string(),
  season: z.string(),
  birth_date: IsoDateSchema.nullable(),
  breeding_date: IsoDateSchema.nullable(),
  /** The diseases' names in column order, joined with ", ". */
  diseases: z.string(),
  /**
   * A path, `/api/calendars/{id}/preview.svg`: an SVG thumbnail (a year grid with dots in the
   * vaccines' colours). It needs the bearer token like every calendar call, so an `<img src>`
   * cannot load it: fetch it and show it through `URL.createObjectURL(blob)`.
   */
  previewImageUrl: z.string(),
  /** A path, `/api/calendars/{id}/download`: the PDF, also behind the bearer token. */
  downloadUrl: z.string(),
  /** The owner's alone: absent when a vet of the linked practice reads or saves the calendar. */
  feedUrls: CalendarFeedUrlsSchema.optional(),
  vet_edit: VetEditSchema.nullable().optional(),
});
export type CalendarSummary = z.infer<typeof CalendarSummarySchema>;

/** My Calendars comes in pages, so an account's listing costs the same however many it has. */
export const calendarListPage = { defaultSize: 20, maxSize: 50 } as const;

/**
 * GET /api/user/calendars query: `limit` calendars (default 20, at most 50) after `cursor`, the
 * opaque `nextCursor` of the page before; no cursor is the first page.
 */
export const ListCalendarsQuerySchema = z.object({
  cursor: z.string().max(100).optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(calendarListPage.maxSize)
    .default(calendarListPage.defaultSize),
});
export type ListCalendarsQuery = z.input<typeof ListCalendarsQuerySchema>;

/**
 * GET /api/user/calendars: one page of the signed-in user's own calendars, newest first.
 * `nextCursor` asks for the next page; null when this page is the last.
 */
export const ListCalendarsResponseSchema = z.object({
  calendars: z.array(CalendarSummarySchema),
  nextCursor: z.string().nullable(),
});
export type ListCalendarsResponse = z.infer<typeof ListCalendarsResponseSchema>;

/**
 * POST /api/calendar (201) and PUT /api/calendar/:id (200): docs/product.md §3 "the calendar with
 * its id".
 */
export const SubmitCalendarResponseSchema = z.object({ calendar: CalendarSummarySchema });
export type SubmitCalendarResponse = z.infer<typeof SubmitCalendarResponseSchema>;

/**
 * The contact details saved with a calendar, as the popup prefills them in edit mode. Null for a
 * calendar saved before contact details were kept. The agreement is asked again at every save.
 */
export const SavedCalendarContactSchema = z.object({
  name: z.string(),
  surname: z.string().nullable(),
  phone_number: z.string().nullable(),
  vet_email_address: z.string().nullable(),
  email: z.string().nullable(),
});
export type SavedCalendarContact = z.infer<typeof SavedCalendarContactSchema>;

/**
 * GET /api/calendars/:id: docs/product.md §3's detail (calendarId, setup, diseases). `diseases` is
 * exactly what was stored, in column order, with every shot's engine fields: pass `setup` and
 * `diseases` with the reference vaccines to the engine's `restoreCalendar` to edit it again.
 */
/**
 * A warning across the owner's calendars of the same animals (decision 420): two vaccines from two
 * calendars too close together, or a booster gap longer than the SPC allows where one calendar
 * hands over to the next. The message names both calendars and both shots, and what to do.
 */
export const FarmTimelineWarningBodySchema = z.object({
  rule: z.enum(["spacing", "boosterGap"]),
  /** The other calendar the warning names. */
  otherCalendarId: Id,
  message: z.string(),
});
export type FarmTimelineWarningBody = z.infer<typeof FarmTimelineWarningBodySchema>;

export const CalendarDetailSchema = z.object({
  calendarId: Id,
  setup: z.object({
    enterprise: z.object({ id: Id, name: z.string() }),
    animal: z.object({ id: Id, name: z.string(), isAdult: z.boolean() }),
    season: z.object({ id: Id, name: z.string() }),
    birthDate: IsoDateSchema.nullable(),
    birthEndDate: IsoDateSchema.nullable().optional(),
    breedingDate: IsoDateSchema.nullable(),
    herdStatus: HerdStatusMapSchema.optional(),
    /** Decision 419: the lungworm answer as saved; absent when the farmer gave none. */
    lungwormRisk: z.boolean().optional(),
    /** Decision 422: when the youngest of the group was born, as saved; null or absent: none. */
    youngestBirthDate: IsoDateSchema.nullable().optional(),
  }),
  diseases: z.array(
    z.object({ id: Id, vaccineId: Id.nullable(), shots: z.array(ScheduledShotSchema) }),
  ),
  /** What the farmer confirmed at the last save; null for calendars saved before it was kept. */
  contact: SavedCalendarContactSchema.nullable(),
  year: z.number().int(),
  created_at: TimestampSchema,
  updated_at: TimestampSchema,
  previewImageUrl: z.string(),
  downloadUrl: z.string(),
  /** The owner's alone: absent when a vet of the linked practice reads or saves the calendar. */
  feedUrls: CalendarFeedUrlsSchema.optional(),
  vet_edit: VetEditSchema.nullable().optional(),
  /**
   * The owner's herd size (cattle) or flock size (sheep) band, for the doses on 'Due next'
   * (docs/product.md §3): the owner's, not the viewer's, so a vet of the linked practice sees the farm's.
   * Null when the owner gave none.
   */
  farm_size: z.enum(farmSizeBands).nullable().optional(),
  /**
   * Decision 425: whose calendar a vet of the linked practice is editing, the farmer's full name
   * and farm name (null when the farmer gave none). Absent when the owner reads it.
   */
  owner: z.object({ name: z.string(), farm_name: z.string().nullable() }).optional(),
  /** Warnings across the owner's calendars of the same animals that name this one (decision 420). */
  farmTimelineWarnings: z.array(FarmTimelineWarningBodySchema).optional(),
});
export type CalendarDetail = z.infer<typeof CalendarDetailSchema>;

/** POST /api/calendars/:id/feed/regenerate: the new links; the old ones now answer 404. */
export const RegenerateFeedResponseSchema = z.object({
  message: z.string(),
  feedUrls: CalendarFeedUrlsSchema,
});
export type RegenerateFeedResponse = z.infer<typeof RegenerateFeedResponseSchema>;

/** DELETE /api/calendars/:id answers 204 with no body; its feed then answers 404 too. */
export const deleteCalendarStatus = 204;
