import { useMutation } from "@tanstack/react-query";
import { defaultPdfMonths, type CalendarSummary, type PdfMonths } from "@vaxcal/contracts";
import { fetchFileWithSession, saveFile } from "../../../lib/file-download.ts";

/** docs/product.md §7: the PDF is saved as calendar-{id}.pdf. */
export function describePdfFileName(calendarId: number): string {
  return `calendar-${calendarId}.pdf`;
}

/** The download's address for `months` months: the usual 12 need no `?months=`. */
export function buildPdfUrl(downloadUrl: string, months: PdfMonths = defaultPdfMonths): string {
  return months === defaultPdfMonths ? downloadUrl : `${downloadUrl}?months=${months}`;
}

/**
 * docs/product.md §7: GET /api/calendars/{id}/download, the PDF of 12, 24 or 36 months, saved
 * under its file name.
 */
export async function downloadCalendarPdf({
  months,
  ...calendar
}: Pick<CalendarSummary, "id" | "downloadUrl"> & { months?: PdfMonths }): Promise<void> {
  const pdf = await fetchFileWithSession(buildPdfUrl(calendar.downloadUrl, months));
  saveFile(pdf, describePdfFileName(calendar.id));
}

export function useDownloadCalendar() {
  return useMutation({ mutationFn: downloadCalendarPdf });
}
