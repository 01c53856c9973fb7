import type { ReminderContactState } from "@vaxcal/contracts";
import type { IsoDate } from "@vaxcal/schedule";
import { sql } from "drizzle-orm";
import type { Executor } from "../../db/database.ts";

/*
 * The reminders ledger's SQL (decision 601). Rows move planned → sending → sent, or to failed,
 * skipped or cancelled with a reason; `sending` with a past `next_attempt_at` is a claim whose
 * worker died, and is claimed again like a due planned row, then reconciled before any resend.
 */

export const ReminderChannel = { email: "email", sms: "sms" } as const;
export type ReminderChannel = (typeof ReminderChannel)[keyof typeof ReminderChannel];

export const ReminderStatus = {
  planned: "planned",
  sending: "sending",
  sent: "sent",
  failed: "failed",
  skipped: "skipped",
  cancelled: "cancelled",
} as const;
export type ReminderStatus = (typeof ReminderStatus)[keyof typeof ReminderStatus];

export type PlannedReminder = {
  kind: string;
  userId: number;
  calendarId: number | null;
  occurrenceKey: string;
  channel: ReminderChannel;
  recipient: string;
  dueDate: IsoDate;
  sendAt: Date;
};

/** The rows one message covers: one farmer, one channel, one recipient, one due date. */
export type ReminderGroup = {
  userId: number;
  channel: ReminderChannel;
  recipient: string;
  dueDate: IsoDate;
};

export type ClaimedReminder = PlannedReminder & {
  id: number;
  messageKey: string;
  attempts: number;
  createdAt: Date;
};

/** The owner's contacts as reminders need them: a channel counts only when verified and allowed. */
export type ReminderContacts = {
  userId: number;
  email: string | null;
  emailAllowed: boolean;
  phone: string | null;
  textsAllowed: boolean;
};

/** A shot reminder that went out (or is going out now). */
export type SentShotReminder = {
  calendarId: number;
  occurrenceKey: string;
  channel: ReminderChannel;
  recipient: string;
  dueDate: IsoDate;
  sentAt: Date;
};

/** A practice that gets the weekly digest, and where it goes. */
export type DigestRecipient = {
  practiceId: number;
  practiceName: string;
  email: string;
  userId: number;
};

/** A calendar as a reminder names it: its animals, and its owner's first name for the greeting. */
export type CalendarLabel = {
  calendarId: number;
  userId: number;
  animalName: string;
  ownerName: string;
};

export type ReminderFailure = {
  channel: ReminderChannel;
  recipient: string;
  dueDate: IsoDate;
  failedAt: Date;
  reason: string;
};

const insertChunk = 2_000;

type Row = Record<string, unknown>;

function toIsoDate(value: unknown): IsoDate {
  return value instanceof Date ? value.toISOString().slice(0, 10) : String(value);
}

function toClaimed(row: Row): ClaimedReminder {
  return {
    id: Number(row.id),
    kind: String(row.kind),
    userId: Number(row.user_id),
    calendarId: row.calendar_id === null ? null : Number(row.calendar_id),
    occurrenceKey: String(row.occurrence_key),
    channel: row.channel as ReminderChannel,
    recipient: String(row.recipient),
    dueDate: toIsoDate(row.due_date),
    sendAt: new Date(row.send_at as string),
    messageKey: String(row.message_key),
    attempts: Number(row.attempts),
    createdAt: new Date(row.created_at as string),
  };
}

