import { messageLinkPages, type DoseRange, type DosesDue } from "@vaxcal/contracts";
import { addDays, formatLongDate, type IsoDate } from "@vaxcal/schedule";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/database.ts";
import { findWeekStart, readIrishToday, type Clock } from "../../lib/clock.ts";
import type { MailMessage, MailTransport } from "../../mail/mail-transport.ts";
import { renderEmail } from "../../mail/render-email.ts";
import {
  OutboxChannel,
  OutboxStatus,
  MessageKind,
  createOutboxRepository,
} from "../../outbox/outbox.repository.ts";
import {
  ReminderKind,
  findIrishHour,
  ReminderChannel,
  createRemindersRepository,
  type ClaimedReminder,
  type DigestRecipient,
  type PlannedReminder,
  claimLeaseMs,
  retryDelaysMs,
  buildDigestUnsubscribeUrl,
} from "../reminders/index.ts";

/*
 * The weekly practice digest (decision 602): each Monday at 08:00 in Ireland, one e-mail per
 * practice listing its clients' shots due that week and the next, on the reminders ledger (one
 * row per practice and Monday, kind `practice_digest`), so it goes out once however often the job
 * runs and on however many workers.
 */

export const digestLocalHour = 8;
/** Lines of shots in one e-mail; the vaccines' totals are always all there. */
export const digestShotLines = 300;

/** Where a practice's doses due come from: the vet dashboard's computation, wired in by app.ts. */
export type ReadPracticeDosesDue = (
  practiceId: number,
  window: { from: IsoDate; to: IsoDate },
) => Promise<DosesDue>;

export type PracticeDigestDependencies = {
  db: Db;
  clock: Clock;
  /** Absent: the message is kept in the outbox table (held), as other e-mails are. */
  mail: MailTransport | undefined;
  readPracticeDosesDue: ReadPracticeDosesDue;
  secret: string;
  publicUrl: string;
  log: Pick<FastifyBaseLogger, "info" | "warn" | "error">;
  claimLeaseMs?: number;
};

export const digestReasons = {
  notWanted: "The weekly digest was turned off, or the practice's e-mail is not verified.",
  contactChanged: "The practice's e-mail has changed since the digest was planned.",
  weekOver: "The week had ended before the digest could be sent.",
  nothingDue: "Nothing was due that week or the next.",
} as const;

/** 08:00 in Ireland on `monday`: 08:00 UTC under GMT, 07:00 UTC under Irish Summer Time. */
export function findDigestSendAt(monday: IsoDate): Date {
  return findIrishHour(monday, digestLocalHour);
}

const weekday = new Intl.DateTimeFormat("en-IE", { weekday: "short", timeZone: "UTC" });

function formatDay(date: IsoDate): string {
  return `${weekday.format(new Date(`${date}T12:00:00Z`))} ${formatLongDate(date)}`;
}

function formatDoses(doses: DoseRange | null): string {
  if (!doses) return "herd size not known";
  return doses.max === null ? `${doses.min}+ doses` : `${doses.min} to ${doses.max} doses`;
}

function formatTotal(vaccine: DosesDue["weeks"][number]["vaccines"][number]): string {
  const farms = new Set(vaccine.shots.map((shot) => shot.client_id)).size;
  const counted = vaccine.unknown_farms < vaccine.shots.length ? formatDoses(vaccine.doses) : "";
  const unknown =
    vaccine.unknown_farms > 0
      ? `${vaccine.unknown_farms} ${vaccine.unknown_farms === 1 ? "shot" : "shots"} on farms of unknown size`
      : "";
  const doses = [counted, unknown].filter(Boolean).join(", plus ");
  return `${vaccine.vaccine}: ${doses} (${farms} ${farms === 1 ? "farm" : "farms"})`;
}

/**
 * Subject "Doses due this week and next: {practice}"; the body by week, then vaccine with its dose
 * total, then each shot: date, farm (or farmer), animal group, disease and doses.
 */
