import { z } from "zod";
import { IsoDateSchema } from "./reference.ts";

/*
 * "This week on the farm" (decision 603): the farmer's home after login, one list across all
 * their saved calendars of the shots overdue, due this week and in the next weeks, each with the
 * reminder that will go (or went) and where.
 */

export const farmWeekPaths = {
  list: "/api/user/farm-week",
} as const;

export const farmWeekLimits = {
  /** Weeks after this one the list covers, at most and by default. */
  weeksAhead: 8,
  /** How far back an overdue shot is still listed. */
  overdueWeeks: 8,
  /** Items in one answer; `truncated` says when more were due. */
  items: 200,
} as const;

/** Every text the list's calls return or its pages show. */
export const farmWeekMessages = {
  title: "This week on the farm",
  loading: "Loading what is due on your farm…",
  loadFailed: "We could not load what is due on your farm. Please try again.",
  empty: "Nothing is due in the next 8 weeks, and nothing is overdue.",
  noCalendars: "You have no saved calendars yet.",
  overdue: "Overdue",
  thisWeek: "Due this week",
  nextWeeks: "Next weeks",
  truncated: "Only the first 200 shots are listed. Open a calendar to see the rest.",
  unverified:
    "No reminder will go: verify your mobile number or e-mail address in Settings to get reminders.",
  remindersOff: "No reminder will go: text and e-mail reminders are turned off in Settings.",
  datePassed: "No reminder: the date has passed.",
  weeksInvalid: "Ask for 1 to 8 weeks.",
} as const;

export const FarmWeekQuerySchema = z.object({
  weeks: z.coerce
    .number({ error: farmWeekMessages.weeksInvalid })
    .int({ error: farmWeekMessages.weeksInvalid })
    .min(1, { error: farmWeekMessages.weeksInvalid })
    .max(farmWeekLimits.weeksAhead, { error: farmWeekMessages.weeksInvalid })
    .optional(),
});
export type FarmWeekQuery = z.infer<typeof FarmWeekQuerySchema>;

export const FarmWeekGroup = { overdue: "overdue", thisWeek: "this_week", later: "later" } as const;
export type FarmWeekGroup = (typeof FarmWeekGroup)[keyof typeof FarmWeekGroup];

/** One reminder about one shot: where it goes and when (09:00 in Ireland, 7 days before). */
export const FarmWeekReminderSchema = z.object({
  channel: z.enum(["sms", "email"]),
  /** The farmer's own contact, whole: `+353871234567` or the e-mail address. */
  recipient: z.string(),
  /** When it goes (planned) or went (sent), as an instant. */
  at: z.iso.datetime({ offset: true }),
  status: z.enum(["planned", "sent"]),
});
export type FarmWeekReminder = z.infer<typeof FarmWeekReminderSchema>;

export const FarmWeekItemSchema = z.object({
  calendar_id: z.number().int(),
  /** The animal group: `Cows`. */
  animal: z.string(),
  /** The calendar as My Calendars names it: `Cows, Spring calving 2027`. */
  calendar: z.string(),
  /** The engine's shot id, as the given-shots calls name it. */
  shot_id: z.string(),
  date: IsoDateSchema,
  group: z.enum(["overdue", "this_week", "later"]),
  /** The Monday of the shot's week. */
  week_start: IsoDateSchema,
  disease: z.string(),
  /** Null when the calendar names no vaccine for the disease. */
  vaccine: z.string().nullable(),
  /** Empty when none will go: see `no_reminder` and the answer's `no_reminder_reason`. */
  reminders: z.array(FarmWeekReminderSchema),
  /** `date_passed` for an overdue shot; null otherwise. */
  no_reminder: z.enum(["date_passed"]).nullable(),
});
export type FarmWeekItem = z.infer<typeof FarmWeekItemSchema>;

export const FarmWeekChannelSchema = z.object({
  channel: z.enum(["sms", "email"]),
  recipient: z.string(),
  verified: z.boolean(),
  /** Reminders on for this channel in Settings. */
  on: z.boolean(),
});
export type FarmWeekChannel = z.infer<typeof FarmWeekChannelSchema>;

export const FarmWeekResponseSchema = z.object({
  /** Today in Ireland, by the server's clock. */
  today: IsoDateSchema,
  /** The last day the list covers. */
  to: IsoDateSchema,
  calendars: z.number().int(),
  items: z.array(FarmWeekItemSchema),
  truncated: z.boolean(),
  /** The account's contacts; a reminder goes to each one verified and on. */
  channels: z.array(FarmWeekChannelSchema),
  /** Why no reminder goes to any channel (`unverified`, `off`); null when one does. */
  no_reminder_reason: z.enum(["unverified", "off"]).nullable(),
});
export type FarmWeekResponse = z.infer<typeof FarmWeekResponseSchema>;