export function createRemindersRepository(db: Executor) {
  return {
    /** The owners' contacts of these calendars, by calendar id; a deleted calendar is absent. */
    async readCalendarOwners(
      calendarIds: readonly number[],
    ): Promise<Map<number, CalendarLabel & ReminderContacts>> {
      const result = new Map<number, CalendarLabel & ReminderContacts>();
      if (calendarIds.length === 0) return result;
      const { rows } = await db.execute(sql`
        SELECT c.id AS calendar_id, c.user_id, a.name AS animal_name, u.name AS owner_name,
               u.email, u.email_verified_at IS NOT NULL AND u.notify_email AS email_allowed,
               u.phone, u.phone_verified_at IS NOT NULL AND u.notify_phone AS texts_allowed
        FROM calendars c
        JOIN users u ON u.id = c.user_id
        JOIN animals a ON a.id = c.animal_id
        WHERE c.id = ANY(${`{${calendarIds.join(",")}}`}::int[])`);
      for (const row of rows) {
        result.set(Number(row.calendar_id), {
          calendarId: Number(row.calendar_id),
          userId: Number(row.user_id),
          animalName: String(row.animal_name),
          ownerName: String(row.owner_name),
          email: (row.email as string | null) ?? null,
          emailAllowed: row.email_allowed === true,
          phone: (row.phone as string | null) ?? null,
          textsAllowed: row.texts_allowed === true,
        });
      }
      return result;
    },

    /**
     * One account's contacts, each with whether it is verified and whether its reminders are on,
     * for the shared rule `listReminderRecipients`; undefined for an account that does not exist.
     */
    async readUserContacts(userId: number): Promise<ReminderContactState | undefined> {
      const { rows } = await db.execute(sql`
        SELECT email, email_verified_at IS NOT NULL AS email_verified, notify_email,
               phone, phone_verified_at IS NOT NULL AS phone_verified, notify_phone
        FROM users WHERE id = ${userId}`);
      const row = rows[0];
      if (!row) return undefined;
      return {
        email: (row.email as string | null) ?? null,
        emailVerified: row.email_verified === true,
        emailsOn: row.notify_email === true,
        phone: (row.phone as string | null) ?? null,
        phoneVerified: row.phone_verified === true,
        textsOn: row.notify_phone === true,
      };
    },

    /**
     * The account's shot reminders already sent or being sent for shots due from `fromDueDate`:
     * what the farmer's list says went out, instead of what would go.
     */
    async listSentShotReminders(userId: number, fromDueDate: IsoDate): Promise<SentShotReminder[]> {
      const { rows } = await db.execute(sql`
        SELECT calendar_id, occurrence_key, channel, recipient, due_date, status,
               COALESCE(sent_at, send_at) AS sent_at
        FROM reminder_deliveries
        WHERE user_id = ${userId} AND kind = 'shot' AND status IN ('sent', 'sending')
          AND due_date >= ${fromDueDate}::date`);
      return rows.map((row) => ({
        calendarId: Number(row.calendar_id),
        occurrenceKey: String(row.occurrence_key),
        channel: row.channel as ReminderChannel,
        recipient: String(row.recipient),
        dueDate: toIsoDate(row.due_date),
        sentAt: new Date(row.sent_at as string),
      }));
    },

    /** Adds what is not planned yet; a row already in the ledger, in any state, is left alone. */
    async insertPlanned(reminders: readonly PlannedReminder[], now: Date): Promise<number> {
      let inserted = 0;
      for (let start = 0; start < reminders.length; start += insertChunk) {
        const chunk = reminders.slice(start, start + insertChunk).map((reminder) => ({
          ...reminder,
          sendAt: reminder.sendAt.toISOString(),
        }));
        const result = await db.execute(sql`
          INSERT INTO reminder_deliveries (kind, user_id, calendar_id, occurrence_key, channel,
            recipient, due_date, send_at, status, next_attempt_at, created_at, updated_at)
          SELECT kind, "userId", "calendarId", "occurrenceKey", channel, recipient, "dueDate",
                 "sendAt", 'planned', "sendAt", ${now}, ${now}
          FROM jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) AS r(kind text, "userId" int,
            "calendarId" int, "occurrenceKey" text, channel text, recipient text, "dueDate" date,
            "sendAt" timestamptz)
          ON CONFLICT ON CONSTRAINT reminder_deliveries_once DO NOTHING`);
        inserted += result.rowCount ?? 0;
      }
      return inserted;
    },

    /**
     * Cancels the calendar's planned rows that are not in `keep` (keys from `toPlanKey`): a shot
     * moved or removed, a contact changed. Rows being sent or done are history and stay.
     */
    async cancelPlannedExcept(
      calendarId: number,
      keep: readonly string[],
      reason: string,
      now: Date,
    ): Promise<number> {
      const result = await db.execute(sql`
        UPDATE reminder_deliveries
        SET status = 'cancelled', reason = ${reason}, updated_at = ${now}
        WHERE calendar_id = ${calendarId} AND status = 'planned'
          AND NOT (occurrence_key || '|' || channel || '|' || recipient || '|' || due_date::text
                   = ANY(${`{${keep.map((key) => JSON.stringify(key)).join(",")}}`}::text[]))`);
      return result.rowCount ?? 0;
    },

    /**
     * The same for several calendars in one statement: each calendar's planned rows not in
     * `keep` (keys from `toCalendarPlanKey`, which carry the calendar).
     */
    async cancelPlannedOfCalendarsExcept(
      calendarIds: readonly number[],
      keep: readonly string[],
      reason: string,
      now: Date,
    ): Promise<number> {
      if (calendarIds.length === 0) return 0;
      const result = await db.execute(sql`
        UPDATE reminder_deliveries
        SET status = 'cancelled', reason = ${reason}, updated_at = ${now}
        WHERE calendar_id = ANY(${`{${calendarIds.join(",")}}`}::int[]) AND status = 'planned'
          AND NOT (calendar_id::text || '|' || occurrence_key || '|' || channel || '|' || recipient
                   || '|' || due_date::text
                   = ANY(${`{${keep.map((key) => JSON.stringify(key)).join(",")}}`}::text[]))`);
      return result.rowCount ?? 0;
    },

    /** Cancels one channel's planned rows of an account (the farmer turned it off). */
    async cancelPlannedOfUser(
      userId: number,
      channel: ReminderChannel,
      reason: string,
      now: Date,
    ): Promise<number> {
      const result = await db.execute(sql`
        UPDATE reminder_deliveries SET status = 'cancelled', reason = ${reason}, updated_at = ${now}
        WHERE user_id = ${userId} AND channel = ${channel} AND status = 'planned'
          AND kind = 'shot'`);
      return result.rowCount ?? 0;
    },

    /** Groups with a row due now, oldest first. */
    async findDueGroups(now: Date, limit: number): Promise<ReminderGroup[]> {
      const { rows } = await db.execute(sql`
        SELECT user_id, channel, recipient, due_date, min(next_attempt_at) AS due
        FROM reminder_deliveries
        WHERE status IN ('planned', 'sending') AND next_attempt_at <= ${now} AND kind = 'shot'
        GROUP BY user_id, channel, recipient, due_date
        ORDER BY due LIMIT ${limit}`);
      return rows.map((row) => ({
        userId: Number(row.user_id),
        channel: row.channel as ReminderChannel,
        recipient: String(row.recipient),
        dueDate: toIsoDate(row.due_date),
      }));
    },

    /**
     * Claims the groups' due rows for one attempt, in one statement: rows another worker holds are
     * skipped, and the lease keeps them from being claimed again until it runs out. A row keeps
     * its message key for ever; rows claimed for the first time get `rem-{smallest id}` of their
     * group, so one message carries one key.
     */
    async claimGroups(
      groups: readonly ReminderGroup[],
      now: Date,
      leaseUntil: Date,
    ): Promise<ClaimedReminder[]> {
      if (groups.length === 0) return [];
      const { rows } = await db.execute(sql`
        WITH wanted AS (
          SELECT * FROM jsonb_to_recordset(${JSON.stringify(groups)}::jsonb)
            AS g("userId" int, channel text, recipient text, "dueDate" date)
        ), picked AS (
          SELECT d.id FROM reminder_deliveries d
          JOIN wanted w ON d.user_id = w."userId" AND d.channel = w.channel
            AND d.recipient = w.recipient AND d.due_date = w."dueDate"
          WHERE d.status IN ('planned', 'sending') AND d.next_attempt_at <= ${now}
            AND d.kind = 'shot'
          FOR UPDATE OF d SKIP LOCKED
        ), keyed AS (
          SELECT d.id, coalesce(d.message_key, 'rem-' || min(d.id) OVER (
            PARTITION BY d.user_id, d.channel, d.recipient, d.due_date, d.message_key IS NULL
          )) AS message_key
          FROM reminder_deliveries d JOIN picked p ON p.id = d.id
        )
        UPDATE reminder_deliveries d
        SET status = 'sending', attempts = d.attempts + 1, next_attempt_at = ${leaseUntil},
            message_key = keyed.message_key, updated_at = ${now}
        FROM keyed WHERE d.id = keyed.id
        RETURNING d.*`);
      return rows.map(toClaimed);
    },

    /** Only rows still held under this key: a claim that lost its lease cannot mark another's. */
    async markSent(ids: readonly number[], messageKey: string, now: Date): Promise<void> {
      await db.execute(sql`
        UPDATE reminder_deliveries
        SET status = 'sent', sent_at = ${now}, reason = NULL, updated_at = ${now}
        WHERE id = ANY(${`{${ids.join(",")}}`}::int[]) AND message_key = ${messageKey}
          AND status = 'sending'`);
    },

    /** `markSent` for many messages in one statement: each id with the key it was sent under. */
    async markManySent(
      messages: readonly { ids: readonly number[]; messageKey: string }[],
      now: Date,
    ): Promise<void> {
      if (messages.length === 0) return;
      const pairs = messages.flatMap((message) =>
        message.ids.map((id) => ({ id, key: message.messageKey })),
      );
      await db.execute(sql`
        UPDATE reminder_deliveries d
        SET status = 'sent', sent_at = ${now}, reason = NULL, updated_at = ${now}
        FROM jsonb_to_recordset(${JSON.stringify(pairs)}::jsonb) AS p(id int, key text)
        WHERE d.id = p.id AND d.message_key = p.key AND d.status = 'sending'`);
    },

    /** `retryAt` null: the last attempt is spent and the rows fail for good, with the reason. */
    async markAttemptFailed(
      ids: readonly number[],
      reason: string,
      retryAt: Date | null,
      now: Date,
    ): Promise<void> {
      await db.execute(sql`
        UPDATE reminder_deliveries
        SET status = ${retryAt ? "planned" : "failed"}, reason = ${reason},
            next_attempt_at = coalesce(${retryAt}, next_attempt_at), updated_at = ${now}
        WHERE id = ANY(${`{${ids.join(",")}}`}::int[]) AND status = 'sending'`);
    },

    /** Ends rows that will not be sent, e.g. skipped (shot passed) or cancelled (calendar gone). */
    async markClosed(
      ids: readonly number[],
      status: typeof ReminderStatus.skipped | typeof ReminderStatus.cancelled,
      reason: string,
      now: Date,
    ): Promise<void> {
      if (ids.length === 0) return;
      await db.execute(sql`
        UPDATE reminder_deliveries SET status = ${status}, reason = ${reason}, updated_at = ${now}
        WHERE id = ANY(${`{${ids.join(",")}}`}::int[]) AND status IN ('planned', 'sending')`);
    },

    /** After downtime: rows whose shot date has passed are skipped, never sent late. */
    async skipPastDue(today: IsoDate, reason: string, now: Date): Promise<number> {
      const result = await db.execute(sql`
        UPDATE reminder_deliveries SET status = 'skipped', reason = ${reason}, updated_at = ${now}
        WHERE status IN ('planned', 'sending') AND due_date < ${today}::date AND kind = 'shot'`);
      return result.rowCount ?? 0;
    },

    /**
     * The practices that get this week's digest (decision 602): the digest is on, and the
     * practice's e-mail is its manager's login, verified like a farmer's. The ledger row goes to
     * the manager's account.
     */
    async listDigestRecipients(practiceIds?: readonly number[]): Promise<DigestRecipient[]> {
      const only = practiceIds
        ? sql`AND p.id = ANY(${`{${practiceIds.join(",")}}`}::int[])`
        : sql``;
      const { rows } = await db.execute(sql`
        SELECT p.id AS practice_id, p.vet_practice_name, p.email, u.id AS user_id
        FROM vet_practices p
        JOIN vet_practice_members m ON m.vet_practice_id = p.id
        JOIN users u ON u.id = m.user_id AND u.email = p.email
        WHERE p.digest_emails AND p.email IS NOT NULL AND u.email_verified_at IS NOT NULL ${only}
        ORDER BY p.id`);
      return rows.map((row) => ({
        practiceId: Number(row.practice_id),
        practiceName: String(row.vet_practice_name),
        email: String(row.email),
        userId: Number(row.user_id),
      }));
    },

    /** Cancels a practice's planned digest (its one-click link turned the digest off). */
    async cancelPlannedDigest(practiceId: number, reason: string, now: Date): Promise<number> {
      const result = await db.execute(sql`
        UPDATE reminder_deliveries SET status = 'cancelled', reason = ${reason}, updated_at = ${now}
        WHERE kind = 'practice_digest' AND occurrence_key = ${`practice-${practiceId}`}
          AND status = 'planned'`);
      return result.rowCount ?? 0;
    },

    /**
     * Claims due digest rows for one attempt, like `claimGroups`: one row is one message, and its
     * key is `dig-{id}`, kept through retries.
     */
    async claimDueDigests(now: Date, leaseUntil: Date, limit: number): Promise<ClaimedReminder[]> {
      const { rows } = await db.execute(sql`
        WITH picked AS (
          SELECT id FROM reminder_deliveries
          WHERE kind = 'practice_digest' AND status IN ('planned', 'sending')
            AND next_attempt_at <= ${now}
          ORDER BY next_attempt_at LIMIT ${limit}
          FOR UPDATE SKIP LOCKED
        )
        UPDATE reminder_deliveries d
        SET status = 'sending', attempts = d.attempts + 1, next_attempt_at = ${leaseUntil},
            message_key = coalesce(d.message_key, 'dig-' || d.id), updated_at = ${now}
        FROM picked WHERE d.id = picked.id
        RETURNING d.*`);
      return rows.map(toClaimed);
    },

    /** The account's failed reminders, newest first, for Account Settings. */
    async listFailures(userId: number, limit: number): Promise<ReminderFailure[]> {
      const { rows } = await db.execute(sql`
        SELECT channel, recipient, due_date, updated_at, reason
        FROM reminder_deliveries
        WHERE user_id = ${userId} AND status = 'failed'
        ORDER BY updated_at DESC, id DESC LIMIT ${limit}`);
      return rows.map((row) => ({
        channel: row.channel as ReminderChannel,
        recipient: String(row.recipient),
        dueDate: toIsoDate(row.due_date),
        failedAt: new Date(row.updated_at as string),
        reason: String(row.reason ?? ""),
      }));
    },
  };
}

/** A ledger row's identity within its calendar, as `cancelPlannedExcept` compares it. */
export function toPlanKey(
  reminder: Pick<PlannedReminder, "occurrenceKey" | "channel" | "recipient" | "dueDate">,
): string {
  return `${reminder.occurrenceKey}|${reminder.channel}|${reminder.recipient}|${reminder.dueDate}`;
}

/** `toPlanKey` with the calendar in front: unique across calendars. */
export function toCalendarPlanKey(
  reminder: Pick<
    PlannedReminder,
    "calendarId" | "occurrenceKey" | "channel" | "recipient" | "dueDate"
  >,
): string {
  return `${reminder.calendarId}|${toPlanKey(reminder)}`;
}

export type RemindersRepository = ReturnType<typeof createRemindersRepository>;