export function composeDigestEmail(options: {
  to: string;
  practiceName: string;
  monday: IsoDate;
  dosesDue: DosesDue;
  dashboardUrl: string;
  unsubscribeUrl: string;
}): MailMessage {
  const paragraphs = [
    `These are your clients' vaccinations due from ${formatDay(options.dosesDue.from)} to ${formatDay(options.dosesDue.to)}, as the dashboard shows them.`,
  ];
  let lines = 0;
  let left = 0;
  for (const week of options.dosesDue.weeks) {
    const title = week.week_start === options.monday ? "This week" : "Next week";
    paragraphs.push(`${title}, from ${formatDay(week.week_start)}`);
    for (const vaccine of week.vaccines) {
      paragraphs.push(formatTotal(vaccine));
      for (const shot of vaccine.shots) {
        if (lines >= digestShotLines) {
          left += 1;
          continue;
        }
        lines += 1;
        const farm = shot.farm_name ? `${shot.farm_name} (${shot.client_name})` : shot.client_name;
        paragraphs.push(
          `- ${formatDay(shot.date)}: ${farm}, ${shot.animal}, ${shot.disease}, ${formatDoses(shot.doses)}`,
        );
      }
    }
  }
  if (left > 0) paragraphs.push(`${left} more shots are on the dashboard.`);
  const rendered = renderEmail({
    subject: `Doses due this week and next: ${options.practiceName}`,
    greeting: "Hello,",
    paragraphs,
    action: { label: "Open the vet dashboard", url: options.dashboardUrl },
    afterword: [
      "Your practice gets this e-mail every Monday morning. The practice manager can turn it off on the dashboard.",
      `To stop this weekly e-mail, open this link: ${options.unsubscribeUrl}`,
    ],
  });
  return {
    to: options.to,
    ...rendered,
    headers: {
      "List-Unsubscribe": `<${options.unsubscribeUrl}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}

/** The practice id a digest row is about: its occurrence key is `practice-{id}`. */
function readPracticeId(row: ClaimedReminder): number {
  return Number(row.occurrenceKey.replace(/^practice-/, ""));
}

export function createPracticeDigestSender(dependencies: PracticeDigestDependencies) {
  const { db, clock, mail, log } = dependencies;
  const repository = createRemindersRepository(db);
  const messageIdHost = new URL(dependencies.publicUrl).hostname || "vaxcal.local";

  /**
   * Adds this week's row for every practice that gets the digest, once 08:00 on Monday (Irish)
   * has come. Run by the Monday cron and at every worker start; planning again adds nothing. A
   * worker that was down on Monday morning plans the week's digest when it starts, that week.
   */
  async function planDigests(): Promise<number> {
    const now = clock();
    const monday = findWeekStart(readIrishToday(now));
    const sendAt = findDigestSendAt(monday);
    if (now < sendAt) return 0;
    const recipients = await repository.listDigestRecipients();
    const planned: PlannedReminder[] = recipients.map((recipient) => ({
      kind: ReminderKind.practiceDigest,
      userId: recipient.userId,
      calendarId: null,
      occurrenceKey: `practice-${recipient.practiceId}`,
      channel: ReminderChannel.email,
      recipient: recipient.email,
      dueDate: monday,
      sendAt,
    }));
    return repository.insertPlanned(planned, now);
  }

  async function holdInOutbox(email: MailMessage) {
    await createOutboxRepository(db).insertMessage({
      channel: OutboxChannel.email,
      recipient: email.to,
      accountId: null,
      subject: email.subject,
      bodyText: email.text,
      bodyHtml: email.html,
      status: OutboxStatus.held,
      createdAt: clock(),
      kind: MessageKind.notification,
    });
  }

  /** Checks one claimed row again, builds its e-mail and sends it under the row's key. */
  async function sendRow(row: ClaimedReminder, recipient: DigestRecipient | undefined) {
    const now = clock();
    const today = readIrishToday(now);
    // The digest was turned off, or the address is no longer the practice's verified one.
    if (!recipient) {
      await repository.markClosed([row.id], "cancelled", digestReasons.notWanted, now);
      return false;
    }
    if (recipient.email !== row.recipient || recipient.userId !== row.userId) {
      await repository.markClosed([row.id], "cancelled", digestReasons.contactChanged, now);
      return false;
    }
    const weekEnd = addDays(row.dueDate, 6);
    if (today > weekEnd) {
      await repository.markClosed([row.id], "skipped", digestReasons.weekOver, now);
      return false;
    }
    const dosesDue = await dependencies.readPracticeDosesDue(recipient.practiceId, {
      // A digest sent late in its week (after downtime) lists what is still ahead.
      from: today > row.dueDate ? today : row.dueDate,
      to: addDays(row.dueDate, 13),
    });
    if (dosesDue.weeks.length === 0) {
      await repository.markClosed([row.id], "skipped", digestReasons.nothingDue, now);
      return false;
    }
    const email: MailMessage = {
      ...composeDigestEmail({
        to: row.recipient,
        practiceName: recipient.practiceName,
        monday: row.dueDate,
        dosesDue,
        dashboardUrl: `${dependencies.publicUrl}${messageLinkPages.vetDashboard}`,
        unsubscribeUrl: buildDigestUnsubscribeUrl(
          dependencies.publicUrl,
          dependencies.secret,
          recipient.practiceId,
          row.recipient,
        ),
      }),
      messageId: `${row.messageKey}.digest@${messageIdHost}`,
    };
    try {
      // SMTP cannot be asked afterwards; a resend carries the same Message-ID (decision 601).
      if (!mail) await holdInOutbox(email);
      else await mail.send(email);
      await repository.markSent([row.id], row.messageKey, clock());
      return true;
    } catch (error) {
      const delay = retryDelaysMs[row.attempts - 1];
      const retryAt = delay === undefined ? null : new Date(clock().getTime() + delay);
      const reason = error instanceof Error ? error.message : String(error);
      log.warn({ messageKey: row.messageKey, attempt: row.attempts }, `digest failed: ${reason}`);
      await repository.markAttemptFailed([row.id], reason.slice(0, 500), retryAt, clock());
      return false;
    }
  }

  /** Claims and sends every due digest row (new ones, retries, a dead worker's); returns sends. */
  async function sendDueDigests(batchSize = 50): Promise<number> {
    let sent = 0;
    for (;;) {
      const now = clock();
      const lease = new Date(now.getTime() + (dependencies.claimLeaseMs ?? claimLeaseMs));
      const claimed = await repository.claimDueDigests(now, lease, batchSize);
      if (claimed.length === 0) return sent;
      const recipients = new Map(
        (await repository.listDigestRecipients(claimed.map(readPracticeId))).map((recipient) => [
          recipient.practiceId,
          recipient,
        ]),
      );
      for (const row of claimed) {
        if (await sendRow(row, recipients.get(readPracticeId(row)))) sent += 1;
      }
      if (claimed.length < batchSize) return sent;
    }
  }

  return {
    planDigests,
    sendDueDigests,
    /** What the Monday job does: plan this week's digests, then send what is due. */
    async runDigests(): Promise<{ planned: number; sent: number }> {
      const planned = await planDigests();
      const sent = await sendDueDigests();
      return { planned, sent };
    },
  };
}

export type PracticeDigestSender = ReturnType<typeof createPracticeDigestSender>;
