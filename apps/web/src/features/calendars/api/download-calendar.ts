import { useMutation } from "@tanstack/react-query";
import type { CalendarSummary } from "@vaxcal/contracts";
import { fetchFileWithSession, saveFile } from "../../../lib/file-download.ts";

/** docs/product.md §7: the PDF is saved as calendar-{id}.pdf. */
export function describePdfFileName(calendarId: number): string {
  return `calendar-${calendarId}.pdf`;
}

/** docs/product.md §7: GET /api/calendars/{id}/download, the PDF, saved under its file name. */
export async function downloadCalendarPdf(
  calendar: Pick<CalendarSummary, "id" | "downloadUrl">,
): Promise<void> {
  const pdf = await fetchFileWithSession(calendar.downloadUrl);
  saveFile(pdf, describePdfFileName(calendar.id));
}

export function useDownloadCalendar() {
  return useMutation({ mutationFn: downloadCalendarPdf });
}
