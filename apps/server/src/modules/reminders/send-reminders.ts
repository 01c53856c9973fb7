import type { FastifyBaseLogger } from "fastify";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/database.ts";
import { listOccurrencesOfCalendars } from "../calendars/index.ts";
import { readIrishToday, type Clock } from "../../lib/clock.ts";
import type { MailMessage, MailTransport } from "../../mail/mail-transport.ts";
import {
  OutboxChannel,
  OutboxStatus,
  MessageKind,
  createOutboxRepository,
} from "../../outbox/outbox.repository.ts";
import type { SmsMessage, SmsTransport } from "../../sms/sms-transport.ts";
import { planReasons } from "./plan-reminders.ts";
import {
  composeReminderEmail,
  composeReminderText,
  type RemindedShot,
} from "./reminder-messages.ts";
import { isRemindable } from "./reminder-schedule.ts";
import {
  ReminderChannel,
  createRemindersRepository,
  type ClaimedReminder,
  type ReminderGroup,
} from "./reminders.repository.ts";
import { buildUnsubscribeUrl } from "./unsubscribe-link.ts";

/*
 * Sending reminders exactly once (decision 601). A batch of groups (one farmer, channel, recipient
 * and due date each) is claimed in one statement; each group's rows are checked again (calendar,
 * shot date, contact, consent), sent as one message under the group's message key, and marked
 * sent. A claim that a crash left behind is claimed again once its lease runs out and, for texts,
 * reconciled with the provider before anything is resent.
 */

export type ReminderSenderDependencies = {
  db: Db;
  clock: Clock;
  /** Absent: the message is kept in the outbox table (held), as other e-mails are. */
  mail: MailTransport | undefined;
  sms: SmsTransport | undefined;
  /** The calendar's printable PDF as its owner downloads it; null when it no longer exists. */
  renderCalendarPdf: (calendarId: number, ownerId: number) => Promise<Buffer | null>;
  secret: string;
  publicUrl: string;
  log: Pick<FastifyBaseLogger, "warn" | "error">;
  /** How long a claim is held before another worker may take it over; tests shorten it. */
  claimLeaseMs?: number;
};

// Far longer than a send may take (the transports time out after 15 s), so a live claim is never
// taken over; a dead worker's claims are retried after it.
export const claimLeaseMs = 5 * 60_000;
// After each failed attempt: 1 minute, 5, 30, 2 hours, 6 hours; the sixth failure is final.
export const retryDelaysMs = [60_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000, 6 * 60 * 60_000];
const sendConcurrency = 32;

export const sendReasons = {
  calendarDeleted: planReasons.calendarDeleted,
  shotMoved: planReasons.calendarChanged,
  shotPassed: planReasons.shotPassed,
  shotGiven: "The shot was marked as given.",
  textsOff: "Text reminders were turned off.",
  emailsOff: "E-mail reminders were turned off.",
  contactChanged: "The contact is no longer verified on the account.",
  noTransport: "No transport is configured for this channel.",
} as const;

type Message = { key: string; group: ReminderGroup; rows: ClaimedReminder[] };

async function readNames(db: Db) {
  const [diseases, vaccines] = await Promise.all([
    db.execute(sql`SELECT id, name FROM diseases`),
    db.execute(sql`SELECT id, name FROM vaccines`),
  ]);
  const toMap = (rows: Record<string, unknown>[]) =>
    new Map(rows.map((row) => [Number(row.id), String(row.name)]));
  return { diseases: toMap(diseases.rows), vaccines: toMap(vaccines.rows) };
}

async function runWithConcurrency<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
) {
  let next = 0;
  const runners = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next];
      next += 1;
      if (item !== undefined) await work(item);
    }
  });
  await Promise.all(runners);
}

