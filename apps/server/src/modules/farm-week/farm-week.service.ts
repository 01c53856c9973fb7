import {
  FarmWeekGroup,
  calendarLimits,
  farmWeekLimits,
  findNoReminderReason,
  findReminderSendAt,
  listReminderRecipients,
  type FarmWeekChannel,
  type FarmWeekItem,
  type FarmWeekReminder,
  type FarmWeekResponse,
  type ReminderContactState,
} from "@vaxcal/contracts";
import { addDays, type IsoDate } from "@vaxcal/schedule";
import { runReads, type Db } from "../../db/database.ts";
import { findWeekStart, readIrishToday, type Clock } from "../../lib/clock.ts";
import { listOccurrencesOfCalendars, type CalendarOccurrence } from "../calendars/index.ts";
import {
  createRemindersRepository,
  isRemindable,
  type SentShotReminder,
} from "../reminders/index.ts";
import { createFarmWeekRepository } from "./farm-week.repository.ts";

/*
 * "This week on the farm" (decision 603): every shot of the farmer's own calendars not marked as
 * given, from the overdue ones of the last 8 weeks to the end of the 8th week after this one,
 * each with the reminders that will go, by the same rule the plan uses (`listReminderRecipients`,
 * `findReminderSendAt`), or that went, from the ledger.
 */

export type FarmWeekContext = { db: Db; clock: Clock };

/** The days the list covers for `today`: the overdue window, then this week and `weeks` more. */
export function findFarmWeekWindow(
  today: IsoDate,
  weeks: number,
): { from: IsoDate; weekEnd: IsoDate; to: IsoDate } {
  const weekEnd = addDays(findWeekStart(today), 6);
  return {
    from: addDays(today, -farmWeekLimits.overdueWeeks * 7),
    weekEnd,
    to: addDays(weekEnd, weeks * 7),
  };
}

function toChannels(contacts: ReminderContactState | undefined): FarmWeekChannel[] {
  if (!contacts) return [];
  const channels: FarmWeekChannel[] = [];
  if (contacts.phone) {
    channels.push({
      channel: "sms",
      recipient: contacts.phone,
      verified: contacts.phoneVerified,
      on: contacts.textsOn,
    });
  }
  if (contacts.email) {
    channels.push({
      channel: "email",
      recipient: contacts.email,
      verified: contacts.emailVerified,
      on: contacts.emailsOn,
    });
  }
  return channels;
}

const sentKey = (calendarId: number, shotId: string, channel: string) =>
  `${calendarId}\u0000${shotId}\u0000${channel}`;

/**
 * The reminders of one shot: those the ledger says went, and for the other channels the one the
 * plan will send, at 09:00 Irish 7 days before (or as soon as the sender runs, when the shot was
 * saved inside the week).
 */
function listShotReminders(
  occurrence: CalendarOccurrence,
  recipients: ReturnType<typeof listReminderRecipients>,
  sent: Map<string, SentShotReminder>,
  today: IsoDate,
): FarmWeekReminder[] {
  const reminders: FarmWeekReminder[] = [];
  const sentChannels = new Set<string>();
  for (const channel of ["sms", "email"] as const) {
    const row = sent.get(sentKey(occurrence.calendarId, occurrence.shotId, channel));
    if (!row) continue;
    sentChannels.add(channel);
    reminders.push({
      channel,
      recipient: row.recipient,
      at: row.sentAt.toISOString(),
      status: "sent",
    });
  }
  if (!isRemindable(occurrence, today)) return reminders;
  const sendAt = findReminderSendAt(occurrence.date).toISOString();
  for (const recipient of recipients) {
    if (sentChannels.has(recipient.channel)) continue;
    reminders.push({ ...recipient, at: sendAt, status: "planned" });
  }
  return reminders;
}

/** GET /api/user/farm-week: the signed-in farmer's list, computed for the app's clock. */
export async function readFarmWeek(
  context: FarmWeekContext,
  userId: number,
  weeks: number = farmWeekLimits.weeksAhead,
): Promise<FarmWeekResponse> {
  const today = readIrishToday(context.clock());
  const window = findFarmWeekWindow(today, weeks);
  const repository = createFarmWeekRepository(context.db);
  const remindersRepository = createRemindersRepository(context.db);
  const [calendars, contacts] = await runReads(context.db, [
    () => repository.listOwnCalendars(userId, calendarLimits.calendarsPerAccount),
    () => remindersRepository.readUserContacts(userId),
  ]);
  const occurrences = (
    await listOccurrencesOfCalendars(
      context.db,
      calendars.map((calendar) => calendar.id),
      window.from,
      window.to,
    )
  )
    .filter((occurrence) => occurrence.given === null)
    .sort(
      (a, b) =>
        a.date.localeCompare(b.date) ||
        a.calendarId - b.calendarId ||
        a.shotId.localeCompare(b.shotId),
    );
  const listed = occurrences.slice(0, farmWeekLimits.items);
  const [names, sentRows] = await runReads(context.db, [
    () =>
      repository.readNames(
        [...new Set(listed.map((occurrence) => occurrence.diseaseId))],
        [
          ...new Set(
            listed.flatMap((occurrence) =>
              occurrence.vaccineId === null ? [] : [occurrence.vaccineId],
            ),
          ),
        ],
      ),
    () => remindersRepository.listSentShotReminders(userId, today),
  ]);
  const sent = new Map(
    sentRows.map((row) => [sentKey(row.calendarId, row.occurrenceKey, row.channel), row]),
  );
  const recipients = contacts ? listReminderRecipients(contacts) : [];
  const calendarsById = new Map(calendars.map((calendar) => [calendar.id, calendar]));
  const items = listed.flatMap((occurrence): FarmWeekItem[] => {
    const calendar = calendarsById.get(occurrence.calendarId);
    if (!calendar) return [];
    const isOverdue = occurrence.date < today;
    return [
      {
        calendar_id: calendar.id,
        animal: calendar.animal,
        calendar: `${calendar.animal}, ${calendar.season} ${calendar.year}`,
        shot_id: occurrence.shotId,
        date: occurrence.date,
        group: isOverdue
          ? FarmWeekGroup.overdue
          : occurrence.date <= window.weekEnd
            ? FarmWeekGroup.thisWeek
            : FarmWeekGroup.later,
        week_start: findWeekStart(occurrence.date),
        disease: names.diseases.get(occurrence.diseaseId) ?? occurrence.customName ?? "",
        vaccine:
          (occurrence.vaccineId === null ? undefined : names.vaccines.get(occurrence.vaccineId)) ??
          null,
        reminders: listShotReminders(occurrence, recipients, sent, today),
        no_reminder: isOverdue ? "date_passed" : null,
      },
    ];
  });
  return {
    today,
    to: window.to,
    calendars: calendars.length,
    items,
    truncated: occurrences.length > listed.length,
    channels: toChannels(contacts),
    no_reminder_reason: contacts ? findNoReminderReason(contacts) : "unverified",
  };
}
