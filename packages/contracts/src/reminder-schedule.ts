/*
 * When and where a shot's reminder goes (docs/product.md D16, decisions 601 and 603): at 09:00
 * in Ireland, 7 days before the shot, to each contact the farmer has verified and allows. The
 * server plans the ledger with these functions and the web app shows the same line the farmer
 * will get ("Text to 087 123 4567 on Mon 14 Dec, 09:00"), so the rule is written once.
 */

export const reminderDaysBefore = 7;
export const reminderLocalHour = 9;
export const reminderTimeZone = "Europe/Dublin";

export const ReminderChannelName = { email: "email", sms: "sms" } as const;
export type ReminderChannelName = (typeof ReminderChannelName)[keyof typeof ReminderChannelName];

const dublinParts = new Intl.DateTimeFormat("en-GB", {
  timeZone: reminderTimeZone,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
});

/** Minutes Ireland is ahead of UTC at `instant` (0 or 60). */
function readDublinOffsetMinutes(instant: Date): number {
  const parts = Object.fromEntries(
    dublinParts.formatToParts(instant).map((part) => [part.type, part.value]),
  );
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
  );
  return Math.round((asUtc - instant.getTime()) / 60_000);
}

/**
 * `hour`:00 in Ireland on `date` (YYYY-MM-DD), as an instant. Clocks change at 01:00 UTC, so any
 * hour from 02:00 on exists exactly once on every day, the change days included.
 */
export function findIrishHour(date: string, hour: number): Date {
  const asUtc = new Date(`${date}T${String(hour).padStart(2, "0")}:00:00Z`);
  return new Date(asUtc.getTime() - readDublinOffsetMinutes(asUtc) * 60_000);
}

/** When the reminder about a shot on `dueDate` (YYYY-MM-DD) goes out: 09:00 Irish, 7 days before. */
export function findReminderSendAt(dueDate: string): Date {
  const day = new Date(`${dueDate}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - reminderDaysBefore);
  return findIrishHour(day.toISOString().slice(0, 10), reminderLocalHour);
}

/** A farmer's contacts as reminders see them: a channel counts only when verified and allowed. */
export type ReminderContactState = {
  phone: string | null;
  phoneVerified: boolean;
  textsOn: boolean;
  email: string | null;
  emailVerified: boolean;
  emailsOn: boolean;
};

export type ReminderRecipient = { channel: ReminderChannelName; recipient: string };

/** Where a shot's reminders go: each contact verified and allowed, the text first. */
export function listReminderRecipients(contacts: ReminderContactState): ReminderRecipient[] {
  const recipients: ReminderRecipient[] = [];
  if (contacts.phone && contacts.phoneVerified && contacts.textsOn) {
    recipients.push({ channel: ReminderChannelName.sms, recipient: contacts.phone });
  }
  if (contacts.email && contacts.emailVerified && contacts.emailsOn) {
    recipients.push({ channel: ReminderChannelName.email, recipient: contacts.email });
  }
  return recipients;
}

/**
 * Why no reminder will go, when none will: `unverified` (no verified contact: verify one in
 * Settings) or `off` (the verified ones have reminders turned off); null when one will go.
 */
export function findNoReminderReason(contacts: ReminderContactState): "unverified" | "off" | null {
  if (listReminderRecipients(contacts).length > 0) return null;
  const hasVerified =
    (contacts.phone !== null && contacts.phoneVerified) ||
    (contacts.email !== null && contacts.emailVerified);
  return hasVerified ? "off" : "unverified";
}
