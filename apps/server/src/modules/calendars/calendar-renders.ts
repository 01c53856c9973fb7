import { createHash } from "node:crypto";
import { availableParallelism } from "node:os";
import type { IsoDate } from "@vaxcal/schedule";
import { LRUCache } from "lru-cache";
import Tinypool from "tinypool";
import type { CalendarDocument } from "./calendar-document.ts";
import type { RenderTask } from "./render-worker.ts";

/** A feed or PDF's version: its ETag now, its body rendered (or read from the cache) on demand. */
export type CalendarRender<Body> = { etag: string; readBody: () => Promise<Body> };

// Room for thousands of feeds and PDFs (a 200-shot PDF is well under 1 MiB).
const cacheBudgetBytes = 64 * 1024 * 1024;
const idleThreadMs = 30_000;

/**
 * The feed and the PDF, rendered once per calendar version and kept in memory. Rendering runs in
 * a small pool of worker threads, so a big calendar costs a worker's time, never the event
 * loop's: the API keeps answering while PDFs are drawn.
 *
 * The cache is per process (one node): another node renders each version once for itself, which
 * costs a render per version and node, never a wrong answer, because the key is the version.
 * The version is a digest of everything the render reads (the calendar, its owner's printed
 * names and today for the PDF), so a farm name or reference name changed elsewhere is a new
 * version too. Concurrent requests for one version share one render.
 */
export function createCalendarRenders({ host }: { host: string }) {
  const pool = new Tinypool({
    filename: new URL("./render-worker.ts", import.meta.url).href,
    minThreads: 0,
    // One core stays with the event loop on a small machine.
    maxThreads: Math.max(1, Math.min(4, availableParallelism() - 1)),
    idleTimeout: idleThreadMs,
  });
  const cache = new LRUCache<string, Uint8Array | string>({
    maxSize: cacheBudgetBytes,
    sizeCalculation: (body) =>
      Math.max(1, typeof body === "string" ? Buffer.byteLength(body) : body.byteLength),
  });
  const rendering = new Map<string, Promise<Uint8Array | string>>();

  function renderOnce(key: string, task: RenderTask): Promise<Uint8Array | string> {
    const cached = cache.get(key);
    if (cached !== undefined) return Promise.resolve(cached);
    const running = rendering.get(key);
    if (running) return running;
    const render = (pool.run(task) as Promise<Uint8Array | string>)
      .then((body) => {
        cache.set(key, body);
        return body;
      })
      .finally(() => rendering.delete(key));
    rendering.set(key, render);
    return render;
  }

  function prepare(task: RenderTask): CalendarRender<Uint8Array | string> {
    const version = createHash("sha256")
      .update(JSON.stringify(task))
      .digest("base64url")
      .slice(0, 27);
    const key = `${task.kind}-${task.document.id}-${version}`;
    return { etag: `"${key}"`, readBody: () => renderOnce(key, task) };
  }

  return {
    feed(document: CalendarDocument): CalendarRender<string> {
      const { etag, readBody } = prepare({ kind: "feed", document, host });
      return { etag, readBody: async () => String(await readBody()) };
    },
    pdf(document: CalendarDocument, today: IsoDate): CalendarRender<Buffer> {
      const { etag, readBody } = prepare({ kind: "pdf", document, today });
      return {
        etag,
        readBody: async () => {
          const bytes = (await readBody()) as Uint8Array;
          return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
        },
      };
    },
    close: () => pool.destroy(),
  };
}

export type CalendarRenders = ReturnType<typeof createCalendarRenders>;
