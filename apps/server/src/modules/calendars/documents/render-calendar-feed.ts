import { calendarMessages, type GivenShot } from "@vaxcal/contracts";
import { formatLongDate, listOccurrences, type OccurrenceSeed } from "@vaxcal/schedule";
import { createEvents, type DateArray, type EventAttributes } from "ics";
import { describeRoutes, describeShotLabel, type CalendarDocument } from "./calendar-document.ts";

/** Farmers want the week's notice the text reminders give (docs/product.md §1, D16). */
const alarmDaysBefore = 7;
/** The hour the alarm goes off, on the phone's own clock: the morning, not midnight. */
const alarmHour = 9;

/**
 * The alarm's trigger: 09:00 seven days before an all-day shot. A trigger counts back from the
 * event's start, midnight of its day, so this is six days and fifteen hours before it. RFC 5545
 * §3.3.6 counts the days on the calendar and the hours on the clock, and the clocks change at
 * 01:00, never between 09:00 and midnight, so the alarm stays at 09:00 across a clock change.
 */
const alarmTrigger = { days: alarmDaysBefore - 1, hours: 24 - alarmHour, before: true };

/**
 * RFC 5545 §3.3.11 text escaping for the values the `ics` library writes without it: the
 * calendar name, an alarm's description and each category (it escapes SUMMARY and DESCRIPTION
 * itself, and turns
 * line breaks into `\n` everywhere). Farm and shot names may hold `;`, `,` and `\`.
 */
function escapeText(text: string): string {
  return text.replace(/[\\;,]/g, (character) => `\\${character}`);
}

function toDateArray(date: string): DateArray {
  const [year = 0, month = 1, day = 1] = date.split("-").map(Number);
  return [year, month, day];
}

function addOneDay(date: string): DateArray {
  const [year = 0, month = 1, day = 1] = date.split("-").map(Number);
  const next = new Date(Date.UTC(year, month - 1, day + 1));
  return [next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate()];
}

/**
 * RFC 5545 §3.3.10 recurrence for a shot repeated every `period` years. A first occurrence on 29
 * February repeats on February's last day (BYMONTH=2;BYMONTHDAY=-1): the 28th in common years and
 * the 29th in leap years, as the engine mirrors it. A bare yearly rule would skip the common years,
 * since RFC 5545 drops the dates that do not exist.
 */
export function formatRecurrenceRule(date: string, period: number): string {
  const rule = `FREQ=YEARLY;INTERVAL=${period}`;
  return date.endsWith("-02-29") ? `${rule};BYMONTH=2;BYMONTHDAY=-1` : rule;
}

/** What the feed says of a shot marked as given (decision 403). */
function describeGiven(record: GivenShot): string {
  const by = record.givenBy ? `, by ${record.givenBy}` : "";
  return `Given on ${formatLongDate(record.givenOn)}${by}. Batch: ${record.batch}`;
}

/** The given records of one seed's occurrences, keyed by date: a recurring seed's EXDATEs. */
function findGivenOccurrences(
  seed: OccurrenceSeed & { date: string },
  given: ReadonlyMap<string, GivenShot>,
): { shotId: string; date: string; record: GivenShot }[] {
  const records = [...given.values()].filter(
    (record) => record.shotId === seed.id || record.shotId.startsWith(`${seed.id}~`),
  );
  if (records.length === 0) return [];
  // Given shots lie within a year of today, so a few years past the latest planned date is enough.
  const lastYear = Math.max(...records.map((record) => Number(record.plannedOn.slice(0, 4)))) + 2;
  // The dates come from the plan as it is now: a moved shot's copies move with it.
  return listOccurrences([seed], seed.date, `${lastYear}-12-31`).flatMap((occurrence) => {
    const record = given.get(occurrence.id);
    return record ? [{ shotId: occurrence.id, date: occurrence.date, record }] : [];
  });
}

function describeRepeat(period: number): string {
  return period === 1 ? "Repeats: every year" : `Repeats: every ${period} years`;
}

