import { and, desc, eq, gt, inArray, isNotNull, lt, lte, min, or, sql } from "drizzle-orm";
import type { Executor } from "../db/database.ts";
import { outboxAttachments, outboxMessages } from "../db/schema/outbox.ts";

export const OutboxChannel = { email: "email", sms: "sms" } as const;
export type OutboxChannel = (typeof OutboxChannel)[keyof typeof OutboxChannel];

/**
 * What a message is for. Each kind has daily budgets of its own (message-budget.ts): a security
 * message (verification, password reset, contact change) never waits on what notifications used.
 */
export const MessageKind = { security: "security", notification: "notification" } as const;
export type MessageKind = (typeof MessageKind)[keyof typeof MessageKind];

export const OutboxStatus = {
  /** Waiting for (another) delivery attempt. */
  pending: "pending",
  sent: "sent",
  /** Gave up after the last attempt. */
  failed: "failed",
  /** No transport is configured for the channel: kept for /dev/outbox. */
  held: "held",
} as const;
export type OutboxStatus = (typeof OutboxStatus)[keyof typeof OutboxStatus];

export type NewOutboxMessage = {
  channel: OutboxChannel;
  recipient: string;
  subject: string | null;
  bodyText: string;
  bodyHtml: string | null;
  status: typeof OutboxStatus.pending | typeof OutboxStatus.held;
  createdAt: Date;
  accountId: number | null;
  kind: MessageKind;
};

/** A file sent with an e-mail (a reminder's calendar PDF). */
export type OutboxAttachment = { filename: string; contentType: string; content: Buffer };

/** An attachment as /dev/outbox lists it: no content. */
export type OutboxAttachmentEntry = Pick<OutboxAttachment, "filename" | "contentType"> & {
  id: number;
  messageId: number;
  bytes: number;
};

/** How many messages a budget counted since a moment, and the oldest of them. */
export type BudgetCount = { count: number; oldest: Date | null };

export type OutboxMessage = typeof outboxMessages.$inferSelect;

