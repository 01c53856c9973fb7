import { messageLinkPages } from "@vaxcal/contracts";
import type { FastifyBaseLogger } from "fastify";
import type { Db, Executor } from "../../db/database.ts";
import type { Clock } from "../../lib/clock.ts";
import { MessageBudgetError } from "../../outbox/message-budget.ts";
import type { MessageOutbox } from "../../outbox/message-outbox.ts";
import { MessageKind } from "../../outbox/outbox.repository.ts";
import { createVetChangeNoticesRepository, type VetChangeNotice } from "../calendars/index.ts";
import { createRemindersRepository } from "./reminders.repository.ts";
import {
  composeVetChangeEmail,
  composeVetChangeText,
  findNetShotChanges,
} from "./vet-change-messages.ts";

/*
 * Decision 427: the farmer's message about a vet's change goes once the vet has stopped saving
 * for the quiet period (5 minutes), on the farmer's reminder channels (verified and on), as a
 * notification in the outbox. A notice whose net change is nothing (a shot moved and moved back)
 * sends nothing. Each notice is claimed, sent and deleted in one transaction, so two workers
 * never tell the farmer twice, and a crash before the commit leaves it for the next tick.
 */

/** How long after a vet's last save of a calendar the farmer is told (VET_CHANGE_QUIET_SECONDS). */
export const vetChangeQuietMs = 5 * 60_000;
const noticesPerTransaction = 50;

export type VetChangeNoticeSenderDependencies = {
  db: Db;
  clock: Clock;
  outbox: MessageOutbox;
  publicUrl: string;
  /** Tests and the browser journeys shorten it. */
  quietMs?: number;
  log: Pick<FastifyBaseLogger, "warn">;
};

export function createVetChangeNoticeSender(dependencies: VetChangeNoticeSenderDependencies) {
  const { db, clock, outbox, log } = dependencies;
  const quietMs = dependencies.quietMs ?? vetChangeQuietMs;

  /** Queues one notice's messages in the transaction; answers their outbox ids. */
  async function queueNotice(transaction: Executor, notice: VetChangeNotice): Promise<number[]> {
    const reminders = createRemindersRepository(transaction);
    const owner = (await reminders.readCalendarOwners([notice.calendarId])).get(notice.calendarId);
    if (!owner) return [];
    const sent = await reminders.listSentShotReminders(owner.userId, notice.windowFrom);
    const sentKeys = new Set(
      sent
        .filter((reminder) => reminder.calendarId === notice.calendarId)
        .map((reminder) => `${reminder.occurrenceKey}@${reminder.dueDate}`),
    );
    const changes = findNetShotChanges(notice.before, notice.after, sentKeys);
    if (changes.length === 0) return [];
    const ids: number[] = [];
    const queue = async (channel: string, send: () => Promise<number>) => {
      try {
        ids.push(await send());
      } catch (error) {
        // Over the farmer's daily budget: this channel's message is dropped, not retried.
        if (!(error instanceof MessageBudgetError)) throw error;
        log.warn({ calendarId: notice.calendarId, channel }, "vet change message over budget");
      }
    };
    if (owner.textsAllowed && owner.phone) {
      const phone = owner.phone;
      const body = composeVetChangeText({
        practice: notice.practiceName,
        animal: owner.animalName,
        changes,
      });
      await queue("sms", () =>
        outbox.queueText(transaction, { to: phone, body }, owner.userId, MessageKind.notification),
      );
    }
    if (owner.emailAllowed && owner.email) {
      const email = composeVetChangeEmail({
        to: owner.email,
        name: owner.ownerName,
        practice: notice.practiceName,
        vet: notice.vetName,
        animal: owner.animalName,
        calendarUrl: `${dependencies.publicUrl}${messageLinkPages.calendarDetail.replace(":id", String(notice.calendarId))}`,
        changes,
      });
      await queue("email", () =>
        outbox.queueEmail(transaction, email, owner.userId, MessageKind.notification),
      );
    }
    return ids;
  }

  return {
    /**
     * Sends the notices whose vet has been quiet for the period, a batch per transaction;
     * answers how many messages were queued. The outbox delivers them (or holds them for
     * /dev/outbox without a transport).
     */
    async sendDueNotices(): Promise<number> {
      let queued = 0;
      for (;;) {
        const quietSince = new Date(clock().getTime() - quietMs);
        const { claimed, ids } = await db.transaction(async (transaction) => {
          const notices = createVetChangeNoticesRepository(transaction);
          const due = await notices.claimQuiet(quietSince, noticesPerTransaction);
          const messageIds: number[] = [];
          for (const notice of due) messageIds.push(...(await queueNotice(transaction, notice)));
          await notices.delete(due.map((notice) => notice.id));
          return { claimed: due.length, ids: messageIds };
        });
        queued += ids.length;
        outbox.deliverSoon(ids);
        if (claimed < noticesPerTransaction) return queued;
      }
    },
  };
}

export type VetChangeNoticeSender = ReturnType<typeof createVetChangeNoticeSender>;