export function createReminderSender(dependencies: ReminderSenderDependencies) {
  const { db, clock, mail, sms, log } = dependencies;
  const repository = createRemindersRepository(db);
  const messageIdHost = new URL(dependencies.publicUrl).hostname || "vaxcal.local";

  /** Checks each row again at send time; returns the shots still to remind of. */
  async function checkRows(messages: readonly Message[], today: string) {
    const rows = messages.flatMap((message) => message.rows);
    const calendarIds = [
      ...new Set(rows.flatMap((row) => (row.calendarId ? [row.calendarId] : []))),
    ];
    const dates = rows.map((row) => row.dueDate).sort();
    const [owners, occurrences, names] = await Promise.all([
      repository.readCalendarOwners(calendarIds),
      dates.length === 0
        ? Promise.resolve([])
        : listOccurrencesOfCalendars(db, calendarIds, dates[0] ?? today, dates.at(-1) ?? today),
      readNames(db),
    ]);
    const occurrenceByKey = new Map(
      occurrences.map((occurrence) => [
        `${occurrence.calendarId}|${occurrence.shotId}|${occurrence.date}`,
        occurrence,
      ]),
    );
    const closed = new Map<string, { status: "skipped" | "cancelled"; ids: number[] }>();
    const close = (row: ClaimedReminder, status: "skipped" | "cancelled", reason: string) => {
      const entry = closed.get(reason) ?? { status, ids: [] };
      entry.ids.push(row.id);
      closed.set(reason, entry);
    };
    const shots = new Map<number, RemindedShot>();
    const ownerNames = new Map<number, string>();
    for (const row of rows) {
      const owner = row.calendarId === null ? undefined : owners.get(row.calendarId);
      const occurrence = occurrenceByKey.get(
        `${row.calendarId}|${row.occurrenceKey}|${row.dueDate}`,
      );
      if (!owner || owner.userId !== row.userId)
        close(row, "cancelled", sendReasons.calendarDeleted);
      else if (!occurrence) close(row, "cancelled", sendReasons.shotMoved);
      else if (!isRemindable(occurrence, today))
        close(
          row,
          occurrence.given ? "cancelled" : "skipped",
          occurrence.given ? sendReasons.shotGiven : sendReasons.shotPassed,
        );
      else if (row.channel === ReminderChannel.sms && !owner.textsAllowed)
        close(row, "cancelled", sendReasons.textsOff);
      else if (row.channel === ReminderChannel.email && !owner.emailAllowed)
        close(row, "cancelled", sendReasons.emailsOff);
      else if (row.recipient !== (row.channel === ReminderChannel.sms ? owner.phone : owner.email))
        close(row, "cancelled", sendReasons.contactChanged);
      else {
        ownerNames.set(owner.userId, owner.ownerName);
        shots.set(row.id, {
          calendarId: occurrence.calendarId,
          animalName: owner.animalName,
          diseaseName: names.diseases.get(occurrence.diseaseId) ?? "Vaccination",
          vaccineName:
            occurrence.vaccineId === null
              ? null
              : (names.vaccines.get(occurrence.vaccineId) ?? null),
        });
      }
    }
    const now = clock();
    for (const [reason, entry] of closed) {
      await repository.markClosed(entry.ids, entry.status, reason, now);
    }
    return { shots, ownerNames };
  }

  async function buildMail(
    message: Message,
    shots: RemindedShot[],
    ownerName: string | undefined,
  ): Promise<MailMessage> {
    const calendarIds = [...new Set(shots.map((shot) => shot.calendarId))];
    const attachments = [];
    for (const calendarId of calendarIds) {
      const pdf = await dependencies.renderCalendarPdf(calendarId, message.group.userId);
      if (pdf) {
        attachments.push({
          filename: `calendar-${calendarId}.pdf`,
          content: pdf,
          contentType: "application/pdf",
        });
      }
    }
    return {
      ...composeReminderEmail({
        to: message.group.recipient,
        name: ownerName,
        dueDate: message.group.dueDate,
        shots,
        unsubscribeUrl: buildUnsubscribeUrl(
          dependencies.publicUrl,
          dependencies.secret,
          message.group.userId,
          message.group.recipient,
        ),
        publicUrl: dependencies.publicUrl,
      }),
      messageId: `${message.key}.reminder@${messageIdHost}`,
      attachments,
    };
  }

  /**
   * Without a transport (development): kept in the outbox table for /dev/outbox, an e-mail with
   * its files, in one transaction.
   */
  async function holdInOutbox(channel: OutboxChannel, outgoing: MailMessage | SmsMessage) {
    const isMail = "subject" in outgoing;
    await db.transaction(async (transaction) => {
      const outbox = createOutboxRepository(transaction);
      const messageId = await outbox.insertMessage({
        channel,
        recipient: outgoing.to,
        accountId: null,
        subject: isMail ? outgoing.subject : null,
        bodyText: isMail ? outgoing.text : outgoing.body,
        bodyHtml: isMail ? outgoing.html : null,
        status: OutboxStatus.held,
        createdAt: clock(),
        kind: MessageKind.notification,
      });
      if (isMail) await outbox.insertAttachments(messageId, outgoing.attachments ?? []);
    });
  }

  /**
   * Sends one message. A text is marked with the rest of its batch (`sentTexts`): a crash before
   * that mark is reconciled with the provider, so the batch costs one statement, not one per
   * text. An e-mail is marked at once, since SMTP cannot be asked afterwards.
   */
  async function sendMessage(
    message: Message,
    shots: RemindedShot[],
    ownerName: string | undefined,
    sentTexts: { ids: number[]; messageKey: string }[],
  ): Promise<void> {
    const ids = message.rows.map((row) => row.id);
    const isRetry = message.rows.some((row) => row.attempts > 1);
    try {
      if (message.group.channel === ReminderChannel.sms) {
        const text: SmsMessage = {
          to: message.group.recipient,
          body: composeReminderText(message.group.dueDate, shots),
          idempotencyKey: message.key,
        };
        if (!sms) await holdInOutbox(OutboxChannel.sms, text);
        else {
          // A claim retried after a crash or an unclear failure: was it accepted after all?
          const since = new Date(Math.min(...message.rows.map((row) => row.createdAt.getTime())));
          const accepted = isRetry && (await sms.wasAccepted(text, since));
          if (!accepted) await sms.send(text);
        }
        sentTexts.push({ ids, messageKey: message.key });
      } else {
        const email = await buildMail(message, shots, ownerName);
        // SMTP cannot be asked; a resend carries the same Message-ID (decision 601's window).
        if (!mail) await holdInOutbox(OutboxChannel.email, email);
        else await mail.send(email);
        await repository.markSent(ids, message.key, clock());
      }
    } catch (error) {
      const attempts = Math.max(...message.rows.map((row) => row.attempts));
      const delay = retryDelaysMs[attempts - 1];
      const retryAt = delay === undefined ? null : new Date(clock().getTime() + delay);
      const reason = error instanceof Error ? error.message : String(error);
      log.warn(
        { messageKey: message.key, channel: message.group.channel, attempt: attempts },
        `reminder delivery failed: ${reason}`,
      );
      await repository.markAttemptFailed(ids, reason.slice(0, 500), retryAt, clock());
    }
  }

  /** Claims, checks and sends the groups' due rows; returns how many messages went out. */
  async function sendGroups(groups: readonly ReminderGroup[]): Promise<number> {
    const now = clock();
    const lease = dependencies.claimLeaseMs ?? claimLeaseMs;
    const claimed = await repository.claimGroups(groups, now, new Date(now.getTime() + lease));
    if (claimed.length === 0) return 0;
    const messages = new Map<string, Message>();
    for (const row of claimed) {
      const message = messages.get(row.messageKey) ?? {
        key: row.messageKey,
        group: {
          userId: row.userId,
          channel: row.channel,
          recipient: row.recipient,
          dueDate: row.dueDate,
        },
        rows: [],
      };
      message.rows.push(row);
      messages.set(row.messageKey, message);
    }
    const { shots, ownerNames } = await checkRows([...messages.values()], readIrishToday(now));
    let sent = 0;
    const sentTexts: { ids: number[]; messageKey: string }[] = [];
    try {
      await runWithConcurrency([...messages.values()], sendConcurrency, async (message) => {
        const kept = message.rows.filter((row) => shots.has(row.id));
        if (kept.length === 0) return;
        await sendMessage(
          { ...message, rows: kept },
          kept.flatMap((row) => shots.get(row.id) ?? []),
          ownerNames.get(message.group.userId),
          sentTexts,
        );
        sent += 1;
      });
    } finally {
      await repository.markManySent(sentTexts, clock());
    }
    return sent;
  }

  return {
    sendGroups,
    /** Every due group, a batch at a time, in this process: for tests and a one-off run. */
    async sendDueReminders(batchSize = 200): Promise<number> {
      let total = 0;
      for (;;) {
        const groups = await repository.findDueGroups(clock(), batchSize);
        if (groups.length === 0) return total;
        const sent = await sendGroups(groups);
        total += sent;
        // Everything due was held by other workers: leave it to them.
        if (sent === 0 && groups.length < batchSize) return total;
      }
    },
  };
}

export type ReminderSender = ReturnType<typeof createReminderSender>;
