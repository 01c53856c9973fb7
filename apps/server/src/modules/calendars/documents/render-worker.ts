import { setPriority } from "node:os";
import type { RenderTask } from "./render-task.ts";

export type { RenderTask } from "./render-task.ts";

// Renders yield the CPU to the event loop: on Linux a nice value set from a thread holds for that
// thread only, so the API's own thread keeps its priority while this one draws PDFs. Where the
// system refuses it, renders run at the usual priority.
try {
  setPriority(10);
} catch {
  // Not allowed here; nothing else changes.
}

// Loaded only now, at the lower priority: compiling pdfkit and parsing the fonts costs a thread
// as much as several renders, and a static import would do it before the line above runs.
const renderer = import("./render-task.ts");

/** Runs in a worker thread (calendar-renders.ts): the PDF and the feed never block the API. */
export default async function render(task: RenderTask): Promise<Uint8Array | string> {
  return (await renderer).runRenderTask(task);
}
