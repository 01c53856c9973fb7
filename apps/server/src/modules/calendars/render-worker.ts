import { setPriority } from "node:os";
import type { IsoDate } from "@vaxcal/schedule";
import { buildCalendarPrintout, type CalendarDocument } from "./calendar-document.ts";
import { renderCalendarFeed } from "./render-calendar-feed.ts";
import { renderCalendarPdf } from "./render-calendar-pdf.ts";

// Renders yield the CPU to the event loop: on Linux a nice value set from a thread holds for that
// thread only, so the API's own thread keeps its priority while this one draws PDFs. Where the
// system refuses it, renders run at the usual priority.
try {
  setPriority(10);
} catch {
  // Not allowed here; nothing else changes.
}

/** One render, as the pool hands it to a worker thread (structured clone: Dates survive). */
export type RenderTask =
  | { kind: "feed"; document: CalendarDocument; host: string }
  | { kind: "pdf"; document: CalendarDocument; today: IsoDate };

/** Runs in a worker thread (calendar-renders.ts): the PDF and the feed never block the API. */
export default async function render(task: RenderTask): Promise<Uint8Array | string> {
  if (task.kind === "feed") return renderCalendarFeed(task.document, task.host);
  return renderCalendarPdf(buildCalendarPrintout(task.document, task.today));
}
