import { useMutation } from "@tanstack/react-query";
import type { CalendarSummary } from "@vaxcal/contracts";
import { fetchCalendarFile } from "./fetch-calendar-file.ts";

/** docs/product.md §7: the PDF is saved as calendar-{id}.pdf. */
export function describePdfFileName(calendarId: number): string {
  return `calendar-${calendarId}.pdf`;
}

/** Hands a file to the browser's download, as a link with a file name would. */
function saveFile(file: Blob, fileName: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the file after the click returns; a minute is ample on a slow phone.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** docs/product.md §7: GET /api/calendars/{id}/download, the PDF, saved under its file name. */
export async function downloadCalendarPdf(
  calendar: Pick<CalendarSummary, "id" | "downloadUrl">,
): Promise<void> {
  const pdf = await fetchCalendarFile(calendar.downloadUrl);
  saveFile(pdf, describePdfFileName(calendar.id));
}

export function useDownloadCalendar() {
  return useMutation({ mutationFn: downloadCalendarPdf });
}
