import { sql } from "drizzle-orm";
import { check, customType, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { idColumn, timestampColumn } from "./columns.ts";

/**
 * Every e-mail and text VaxCal sends, written in the same transaction as the change that causes
 * it, then delivered. Without a transport for its channel a message stays `held`, and the
 * development page /dev/outbox shows it. Bodies are cleared once delivered: they can hold links
 * that log someone in.
 */
export const outboxMessages = pgTable(
  "outbox_messages",
  {
    id: idColumn(),
    channel: text("channel").notNull(),
    recipient: text("recipient").notNull(),
    /** The account the message is sent for, when there is one: its daily budget counts it. */
    accountId: integer("account_id"),
    /**
     * `security` (verification, password reset, contact change) or `notification` (invites,
     * link notices, reminders, digests): each kind has budgets of its own, so notifications can
     * never use up what a password reset needs (issue 23, M5).
     */
    kind: text("kind").notNull().default("security"),
    subject: text("subject"),
    bodyText: text("body_text"),
    bodyHtml: text("body_html"),
    status: text("status").notNull(),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    createdAt: timestampColumn("created_at").notNull(),
    nextAttemptAt: timestampColumn("next_attempt_at").notNull(),
    sentAt: timestampColumn("sent_at"),
  },
  (table) => [
    check("outbox_messages_channel", sql`${table.channel} IN ('email', 'sms')`),
    check("outbox_messages_kind", sql`${table.kind} IN ('security', 'notification')`),
    check("outbox_messages_status", sql`${table.status} IN ('pending', 'sent', 'failed', 'held')`),
    index("outbox_messages_due").on(table.status, table.nextAttemptAt),
    index("outbox_messages_recipient_created").on(table.recipient, table.createdAt),
    index("outbox_messages_account_created").on(table.accountId, table.createdAt),
  ],
);

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => "bytea" });

/**
 * The files of a message held for /dev/outbox (a reminder's calendar PDF), so the development
 * page lists and opens them. Only held messages keep them: a transport sends them and nothing
 * is stored. They go with their message.
 */
export const outboxAttachments = pgTable(
  "outbox_attachments",
  {
    id: idColumn(),
    messageId: integer("message_id")
      .notNull()
      .references(() => outboxMessages.id, { onDelete: "cascade" }),
    filename: text("filename").notNull(),
    contentType: text("content_type").notNull(),
    content: bytea("content").notNull(),
  },
  (table) => [index("outbox_attachments_message").on(table.messageId)],
);
