import { z } from "zod";
import { IsoDateSchema } from "./reference.ts";

/*
 * "A protocol changed since your calendar was saved" (decision 405). A saved calendar
 * keeps its shots when an admin changes a protocol (or a dataset correction reaches it); its
 * farmer, or the linked practice, sees the difference first and updates the calendar in one go.
 */

export const protocolUpdatePaths = {
  /** GET: the difference today's protocol would make. POST: make it. */
  one: "/api/calendars/:id/protocol-update",
  /** GET: which of the signed-in user's calendars have an update waiting (My Calendars). */
  list: "/api/user/calendars/protocol-updates",
} as const;

export function buildProtocolUpdatePath(calendarId: number): string {
  return protocolUpdatePaths.one.replace(":id", String(calendarId));
}

/** Every text the calls return and the pages show, in farm language. */
export const protocolUpdateMessages = {
  noticeTitle: "The vaccine schedule has changed",
  noticeBody:
    "A vaccine schedule behind this calendar changed since it was saved. Your calendar has not changed. See what would change before you update it.",
  cardNotice: "The vaccine schedule changed since you saved this calendar.",
  updateButton: "Update my calendar",
  previewTitle: "Update my calendar",
  previewIntro: "This is what would change on your calendar:",
  confirmButton: "Update my calendar",
  cancelButton: "Keep it as it is",
  keptIntro: "These shots stay as they are:",
  keptChosen: "You set this date yourself, so it stays. Check it with your vet.",
  keptGiven: "Already marked as given, so it stays.",
  updated: "Your calendar is updated to the current vaccine schedule.",
  nothingToUpdate: "Your calendar already follows the current vaccine schedule.",
  changedMeanwhile:
    "The calendar or the vaccine schedule changed while you were looking. Have another look at what would change.",
  loadFailed: "We could not check the vaccine schedule for this calendar. Please try again.",
  applyFailed: "We could not update your calendar. Please try again.",
} as const;

/**
 * `product`: the disease's default vaccine is another one now, so the column would change to it
 * (its shots follow as `removed`, `added` and `kept`); the others are what happens to one shot.
 */
export const ProtocolChangeKindSchema = z.enum([
  "product",
  "moved",
  "changed",
  "added",
  "removed",
  "kept",
]);
export type ProtocolChangeKind = z.infer<typeof ProtocolChangeKindSchema>;

const ShotStateSchema = z.object({
  date: IsoDateSchema,
  /** 0 once, N every N years. */
  is_recurrent: z.number().int().nonnegative(),
});

export const ProtocolChangeSchema = z.object({
  kind: ProtocolChangeKindSchema,
  diseaseId: z.number().int(),
  diseaseName: z.string(),
  shotId: z.string(),
  /** The shot's name as the calendar shows it: its own name, else the vaccine's. */
  name: z.string(),
  before: ShotStateSchema.nullable(),
  after: ShotStateSchema.nullable(),
  /** Why a `kept` shot stays: the farmer chose its date, or it is marked as given. */
  reason: z.enum(["chosen", "given"]).nullable(),
  /** Only for `product`: the vaccine's name on the calendar now, and the one it would get. */
  product: z.object({ before: z.string(), after: z.string() }).nullable().optional(),
});
export type ProtocolChange = z.infer<typeof ProtocolChangeSchema>;

/** GET …/protocol-update: empty `changes` (and a null token) when there is nothing to update. */
export const ProtocolUpdatePreviewSchema = z.object({
  changes: z.array(ProtocolChangeSchema),
  /** Send it back to apply exactly this difference; it changes when the calendar or protocol does. */
  token: z.string().nullable(),
});
export type ProtocolUpdatePreview = z.infer<typeof ProtocolUpdatePreviewSchema>;

export const ApplyProtocolUpdateRequestSchema = z.object({
  token: z.string().min(1).max(100),
});
export type ApplyProtocolUpdateRequest = z.infer<typeof ApplyProtocolUpdateRequestSchema>;

export const ApplyProtocolUpdateResponseSchema = z.object({
  message: z.string(),
  updated_at: z.string(),
});
export type ApplyProtocolUpdateResponse = z.infer<typeof ApplyProtocolUpdateResponseSchema>;

export const ListProtocolUpdatesResponseSchema = z.object({
  calendarIds: z.array(z.number().int()),
});
export type ListProtocolUpdatesResponse = z.infer<typeof ListProtocolUpdatesResponseSchema>;
