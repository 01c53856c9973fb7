import type { PdfMonths } from "@vaxcal/contracts";
import type { IsoDate } from "@vaxcal/schedule";
import { buildCalendarPrintout, type CalendarDocument } from "./calendar-document.ts";
import { renderCalendarFeed } from "./render-calendar-feed.ts";
import { renderCalendarPdf } from "./render-calendar-pdf.ts";

/** One render, as the pool hands it to a worker thread (structured clone: Dates survive). */
export type RenderTask =
  | { kind: "feed"; document: CalendarDocument; host: string }
  | { kind: "pdf"; document: CalendarDocument; today: IsoDate; months: PdfMonths };

/** The feed or the PDF of one task: what a worker thread of the render pool runs. */
export function runRenderTask(task: RenderTask): Promise<Uint8Array | string> | string {
  if (task.kind === "feed") return renderCalendarFeed(task.document, task.host);
  return renderCalendarPdf(buildCalendarPrintout(task.document, task.today, task.months));
}