/**
 * The calendar as an iCalendar feed (docs/product.md D14) from its plan (decision 402): one
 * all-day event per first occurrence, titled with its animal group, with an alarm at 09:00 a week
 * before, and for a shot repeated every N
 * years an `RRULE` (FREQ=YEARLY;INTERVAL=N), so a subscribed phone keeps it for ever. Each
 * event's UID is stable across saves (calendar id and shot id), so a subscribed app moves an event
 * when the farmer moves the shot instead of adding another.
 *
 * A shot marked as given (decision 403) says so: its summary starts "Given: " and its description
 * holds the date given and the batch. For a recurring shot the given occurrence is taken out of
 * the series (EXDATE) and published as an event of its own, so the copies still to come stay as
 * they were.
 */
export function renderCalendarFeed(document: CalendarDocument, host: string): string {
  const { names } = document;
  const group = `${names.enterprise}, ${names.animal} (${names.season})`;
  const farm = document.farmName ? `${document.farmName}: ` : "";
  const lastModified = document.updatedAt.getTime();
  const events: EventAttributes[] = [];
  const given = new Map(document.givenShots.map((record) => [record.shotId, record]));
  for (const column of document.columns) {
    const route = column.vaccine ? describeRoutes(column.vaccine.vaccineType) : null;
    for (const shot of column.seeds) {
      const label = describeShotLabel(shot, column);
      // The animal group first: a phone may show several farm calendars side by side.
      const summary =
        label === column.diseaseName
          ? `${names.animal}: ${column.diseaseName}`
          : `${names.animal}: ${column.diseaseName} (${label})`;
      const isRecurrent = Number.isInteger(shot.is_recurrent) && shot.is_recurrent >= 1;
      const describe = (record: GivenShot | null, repeats: boolean) =>
        [
          record ? describeGiven(record) : null,
          `Animal group: ${group}`,
          route ? `Route: ${route}` : null,
          `Vaccine: ${column.vaccine?.name ?? "to agree with your vet"}`,
          repeats ? describeRepeat(shot.is_recurrent) : null,
          "",
          calendarMessages.disclaimer,
        ]
          .filter((line) => line !== null)
          .join("\n");
      const base = {
        categories: ["Vaccination", escapeText(column.diseaseName)],
        transp: "TRANSPARENT" as const,
        lastModified,
      };
      const alarm = (text: string) => [
        {
          action: "display" as const,
          description: escapeText(`In ${alarmDaysBefore} days: ${text}`),
          trigger: alarmTrigger,
        },
      ];
      if (!isRecurrent) {
        const record = given.get(shot.id) ?? null;
        events.push({
          ...base,
          uid: `calendar-${document.id}-${shot.id}@${host}`,
          start: toDateArray(shot.date),
          end: addOneDay(shot.date),
          title: record ? `Given: ${summary}` : summary,
          description: describe(record, false),
          // Nothing to remind of once it is given.
          ...(record ? {} : { alarms: alarm(summary) }),
        });
        continue;
      }
      const givenOccurrences = findGivenOccurrences(shot, given);
      events.push({
        ...base,
        uid: `calendar-${document.id}-${shot.id}@${host}`,
        start: toDateArray(shot.date),
        end: addOneDay(shot.date),
        recurrenceRule: formatRecurrenceRule(shot.date, shot.is_recurrent),
        ...(givenOccurrences.length > 0
          ? { exclusionDates: givenOccurrences.map(({ date }) => toDateArray(date)) }
          : {}),
        title: summary,
        description: describe(null, true),
        alarms: alarm(summary),
      });
      for (const { shotId, date, record } of givenOccurrences) {
        events.push({
          ...base,
          uid: `calendar-${document.id}-${shotId}-given@${host}`,
          start: toDateArray(date),
          end: addOneDay(date),
          title: `Given: ${summary}`,
          description: describe(record, false),
        });
      }
    }
  }
  const { error, value } = createEvents(events, {
    productId: "-//VaxCal//Vaccination calendar//EN",
    method: "PUBLISH",
    calName: escapeText(`${farm}${names.animal} ${document.year} (VaxCal)`),
  });
  if (error || value === null) throw error ?? new Error("ics produced no calendar");
  // The library writes EXDATE without its value type; the dates are all-day, like DTSTART.
  return value.replace(/^EXDATE:/gm, "EXDATE;VALUE=DATE:");
}
