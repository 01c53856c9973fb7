import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, unique } from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";
import { dateColumn, idColumn, timestampColumn } from "./columns.ts";

/*
 * The reminders ledger (decision 601): one row per thing that must be sent once, e.g. the text
 * about one shot occurrence of one calendar to one mobile for one due date. The unique key is what
 * "once" means; a job claims rows, sends them under their message key (the provider's idempotency
 * key and the e-mail's Message-ID) and marks them sent. `kind` lets other reminders (the vet
 * practice digest) share the table and the jobs.
 */
export const reminderDeliveries = pgTable(
  "reminder_deliveries",
  {
    id: idColumn(),
    /** What is reminded of: `shot` (a farmer's shot occurrence) for now. */
    kind: text("kind").notNull(),
    /** The account the message goes to; its rows go with it. */
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Not a foreign key: a deleted calendar's rows stay, cancelled, as the record of what was sent. */
    calendarId: integer("calendar_id"),
    /** The engine's shot id of the occurrence (`{first}~{cycle}` for a copy). */
    occurrenceKey: text("occurrence_key").notNull(),
    channel: text("channel").notNull(),
    recipient: text("recipient").notNull(),
    /** The shot's date: the day the reminder is about. */
    dueDate: dateColumn("due_date").notNull(),
    /** 09:00 in Ireland, 7 days before the due date. */
    sendAt: timestampColumn("send_at").notNull(),
    status: text("status").notNull(),
    /**
     * Set when the row is first claimed and kept through retries: `rem-{smallest id}` of the rows
     * sent together in one message. Sent as the provider's idempotency key and in the Message-ID.
     */
    messageKey: text("message_key"),
    attempts: integer("attempts").notNull().default(0),
    /** When the row may be claimed again: after a failed attempt's back-off or a claim's lease. */
    nextAttemptAt: timestampColumn("next_attempt_at").notNull(),
    /** Why it failed, was skipped or was cancelled, in words the farmer can read. */
    reason: text("reason"),
    sentAt: timestampColumn("sent_at"),
    createdAt: timestampColumn("created_at").notNull(),
    updatedAt: timestampColumn("updated_at").notNull(),
  },
  (table) => [
    unique("reminder_deliveries_once")
      .on(
        table.kind,
        table.calendarId,
        table.occurrenceKey,
        table.channel,
        table.recipient,
        table.dueDate,
      )
      .nullsNotDistinct(),
    index("reminder_deliveries_due")
      .on(table.nextAttemptAt)
      .where(sql`${table.status} IN ('planned', 'sending')`),
    index("reminder_deliveries_calendar").on(table.calendarId),
    index("reminder_deliveries_user_status").on(table.userId, table.status),
    check("reminder_deliveries_channel", sql`${table.channel} IN ('email', 'sms')`),
    check(
      "reminder_deliveries_status",
      sql`${table.status} IN ('planned', 'sending', 'sent', 'failed', 'skipped', 'cancelled')`,
    ),
  ],
);
