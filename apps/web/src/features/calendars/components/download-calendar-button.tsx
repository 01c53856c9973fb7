import { useId, useState } from "react";
import {
  defaultPdfMonths,
  pdfMonthChoices,
  type CalendarSummary,
  type PdfMonths,
} from "@vaxcal/contracts";
import { NotificationType, showNotification } from "../../../stores/notifications.ts";
import { useDownloadCalendar } from "../api/download-calendar.ts";
import { calendarsTexts } from "../calendars-messages.ts";

type DownloadProps = {
  calendar: Pick<CalendarSummary, "id" | "downloadUrl">;
  label?: string;
  isLarge?: boolean;
  onDownload?: () => void;
};

/**
 * The PDF with a choice of how many months it covers (issue 25, item 7): 12, 24 or 36 from this
 * month, 12 unless changed. A labelled select before the button, so it is reached by keyboard and
 * read out with its name.
 */
export function DownloadCalendarWithMonths(props: DownloadProps) {
  const [months, setMonths] = useState<PdfMonths>(defaultPdfMonths);
  const selectId = useId();
  return (
    <span className="pdf-months">
      <label className="pdf-months__label" htmlFor={selectId}>
        PDF covers
      </label>
      <select
        id={selectId}
        className="field__control field__control--select pdf-months__select"
        value={months}
        onChange={(event) =>
          setMonths(
            pdfMonthChoices.find((choice) => String(choice) === event.target.value) ??
              defaultPdfMonths,
          )
        }
      >
        {pdfMonthChoices.map((choice) => (
          <option key={choice} value={choice}>
            {choice} months
          </option>
        ))}
      </select>
      <DownloadCalendarButton {...props} months={months} />
    </span>
  );
}

/** docs/product.md §2 'Download calendar': the PDF, saved as calendar-{id}.pdf. */
export function DownloadCalendarButton({
  calendar,
  label = "Download calendar",
  isLarge = false,
  onDownload,
  months,
}: DownloadProps & { months?: PdfMonths }) {
  const download = useDownloadCalendar();
  return (
    <button
      type="button"
      className={`button button--primary${isLarge ? " button--large" : ""}`}
      disabled={download.isPending}
      onClick={() => {
        onDownload?.();
        download.mutate(
          { ...calendar, months },
          {
            onError: (error) => {
              // docs/product.md §8: logged, and also said, as a farmer expects.
              console.error("Calendar download failed", error);
              showNotification(NotificationType.error, calendarsTexts.downloadFailed);
            },
          },
        );
      }}
    >
      {download.isPending ? "Preparing your PDF…" : label}
    </button>
  );
}
