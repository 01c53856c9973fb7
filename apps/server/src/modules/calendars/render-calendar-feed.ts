import { calendarMessages } from "@vaxcal/contracts";
import { createEvents, type DateArray, type EventAttributes } from "ics";
import { describeRoutes, describeShotLabel, type CalendarDocument } from "./calendar-document.ts";

/** Farmers want the week's notice the text reminders give (docs/product.md §1, D16). */
const alarmDaysBefore = 7;

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

function describeRepeat(period: number): string {
  return period === 1 ? "Repeats: every year" : `Repeats: every ${period} years`;
}

/**
 * The calendar as an iCalendar feed (docs/product.md D14) from its plan (decision 402): one
 * all-day event per first occurrence with an alarm a week before, and for a shot repeated every N
 * years an `RRULE` (FREQ=YEARLY;INTERVAL=N), so a subscribed phone keeps it for ever. Each
 * event's UID is stable across saves (calendar id and shot id), so a subscribed app moves an event
 * when the farmer moves the shot instead of adding another.
 */
export function renderCalendarFeed(document: CalendarDocument, host: string): string {
  const { names } = document;
  const group = `${names.enterprise}, ${names.animal} (${names.season})`;
  const farm = document.farmName ? `${document.farmName}: ` : "";
  const lastModified = document.updatedAt.getTime();
  const events: EventAttributes[] = [];
  for (const column of document.columns) {
    const route = column.vaccine ? describeRoutes(column.vaccine.vaccineType) : null;
    for (const shot of column.seeds) {
      const label = describeShotLabel(shot, column);
      const summary = `${label}: ${column.diseaseName}`;
      const isRecurrent = Number.isInteger(shot.is_recurrent) && shot.is_recurrent >= 1;
      const description = [
        `Animal group: ${group}`,
        route ? `Route: ${route}` : null,
        `Vaccine: ${column.vaccine?.name ?? "to agree with your vet"}`,
        isRecurrent ? describeRepeat(shot.is_recurrent) : null,
        "",
        calendarMessages.disclaimer,
      ]
        .filter((line) => line !== null)
        .join("\n");
      events.push({
        uid: `calendar-${document.id}-${shot.id}@${host}`,
        start: toDateArray(shot.date),
        end: addOneDay(shot.date),
        ...(isRecurrent
          ? { recurrenceRule: formatRecurrenceRule(shot.date, shot.is_recurrent) }
          : {}),
        title: summary,
        description,
        categories: ["Vaccination", escapeText(column.diseaseName)],
        transp: "TRANSPARENT",
        lastModified,
        alarms: [
          {
            action: "display",
            description: escapeText(`In ${alarmDaysBefore} days: ${summary}`),
            // In hours: from days the library writes "-P7DT", which RFC 5545 does not allow.
            trigger: { hours: alarmDaysBefore * 24, before: true },
          },
        ],
      });
    }
  }
  const { error, value } = createEvents(events, {
    productId: "-//VaxCal//Vaccination calendar//EN",
    method: "PUBLISH",
    calName: escapeText(`${farm}${names.animal} ${document.year} (VaxCal)`),
  });
  if (error || value === null) throw error ?? new Error("ics produced no calendar");
  return value;
}
