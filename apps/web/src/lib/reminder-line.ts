import {
  farmWeekMessages,
  findReminderSendAt,
  listReminderRecipients,
  reminderTimeZone,
  RoleName,
  type FarmWeekReminder,
  type ReminderContactState,
  type UserProfile,
} from "@vaxcal/contracts";

/*
 * The reminder a farmer will get, in one line (decision 603): "Text to 087 123 4567 on Mon 14 Dec,
 * 09:00". Times are Irish wall-clock time whatever the device's zone, as the reminders go out.
 * The rule (when, to which contact) is @vaxcal/contracts', the one the server plans with.
 */

const sendTime = new Intl.DateTimeFormat("en-IE", {
  timeZone: reminderTimeZone,
  weekday: "short",
  day: "numeric",
  month: "short",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

const irishDay = new Intl.DateTimeFormat("en-CA", {
  timeZone: reminderTimeZone,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** `2026-12-07T09:00:00Z` → `Mon 7 Dec, 09:00`, in Irish time. */
export function formatReminderTime(instant: string | Date): string {
  const parts = Object.fromEntries(
    sendTime.formatToParts(new Date(instant)).map((part) => [part.type, part.value]),
  );
  return `${parts.weekday} ${parts.day} ${parts.month}, ${parts.hour}:${parts.minute}`;
}

/** `+353871234567` → `087 123 4567`; any other number or an e-mail address as it is. */
export function formatRecipient(recipient: string): string {
  const irish = /^\+353(\d{2})(\d{3})(\d{4})$/.exec(recipient);
  return irish ? `0${irish[1]} ${irish[2]} ${irish[3]}` : recipient;
}

/**
 * One reminder in words: `Text to 087 123 4567 on Mon 7 Dec, 09:00`, `Email sent to … on …`, or,
 * for a reminder whose time passed before the shot was saved, `… shortly` (the next send sends it).
 * `today` is the farmer's Irish today, YYYY-MM-DD.
 */
export function describeReminder(reminder: FarmWeekReminder, today: string): string {
  const channel = reminder.channel === "sms" ? "Text" : "Email";
  const recipient = formatRecipient(reminder.recipient);
  if (reminder.status === "sent") {
    return `${channel} sent to ${recipient} on ${formatReminderTime(reminder.at)}`;
  }
  if (irishDay.format(new Date(reminder.at)) < today) return `${channel} to ${recipient} shortly`;
  return `${channel} to ${recipient} on ${formatReminderTime(reminder.at)}`;
}

/** Only a farmer's own contacts get reminders about their calendars: not a vet's, nor an admin's. */
export function isFarmer(user: UserProfile): boolean {
  return user.roles.every((role) => role.name === RoleName.farmer);
}

/** The contacts of a profile as the reminders' rule reads them. */
export function toReminderContacts(user: UserProfile): ReminderContactState {
  return {
    phone: user.phone ?? null,
    phoneVerified: user.phone_verified_at !== null,
    textsOn: user.notify_phone,
    email: user.email ?? null,
    emailVerified: user.email_verified_at !== null,
    emailsOn: user.notify_email,
  };
}

/**
 * The reminder lines of a shot on `date` for the signed-in farmer (Due next), from the profile:
 * empty when the date has passed or no contact is verified and on.
 */
export function describePlannedReminders(user: UserProfile, date: string, today: string): string[] {
  if (date < today) return [];
  const at = findReminderSendAt(date).toISOString();
  return listReminderRecipients(toReminderContacts(user)).map((recipient) =>
    describeReminder({ ...recipient, at, status: "planned" }, today),
  );
}

/** Why no reminder will go, in the farmer's words. */
export function describeNoReminderReason(reason: "unverified" | "off"): string {
  return reason === "off" ? farmWeekMessages.remindersOff : farmWeekMessages.unverified;
}
