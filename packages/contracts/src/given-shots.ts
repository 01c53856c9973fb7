import { z } from "zod";
import { describeTooLong, isPlainText } from "./accounts.ts";
import { IsoDateSchema } from "./reference.ts";

/**
 * Shots marked as given on a saved calendar (docs/product.md D19): the start of the herd's
 * medicine record. The farmer, or a vet of the practice the farmer linked, records the date given,
 * the batch number, who gave it and a note against one dated shot of the saved plan. The shot is
 * named by the engine's shot id: the first occurrence's id, or `{first}~{cycle}` for a copy
 * (decision 402), exactly as the saved calendar's detail and grid name it.
 */

/** Every text the given-shot calls return or the pages show. */
export const givenShotMessages = {
  shotNotOnCalendar:
    "This shot is not on the saved calendar. Save your changes first, then mark it as given.",
  givenOnInFuture: "The date given cannot be after today.",
  givenOnTooFar:
    "The date given must be within a year of the date the shot was planned for. Please check the date.",
  batchRequired: "Please enter the batch number from the vaccine pack.",
  textInvalid: "Please use only letters, numbers and punctuation.",
  notMarked: "This shot is not marked as given.",
  /** A new record was asked for (If-None-Match: *) and the shot already has one (decision 603). */
  alreadyGiven: "This shot is already marked as given. Open its calendar to see the record.",
  recorded: "Marked as given.",
  undone: "No longer marked as given.",
  loadFailed: "We could not load which shots were given. Please try again.",
  saveFailed: "We could not save this. Please try again.",
} as const;

export const givenShotLimits = {
  batch: 40,
  givenBy: 100,
  note: 500,
  /** How far the date given may be from the planned date, in days, either way. */
  daysFromPlanned: 366,
} as const;

function countCharacters(value: string): number {
  return [...value].length;
}

/** A text the farmer typed: trimmed, bounded, printable (a note may have line breaks). */
function typedText(maxLength: number, { allowLineBreaks = false } = {}) {
  return z
    .string()
    .trim()
    .refine((value) => countCharacters(value) <= maxLength, describeTooLong(maxLength))
    .refine(
      (value) => isPlainText(allowLineBreaks ? value.replace(/\r?\n/g, " ") : value),
      givenShotMessages.textInvalid,
    );
}

const optionalText = (maxLength: number, options?: { allowLineBreaks?: boolean }) =>
  typedText(maxLength, options)
    .nullish()
    .transform((value) => (value ? value : null));

/**
 * PUT /api/calendars/:id/given-shots/:shotId: records the shot as given, or corrects the record.
 * `givenOn` defaults to the planned date, or today when the shot is planned for later; it may not
 * be after today (Ireland) nor more than a year from the planned date. The batch is required.
 */
export const RecordGivenShotRequestSchema = z.object({
  givenOn: IsoDateSchema.nullish(),
  batch: typedText(givenShotLimits.batch).refine(
    (value) => value !== "",
    givenShotMessages.batchRequired,
  ),
  givenBy: optionalText(givenShotLimits.givenBy),
  note: optionalText(givenShotLimits.note, { allowLineBreaks: true }),
});
export type RecordGivenShotRequest = z.input<typeof RecordGivenShotRequestSchema>;

/** One shot recorded as given. */
export const GivenShotSchema = z.object({
  shotId: z.string(),
  /** The date the saved plan had for the shot when it was recorded. */
  plannedOn: IsoDateSchema,
  givenOn: IsoDateSchema,
  batch: z.string(),
  givenBy: z.string().nullable(),
  note: z.string().nullable(),
  recordedAt: z.iso.datetime({ offset: true }),
});
export type GivenShot = z.infer<typeof GivenShotSchema>;

export const RecordGivenShotResponseSchema = z.object({ givenShot: GivenShotSchema });
export type RecordGivenShotResponse = z.infer<typeof RecordGivenShotResponseSchema>;

/** GET /api/calendars/:id/given-shots: every record of the calendar, by planned date. */
export const ListGivenShotsResponseSchema = z.object({ givenShots: z.array(GivenShotSchema) });
export type ListGivenShotsResponse = z.infer<typeof ListGivenShotsResponseSchema>;

export const givenShotPaths = {
  list: "/api/calendars/:id/given-shots",
  /** PUT records (or corrects), DELETE undoes (204). */
  one: "/api/calendars/:id/given-shots/:shotId",
} as const;

export function buildGivenShotPath(calendarId: number, shotId?: string): string {
  const list = givenShotPaths.list.replace(":id", String(calendarId));
  return shotId === undefined ? list : `${list}/${encodeURIComponent(shotId)}`;
}

/**
 * The doses one shot needs, from the herd or flock size band the farmer gave (one dose per
 * animal): `51–100`. Without a size, `1 per animal`.
 */
export function describeDosesNeeded(farmSize: string | null | undefined): string {
  switch (farmSize) {
    case "1-50":
      return "up to 50";
    case "51-100":
      return "51–100";
    case "101-200":
      return "101–200";
    case "200+":
      return "over 200";
    default:
      return "1 per animal";
  }
}