export function createOutboxRepository(db: Executor) {
  return {
    async insertMessage(message: NewOutboxMessage): Promise<number> {
      const [row] = await db
        .insert(outboxMessages)
        .values({ ...message, nextAttemptAt: message.createdAt })
        .returning({ id: outboxMessages.id });
      if (!row) throw new Error("insert into outbox_messages returned no row");
      return row.id;
    },

    /** Holds a budget's lock until the transaction ends (at once outside one). */
    async lockBudget(key: string): Promise<void> {
      await db.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
    },

    async countDestinationMessages(
      channel: OutboxChannel,
      recipient: string,
      kind: MessageKind,
      since: Date,
    ): Promise<BudgetCount> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int`, oldest: min(outboxMessages.createdAt) })
        .from(outboxMessages)
        .where(
          and(
            eq(outboxMessages.recipient, recipient),
            eq(outboxMessages.channel, channel),
            eq(outboxMessages.kind, kind),
            gt(outboxMessages.createdAt, since),
          ),
        );
      return { count: row?.count ?? 0, oldest: row?.oldest ?? null };
    },

    async countAccountMessages(
      accountId: number,
      kind: MessageKind,
      since: Date,
    ): Promise<{ all: BudgetCount; texts: BudgetCount }> {
      const isText = eq(outboxMessages.channel, OutboxChannel.sms);
      const [row] = await db
        .select({
          count: sql<number>`count(*)::int`,
          oldest: min(outboxMessages.createdAt),
          texts: sql<number>`(count(*) FILTER (WHERE ${isText}))::int`,
          oldestText: sql<Date | null>`min(${outboxMessages.createdAt}) FILTER (WHERE ${isText})`,
        })
        .from(outboxMessages)
        .where(
          and(
            eq(outboxMessages.accountId, accountId),
            eq(outboxMessages.kind, kind),
            gt(outboxMessages.createdAt, since),
          ),
        );
      const oldestText = row?.oldestText ? new Date(row.oldestText) : null;
      return {
        all: { count: row?.count ?? 0, oldest: row?.oldest ?? null },
        texts: { count: row?.texts ?? 0, oldest: oldestText },
      };
    },

    /**
     * Takes the due pending messages (all, or those ids) for one attempt. The lease moves their
     * next attempt into the future, so another node or sweep does not send them at the same time.
     */
    async claimDueMessages(
      now: Date,
      leaseUntil: Date,
      ids?: readonly number[],
    ): Promise<OutboxMessage[]> {
      const due = and(
        eq(outboxMessages.status, OutboxStatus.pending),
        lte(outboxMessages.nextAttemptAt, now),
        ids ? inArray(outboxMessages.id, [...ids]) : undefined,
      );
      const claimable = db
        .select({ id: outboxMessages.id })
        .from(outboxMessages)
        .where(due)
        .orderBy(outboxMessages.id)
        .limit(100)
        .for("update", { skipLocked: true });
      return db
        .update(outboxMessages)
        .set({ attempts: sql`${outboxMessages.attempts} + 1`, nextAttemptAt: leaseUntil })
        .where(inArray(outboxMessages.id, claimable))
        .returning();
    },

    async markSent(id: number, now: Date): Promise<void> {
      await db
        .update(outboxMessages)
        .set({
          status: OutboxStatus.sent,
          sentAt: now,
          bodyText: null,
          bodyHtml: null,
          lastError: null,
        })
        .where(eq(outboxMessages.id, id));
    },

    /** `retryAt` null means the last attempt is spent. */
    async markAttemptFailed(id: number, error: string, retryAt: Date | null): Promise<void> {
      await db
        .update(outboxMessages)
        .set(
          retryAt
            ? { lastError: error, nextAttemptAt: retryAt }
            : { lastError: error, status: OutboxStatus.failed },
        )
        .where(eq(outboxMessages.id, id));
    },

    /**
     * Clears the bodies (reset links, codes) of messages that will never be sent: failed ones a
     * retention period after their last attempt, held ones that long after they were queued.
     * Sent ones lose theirs at once (markSent).
     */
    async clearStaleBodies(before: Date): Promise<void> {
      await db
        .update(outboxMessages)
        .set({ bodyText: null, bodyHtml: null })
        .where(
          and(
            isNotNull(outboxMessages.bodyText),
            or(
              and(
                eq(outboxMessages.status, OutboxStatus.failed),
                lt(outboxMessages.nextAttemptAt, before),
              ),
              and(
                eq(outboxMessages.status, OutboxStatus.held),
                lt(outboxMessages.createdAt, before),
              ),
            ),
          ),
        );
    },

    listRecentMessages(limit: number): Promise<OutboxMessage[]> {
      return db
        .select()
        .from(outboxMessages)
        .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
        .limit(limit);
    },

    /** Keeps a held message's files for /dev/outbox. */
    async insertAttachments(messageId: number, attachments: readonly OutboxAttachment[]) {
      if (attachments.length === 0) return;
      await db
        .insert(outboxAttachments)
        .values(attachments.map((attachment) => ({ messageId, ...attachment })));
    },

    /** The files of these messages, without their content. */
    listAttachments(messageIds: readonly number[]): Promise<OutboxAttachmentEntry[]> {
      if (messageIds.length === 0) return Promise.resolve([]);
      return db
        .select({
          id: outboxAttachments.id,
          messageId: outboxAttachments.messageId,
          filename: outboxAttachments.filename,
          contentType: outboxAttachments.contentType,
          bytes: sql<number>`octet_length(${outboxAttachments.content})::int`,
        })
        .from(outboxAttachments)
        .where(inArray(outboxAttachments.messageId, [...messageIds]))
        .orderBy(outboxAttachments.id);
    },

    async findAttachment(id: number): Promise<OutboxAttachment | undefined> {
      const [row] = await db
        .select({
          filename: outboxAttachments.filename,
          contentType: outboxAttachments.contentType,
          content: outboxAttachments.content,
        })
        .from(outboxAttachments)
        .where(eq(outboxAttachments.id, id));
      return row;
    },
  };
}

export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
