import { z } from "zod";

/** GET /api/user/reminders: the reminder channels' state and the reminders that failed. */
export const reminderPaths = {
  status: "/api/user/reminders",
} as const;

export const ReminderFailureSchema = z.object({
  channel: z.enum(["email", "sms"]),
  /** Shortened: `087…` or `mar…`, never the whole contact. */
  recipient: z.string(),
  /** The shot's date, YYYY-MM-DD. */
  due_date: z.string(),
  failed_at: z.string(),
  reason: z.string(),
});
export type ReminderFailure = z.infer<typeof ReminderFailureSchema>;

export const ReminderStatusResponseSchema = z.object({
  email_reminders: z.boolean(),
  text_reminders: z.boolean(),
  failures: z.array(ReminderFailureSchema),
});
export type ReminderStatusResponse = z.infer<typeof ReminderStatusResponseSchema>;
