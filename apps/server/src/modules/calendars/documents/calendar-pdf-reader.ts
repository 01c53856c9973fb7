import { defaultPdfMonths } from "@vaxcal/contracts";
import { readIrishToday } from "../../../lib/clock.ts";
import { AppError } from "../../../errors/app-error.ts";
import type { CalendarsRoutesOptions } from "../calendar-routes-context.ts";
import type { CalendarsContext } from "../calendars/saved-calendar.ts";
import { createCalendarRenders } from "./calendar-renders.ts";
import { readCalendarRenderVersion, readCalendarSnapshot } from "./documents.service.ts";

/**
 * The PDF a calendar's owner downloads, for the reminder e-mails' attachment (modules/reminders):
 * the same document, access rule and renderer as the download route. Null for a calendar that is
 * gone.
 */
export function createCalendarPdfReader({
  db,
  clock,
  secret,
  publicUrl,
}: Omit<CalendarsRoutesOptions, "onCalendarChanged">) {
  const readToday = () => readIrishToday(clock());
  const context: CalendarsContext = { db, clock, secret, publicUrl, readToday };
  // One thread: the e-mails' PDFs are background work, and each thread holds its own fonts.
  const renders = createCalendarRenders({ host: new URL(publicUrl).host, maxThreads: 1 });
  return {
    read: async (calendarId: number, ownerId: number): Promise<Buffer | null> => {
      try {
        const version = await readCalendarRenderVersion(context, { calendarId, userId: ownerId });
        // The e-mails attach the usual 12 months.
        const pdf = await renders.pdf(version, readToday(), defaultPdfMonths, () =>
          readCalendarSnapshot(context, version),
        );
        return pdf.body;
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 404) return null;
        throw error;
      }
    },
    close: () => renders.close(),
  };
}
