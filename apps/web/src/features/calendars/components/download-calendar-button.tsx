import type { CalendarSummary } from "@vaxcal/contracts";
import { NotificationType, showNotification } from "../../../stores/notifications.ts";
import { useDownloadCalendar } from "../api/download-calendar.ts";
import { calendarsTexts } from "../calendars-messages.ts";

/** docs/product.md §2 'Download calendar': the PDF, saved as calendar-{id}.pdf. */
export function DownloadCalendarButton({
  calendar,
  label = "Download calendar",
  isLarge = false,
  onDownload,
}: {
  calendar: Pick<CalendarSummary, "id" | "downloadUrl">;
  label?: string;
  isLarge?: boolean;
  onDownload?: () => void;
}) {
  const download = useDownloadCalendar();
  return (
    <button
      type="button"
      className={`button button--primary${isLarge ? " button--large" : ""}`}
      disabled={download.isPending}
      onClick={() => {
        onDownload?.();
        download.mutate(calendar, {
          onError: (error) => {
            // docs/product.md §8: logged, and also said, as a farmer expects.
            console.error("Calendar download failed", error);
            showNotification(NotificationType.error, calendarsTexts.downloadFailed);
          },
        });
      }}
    >
      {download.isPending ? "Preparing your PDF…" : label}
    </button>
  );
}
