import type { FastifyBaseLogger } from "fastify";
import type { Db, Executor } from "../db/database.ts";
import type { MailMessage, MailTransport } from "../mail/mail-transport.ts";
import type { Clock } from "../lib/clock.ts";
import type { SmsMessage, SmsTransport } from "../sms/sms-transport.ts";
import { checkMessageBudget } from "./message-budget.ts";
import {
  MessageKind,
  OutboxChannel,
  OutboxStatus,
  createOutboxRepository,
  type OutboxMessage,
} from "./outbox.repository.ts";

export type MessageOutboxDependencies = {
  db: Db;
  /** Absent: e-mails are held in the outbox for /dev/outbox. */
  mail: MailTransport | undefined;
  /** Absent: texts are held in the outbox for /dev/outbox. */
  sms: SmsTransport | undefined;
  clock: Clock;
  log: FastifyBaseLogger;
};

// A send that has not finished within the lease is tried again by the next sweep.
const leaseMs = 5 * 60_000;
// After each failed attempt: wait 1 minute, then 5, 30, 2 hours; the fifth failure is final.
const retryDelaysMs = [60_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000];
// Long enough to look into a failed delivery; then its body, which may log someone in, goes.
export const unsentBodyRetentionMs = 7 * 24 * 60 * 60_000;

/**
 * The one way VaxCal sends e-mails and texts. Callers queue a message in the transaction of the
 * change that causes it, then ask for delivery after the commit, so a rolled-back change sends
 * nothing and a crash between commit and send loses nothing: `deliverDueMessages` picks it up.
 */
export function createMessageOutbox({ db, mail, sms, clock, log }: MessageOutboxDependencies) {
  const inFlight = new Set<Promise<void>>();

  async function queue(
    executor: Executor,
    channel: OutboxChannel,
    recipient: string,
    accountId: number | null,
    subject: string | null,
    bodyText: string,
    bodyHtml: string | null,
    kind: MessageKind,
  ): Promise<number> {
    const now = clock();
    await checkMessageBudget(executor, { channel, recipient, accountId, kind }, now);
    const hasTransport = channel === OutboxChannel.email ? Boolean(mail) : Boolean(sms);
    return createOutboxRepository(executor).insertMessage({
      channel,
      recipient,
      accountId,
      subject,
      bodyText,
      bodyHtml,
      status: hasTransport ? OutboxStatus.pending : OutboxStatus.held,
      createdAt: now,
      kind,
    });
  }

  async function sendOne(message: OutboxMessage): Promise<void> {
    if (message.channel === OutboxChannel.email && mail) {
      await mail.send({
        to: message.recipient,
        subject: message.subject ?? "",
        text: message.bodyText ?? "",
        html: message.bodyHtml ?? "",
      });
    } else if (message.channel === OutboxChannel.sms && sms) {
      await sms.send({ to: message.recipient, body: message.bodyText ?? "" });
    } else {
      throw new Error(`no transport for ${message.channel}`);
    }
  }

  async function deliver(ids?: readonly number[]): Promise<number> {
    const repository = createOutboxRepository(db);
    const now = clock();
    const claimed = await repository.claimDueMessages(now, new Date(now.getTime() + leaseMs), ids);
    for (const message of claimed) {
      try {
        await sendOne(message);
        await repository.markSent(message.id, clock());
      } catch (error) {
        const delay = retryDelaysMs[message.attempts - 1];
        const retryAt = delay === undefined ? null : new Date(clock().getTime() + delay);
        // The error names the transport's problem; the recipient is never logged.
        const reason = error instanceof Error ? error.message : String(error);
        log.warn(
          { outboxMessageId: message.id, channel: message.channel, attempt: message.attempts },
          `message delivery failed: ${reason}`,
        );
        await repository.markAttemptFailed(message.id, reason.slice(0, 500), retryAt);
      }
    }
    return claimed.length;
  }

  return {
    /**
     * Queues in the caller's transaction, within the daily budgets of the recipient and of the
     * account it is sent for (null: no account yet), counted per kind (security unless told);
     * over budget throws MessageBudgetError.
     */
    queueEmail: (
      executor: Executor,
      message: MailMessage,
      accountId: number | null,
      kind: MessageKind = MessageKind.security,
    ) =>
      queue(
        executor,
        OutboxChannel.email,
        message.to,
        accountId,
        message.subject,
        message.text,
        message.html,
        kind,
      ),

    queueText: (
      executor: Executor,
      message: SmsMessage,
      accountId: number | null,
      kind: MessageKind = MessageKind.security,
    ) => queue(executor, OutboxChannel.sms, message.to, accountId, null, message.body, null, kind),

    /**
     * Sends the given queued messages now, without making the caller wait: a slow relay must not
     * slow a login or a password reset (nor reveal, by its timing, that an account exists).
     */
    deliverSoon(ids: readonly number[]): void {
      if (ids.length === 0) return;
      const delivery = deliver(ids)
        .then(() => undefined)
        .catch((error: unknown) => log.error({ err: error }, "outbox delivery failed"));
      inFlight.add(delivery);
      void delivery.finally(() => inFlight.delete(delivery));
    },

    /**
     * Sends every due message and clears the bodies of those past retention; a worker calls it
     * on a schedule. Returns how many it tried to send.
     */
    async deliverDueMessages(): Promise<number> {
      const before = new Date(clock().getTime() - unsentBodyRetentionMs);
      await createOutboxRepository(db).clearStaleBodies(before);
      return deliver();
    },

    /** Resolves when the deliveries started by `deliverSoon` have finished (tests, shutdown). */
    async whenIdle(): Promise<void> {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
  };
}

export type MessageOutbox = ReturnType<typeof createMessageOutbox>;
