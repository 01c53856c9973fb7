import type { IsoDate } from "@vaxcal/schedule";
import type { RenderedEmail } from "../../mail/render-email.ts";
import { renderEmail } from "../../mail/render-email.ts";
import { smsSegmentLength, toGsm7 } from "./reminder-messages.ts";

/*
 * Decision 425: what the farmer is told when a vet of the linked practice changes one of their
 * calendars. The message says the net change since the last one (a vet's autosaves come in runs),
 * before → after, who made it, and, when the reminder for the old date had already gone, that the
 * new date gets its own.
 */

/** One shot of a calendar as a save left it: its key on the plan, its name, its date. */
export type ShotOnPlan = { key: string; name: string; date: IsoDate };

/** One net change: moved (both dates), removed (`to` null) or added (`from` null). */
export type ShotChange = {
  name: string;
  from: IsoDate | null;
  to: IsoDate | null;
  /** A reminder for the old date has already been sent. */
  reminderSent: boolean;
};

/**
 * What differs between the plan before the first change and after the last, in date order of
 * the old date (then the new); a shot moved and moved back is no change. `sentReminders` holds
 * `key@date` for each shot whose reminder for that date was sent.
 */
export function findNetShotChanges(
  before: readonly ShotOnPlan[],
  after: readonly ShotOnPlan[],
  sentReminders: ReadonlySet<string>,
): ShotChange[] {
  const afterByKey = new Map(after.map((shot) => [shot.key, shot]));
  const beforeKeys = new Set(before.map((shot) => shot.key));
  const changes: ShotChange[] = [];
  for (const shot of before) {
    const now = afterByKey.get(shot.key);
    if (now?.date === shot.date) continue;
    changes.push({
      name: now?.name ?? shot.name,
      from: shot.date,
      to: now?.date ?? null,
      reminderSent: sentReminders.has(`${shot.key}@${shot.date}`),
    });
  }
  for (const shot of after) {
    if (beforeKeys.has(shot.key)) continue;
    changes.push({ name: shot.name, from: null, to: shot.date, reminderSent: false });
  }
  const sortDate = (change: ShotChange) => change.from ?? change.to ?? "";
  return changes.sort((left, right) => sortDate(left).localeCompare(sortDate(right)));
}

const dayFormat = new Intl.DateTimeFormat("en-IE", {
  weekday: "short",
  day: "numeric",
  month: "short",
  timeZone: "UTC",
});

function toUtcNoon(date: IsoDate): Date {
  return new Date(`${date}T12:00:00Z`);
}

/** "Tue 12 Jan", with the year when asked: "Mon 18 Jan 2027". */
function formatDay(date: IsoDate, withYear = true): string {
  const day = dayFormat.format(toUtcNoon(date)).replace(",", "");
  return withYear ? `${day} ${date.slice(0, 4)}` : day;
}

/** "12 Jan": the old date in the 'already sent' line. */
function formatShortDate(date: IsoDate): string {
  const parts = new Intl.DateTimeFormat("en-IE", {
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  }).format(toUtcNoon(date));
  return parts;
}

function describeChange(change: ShotChange): string {
  if (change.from !== null && change.to !== null) {
    const sameYear = change.from.slice(0, 4) === change.to.slice(0, 4);
    return `${change.name} moved from ${formatDay(change.from, !sameYear)} to ${formatDay(change.to)}.`;
  }
  if (change.from !== null) return `${change.name} on ${formatDay(change.from)} was removed.`;
  return `${change.name} added on ${formatDay(change.to ?? "")}.`;
}

function describeSentReminder(change: ShotChange): string | null {
  if (!change.reminderSent || change.from === null) return null;
  const old = formatShortDate(change.from);
  return change.to === null
    ? `The reminder for ${old} was already sent.`
    : `The reminder for ${old} was already sent; the new date will get its own.`;
}

function describeChanges(changes: readonly ShotChange[]): string[] {
  return changes.flatMap((change) => {
    const sent = describeSentReminder(change);
    return sent === null ? [describeChange(change)] : [describeChange(change), sent];
  });
}

/**
 * "VaxCal: Glenbeg Veterinary Clinic changed your Cows calendar: Covexin 10 moved from Tue 12 Jan
 * to Mon 18 Jan 2027." In GSM-7; changes past the first few are counted ("+2 more in VaxCal.").
 */
export function composeVetChangeText(options: {
  practice: string;
  animal: string;
  changes: readonly ShotChange[];
}): string {
  const head = `VaxCal: ${options.practice} changed your ${options.animal} calendar: `;
  const lines = describeChanges(options.changes);
  // A text may take a few segments; past three changes the rest are counted, not listed.
  const limit = smsSegmentLength * 3;
  for (let shown = lines.length; shown >= 1; shown -= 1) {
    const more = shown < lines.length ? ` +${lines.length - shown} more in VaxCal.` : "";
    const text = toGsm7(`${head}${lines.slice(0, shown).join(" ")}${more}`);
    if (text.length <= limit || shown === 1) return text;
  }
  return toGsm7(`${head}see VaxCal.`);
}

export function composeVetChangeEmail(options: {
  to: string;
  /** The farmer's first name, for the greeting. */
  name?: string | undefined;
  practice: string;
  /** The vet who made the change. */
  vet: string;
  animal: string;
  calendarUrl: string;
  changes: readonly ShotChange[];
}): RenderedEmail & { to: string } {
  const rendered = renderEmail({
    subject: `${options.practice} changed your ${options.animal} calendar`,
    greeting: options.name ? `Hello ${options.name},` : "Hello,",
    paragraphs: [
      `${options.vet} of ${options.practice} changed your ${options.animal} calendar:`,
      ...describeChanges(options.changes),
      "Your reminders follow the new dates.",
    ],
    action: { label: "Open the calendar", url: options.calendarUrl },
  });
  return { to: options.to, ...rendered };
}
