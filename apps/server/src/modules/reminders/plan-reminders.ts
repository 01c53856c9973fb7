import { listReminderRecipients, type ReminderContactState } from "@vaxcal/contracts";
import { addDays, type IsoDate } from "@vaxcal/schedule";
import type { Db, Executor } from "../../db/database.ts";
import {
  listOccurrencesOfAllCalendars,
  listOccurrencesOfCalendars,
  type CalendarOccurrence,
} from "../calendars/index.ts";
import { readIrishToday, type Clock } from "../../lib/clock.ts";
import {
  createRemindersRepository,
  toCalendarPlanKey,
  type PlannedReminder,
  type ReminderContacts,
} from "./reminders.repository.ts";
import {
  ReminderKind,
  findReminderSendAt,
  isRemindable,
  planningHorizonDays,
} from "./reminder-schedule.ts";

export const planReasons = {
  calendarChanged: "The calendar was changed: the shot moved or was removed.",
  calendarDeleted: "The calendar was deleted.",
  shotPassed: "The shot date had passed before the reminder could be sent.",
} as const;

/** The dates whose reminders a plan made today covers: shots from today to the horizon. */
export function findPlanningWindow(today: IsoDate): { from: IsoDate; to: IsoDate } {
  return { from: today, to: addDays(today, planningHorizonDays) };
}

/**
 * The contact state the shared rule reads (`listReminderRecipients`, decision 603):
 * `readCalendarOwners` has already joined "verified" and "allowed" into one flag per channel.
 */
function toContactState(owner: ReminderContacts): ReminderContactState {
  return {
    phone: owner.phone,
    phoneVerified: owner.textsAllowed,
    textsOn: owner.textsAllowed,
    email: owner.email,
    emailVerified: owner.emailAllowed,
    emailsOn: owner.emailAllowed,
  };
}

/** The ledger rows an occurrence needs: one per channel the owner has verified and allows. */
function toPlannedReminders(
  occurrence: CalendarOccurrence,
  owner: ReminderContacts,
): PlannedReminder[] {
  const base = {
    kind: ReminderKind.shot,
    userId: owner.userId,
    calendarId: occurrence.calendarId,
    occurrenceKey: occurrence.shotId,
    dueDate: occurrence.date,
    sendAt: findReminderSendAt(occurrence.date),
  };
  return listReminderRecipients(toContactState(owner)).map((recipient) => ({
    ...base,
    ...recipient,
  }));
}

/**
 * Re-plans one calendar after a save, an edit or a delete: adds the reminders its shots now need
 * and cancels planned ones that no longer match (a moved shot's old date, a deleted calendar).
 * Sent and in-flight rows are history and stay.
 */
export function planCalendarReminders(
  db: Db,
  calendarId: number,
  clock: Clock,
): Promise<{ planned: number; cancelled: number }> {
  return planCalendarsReminders(db, [calendarId], clock);
}

/**
 * The same for several calendars in one transaction of four statements, however many there are
 * (the saves of a busy minute, or a page of plan jobs: decision 702).
 */
export async function planCalendarsReminders(
  db: Db,
  calendarIds: readonly number[],
  clock: Clock,
): Promise<{ planned: number; cancelled: number }> {
  const now = clock();
  const today = readIrishToday(now);
  const window = findPlanningWindow(today);
  const ids = [...new Set(calendarIds)];
  return db.transaction(async (transaction) => {
    const repository = createRemindersRepository(transaction);
    const owners = await repository.readCalendarOwners(ids);
    const gone = ids.filter((id) => !owners.has(id));
    const present = ids.filter((id) => owners.has(id));
    let cancelled = await repository.cancelPlannedOfCalendarsExcept(
      gone,
      [],
      planReasons.calendarDeleted,
      now,
    );
    if (present.length === 0) return { planned: 0, cancelled };
    const occurrences = await listOccurrencesOfCalendars(
      transaction,
      present,
      window.from,
      window.to,
    );
    const wanted = occurrences
      .filter((occurrence) => isRemindable(occurrence, today))
      .flatMap((occurrence) => {
        const owner = owners.get(occurrence.calendarId);
        return owner ? toPlannedReminders(occurrence, owner) : [];
      });
    cancelled += await repository.cancelPlannedOfCalendarsExcept(
      present,
      wanted.map(toCalendarPlanKey),
      planReasons.calendarChanged,
      now,
    );
    const planned = await repository.insertPlanned(wanted, now);
    return { planned, cancelled };
  });
}

/**
 * The daily catch-up: plans every calendar's reminders up to the horizon, a page of calendars at
 * a time, and skips rows whose shot date passed while nothing ran. Re-running it adds nothing.
 * `afterPage` runs once each page is in the ledger, so its due reminders can be sent while the
 * rest are planned.
 */
export async function planAllReminders(
  db: Executor,
  clock: Clock,
  options: { calendarsPerPage?: number; afterPage?: () => Promise<void> } = {},
): Promise<{ planned: number; skipped: number }> {
  const now = clock();
  const today = readIrishToday(now);
  const window = findPlanningWindow(today);
  const repository = createRemindersRepository(db);
  const skipped = await repository.skipPastDue(today, planReasons.shotPassed, now);
  let planned = 0;
  let afterCalendarId: number | undefined;
  for (;;) {
    const page = await listOccurrencesOfAllCalendars(db, {
      ...window,
      afterCalendarId,
      calendarsPerPage: options.calendarsPerPage,
    });
    const calendarIds = [...new Set(page.occurrences.map((occurrence) => occurrence.calendarId))];
    const owners = await repository.readCalendarOwners(calendarIds);
    const wanted = page.occurrences.flatMap((occurrence) => {
      const owner = owners.get(occurrence.calendarId);
      return owner && isRemindable(occurrence, today) ? toPlannedReminders(occurrence, owner) : [];
    });
    planned += await repository.insertPlanned(wanted, now);
    await options.afterPage?.();
    if (page.nextAfterCalendarId === null) break;
    afterCalendarId = page.nextAfterCalendarId;
  }
  return { planned, skipped };
}
