import { createHash, hash } from "node:crypto";
import { readFileSync, readdirSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { PdfMonths } from "@vaxcal/contracts";
import type { IsoDate } from "@vaxcal/schedule";
import { LRUCache } from "lru-cache";
import Tinypool from "tinypool";
import { compressVariants, type EncodedVariants } from "../../../http/encoded-body.ts";
import { createLookupCounts, type CacheReport } from "../../../lib/cache-report.ts";
import type { CalendarDocument } from "./calendar-document.ts";
import type { RenderTask } from "./render-worker.ts";

/**
 * A calendar's render version (decision 704): a digest of every row its PDF and feed print, read
 * with the access check (`readCalendarRenderVersion`), and whose calendar it is.
 */
export type RenderVersion = { calendarId: number; ownerId: number; version: string };

/** The version and the document read in one snapshot: the document is exactly that version. */
export type RenderSnapshot = { version: RenderVersion; document: CalendarDocument };

/**
 * A feed or PDF as served: its strong ETag, its bytes and, for the feed, its Brotli and gzip
 * encodings, made once when it was rendered (a PDF is compressed already: none).
 */
export type Rendered = { etag: string; body: Buffer; encoded: EncodedVariants };

type CachedBody = { body: Buffer; encoded: EncodedVariants };

/**
 * The strong ETag of one encoding of a body (decision 705): the bytes differ, so the tags must
 * (RFC 9110 §8.8.3.3): `"…-br"` for Brotli, `"…-gz"` for gzip, the body's own tag for none.
 */
export function tagEncoding(etag: string, encoding: "br" | "gzip" | undefined): string {
  if (!encoding) return etag;
  return `${etag.slice(0, -1)}-${encoding === "br" ? "br" : "gz"}"`;
}

// The feed's encodings are made once per version; quality 9 costs a fraction of 11 for a few
// per cent more bytes on a 5–20 kB feed.
const feedBrotliQuality = 9;

// Room for thousands of feeds and PDFs (a 200-shot PDF is well under 1 MiB).
const cacheBudgetBytes = 64 * 1024 * 1024;
const idleThreadMs = 30_000;

/**
 * What the renderer's code is: a digest of the sources and fonts a render reads, so a deploy that
 * changes how a PDF or feed looks is a new ETag for every calendar, and a client revalidating an
 * ETag from before the deploy gets the new bytes, not a 304. Computed once per process; every
 * node running the same code agrees on it.
 */
function digestRendererSources(): string {
  const sources = createHash("sha256");
  // The whole calendars module: the documents' code and the calendar data they are built from.
  const calendarsModule = path.join(path.dirname(fileURLToPath(import.meta.url)), "..");
  const folders = [
    calendarsModule,
    path.join(calendarsModule, "../../assets/fonts"),
    path.dirname(fileURLToPath(import.meta.resolve("@vaxcal/schedule"))),
    path.dirname(fileURLToPath(import.meta.resolve("@vaxcal/contracts"))),
  ];
  const visit = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true }).sort((left, right) =>
      left.name.localeCompare(right.name),
    )) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) visit(file);
      else if (!/\.test\.ts$/.test(entry.name))
        sources.update(entry.name).update(readFileSync(file));
    }
  };
  folders.forEach(visit);
  // The libraries that draw: a new pdfkit or ics may lay out or escape differently.
  for (const library of ["pdfkit", "ics", "fontkit"]) {
    sources.update(`${library}@${readLibraryVersion(library)}`);
  }
  return sources.digest("base64url");
}

/** An installed library's version, from the package.json above its entry point. */
function readLibraryVersion(library: string): string {
  let folder = path.dirname(fileURLToPath(import.meta.resolve(library)));
  for (;;) {
    try {
      const manifest = JSON.parse(readFileSync(path.join(folder, "package.json"), "utf8")) as {
        name?: string;
        version?: string;
      };
      if (manifest.name === library) return manifest.version ?? "";
    } catch {
      // No package.json at this level: keep going up.
    }
    const parent = path.dirname(folder);
    if (parent === folder) return "";
    folder = parent;
  }
}

let rendererVersion: string | undefined;

/**
 * Threads for rendering: one per core but one, which stays with the event loop and PostgreSQL
 * (decision 704). On 2 cores a second render thread added no PDFs a second and raised
 * `/api/health`'s p99 beside uncached downloads (bench/README.md); a render takes about 5 ms.
 */
export function sizeRenderPool(): number {
  return Math.max(1, Math.min(8, availableParallelism() - 1));
}

export type CalendarRendersOptions = {
  /** The feed's UIDs end with it (the public URL's host). */
  host: string;
  /** The worker module; tests pass one that fails on purpose. */
  workerUrl?: URL;
  maxThreads?: number;
  /** Told each render's kind and how long it took in the pool, in seconds (the app's metrics). */
  onRendered?: (kind: RenderTask["kind"], seconds: number) => void;
  /** Told the kind of each render that failed. */
  onRenderFailed?: (kind: RenderTask["kind"]) => void;
};

/**
 * The feed and the PDF, rendered once per render version and kept in memory (decision 704).
 * Rendering runs in a pool of worker threads at a lower priority, so a big calendar costs a
 * worker's time, never the event loop's: the API keeps answering while PDFs are drawn.
 *
 * A request first reads the version (that read is the access check), then asks for the body by
 * its key: the kind, the calendar, the version, the renderer's code, and today and the months
 * chosen (PDF: the printed months and "Generated on") or the host (feed: the UIDs). The key is the ETag, so a client's
 * `If-None-Match` is answered without touching the cache. A miss reads version and document in
 * one snapshot and renders; concurrent requests for one key share that render; a failed render
 * leaves nothing behind, so the next request tries again.
 *
 * The cache is per process (one node): another node renders each version once for itself, and
 * the same inputs give the same bytes on every node (the PDF's dates come from today, not the
 * clock), so every node agrees on each ETag.
 */
export function createCalendarRenders({
  host,
  workerUrl = new URL("./render-worker.ts", import.meta.url),
  maxThreads = sizeRenderPool(),
  onRendered = () => {},
  onRenderFailed = () => {},
}: CalendarRendersOptions) {
  rendererVersion ??= digestRendererSources();
  const renderer = rendererVersion;
  const pool = new Tinypool({
    filename: workerUrl.href,
    minThreads: 0,
    maxThreads,
    idleTimeout: idleThreadMs,
  });
  const cache = new LRUCache<string, CachedBody>({
    maxSize: cacheBudgetBytes,
    sizeCalculation: ({ body, encoded }) =>
      Math.max(
        1,
        body.byteLength + (encoded.br?.byteLength ?? 0) + (encoded.gzip?.byteLength ?? 0),
      ),
  });
  const lookups = createLookupCounts();
  const rendering = new Map<string, Promise<Rendered>>();
  let renderCount = 0;
  /*
   * Misses read and render a few at a time: four per thread, so snapshots are read while
   * earlier ones render (with two per thread, reading one miss's dozen statements left the
   * thread idle: 76 uncached PDFs/s with a 4 ms render). Twenty uncached downloads at once
   * would otherwise hold twenty snapshot transactions, the whole database pool, while one
   * renders, and every other request (a cached PDF, /api/health) would queue for a connection.
   *
   * The slots are shared fairly between accounts (security round 3, L2; decision 708): one
   * account holds at most all but one per thread, so another account's miss starts at once, and
   * misses waiting for a slot are taken from each waiting account in turn, not first come first
   * served. An account downloading in a loop waits behind its own renders, not other farmers.
   */
  const missSlots = maxThreads * 4;
  const slotsPerOwner = Math.max(1, missSlots - maxThreads);
  let missesRunning = 0;
  const runningByOwner = new Map<number, number>();
  /** Each waiting account's misses, first come first; the accounts in the order of their turn. */
  const waitingByOwner = new Map<number, (() => void)[]>();

  const canStart = (owner: number) =>
    missesRunning < missSlots && (runningByOwner.get(owner) ?? 0) < slotsPerOwner;
  function start(owner: number): void {
    missesRunning += 1;
    runningByOwner.set(owner, (runningByOwner.get(owner) ?? 0) + 1);
  }
  function finish(owner: number): void {
    missesRunning -= 1;
    const running = (runningByOwner.get(owner) ?? 1) - 1;
    if (running > 0) runningByOwner.set(owner, running);
    else runningByOwner.delete(owner);
    // Each waiting account in turn: one that is served goes to the back of the line.
    for (const [waiting, queue] of waitingByOwner) {
      if (missesRunning >= missSlots) return;
      if (!canStart(waiting)) continue;
      const next = queue.shift();
      waitingByOwner.delete(waiting);
      if (queue.length > 0) waitingByOwner.set(waiting, queue);
      if (!next) continue;
      start(waiting);
      next();
    }
  }
  async function withMissSlot<Result>(owner: number, work: () => Promise<Result>): Promise<Result> {
    if (canStart(owner)) {
      start(owner);
    } else {
      await new Promise<void>((resolve) => {
        const queue = waitingByOwner.get(owner);
        if (queue) queue.push(resolve);
        else waitingByOwner.set(owner, [resolve]);
      });
    }
    try {
      return await work();
    } finally {
      finish(owner);
    }
  }

  // A version kept in memory (decision 705) is the same object request after request: its keys
  // are worked out once, not hashed per request.
  const keysOf = new WeakMap<RenderVersion, Map<string, string>>();
  function keyOf(
    kind: RenderTask["kind"] | "preview",
    version: RenderVersion,
    context: string,
  ): string {
    let keys = keysOf.get(version);
    if (!keys) {
      keys = new Map();
      keysOf.set(version, keys);
    }
    const known = keys.get(`${kind}\n${context}`);
    if (known !== undefined) return known;
    const digest = hash("sha256", `${renderer}\n${version.version}\n${context}`, "base64url");
    const key = `${kind}-${version.calendarId}-${digest.slice(0, 27)}`;
    // A PDF's key changes with the day and the length; a few keys per version at most.
    if (keys.size > 8) keys.clear();
    keys.set(`${kind}\n${context}`, key);
    return key;
  }

  /** Renders in the pool; the feed's text is encoded as UTF-8 and compressed here, once. */
  async function runTask(task: RenderTask): Promise<CachedBody> {
    renderCount += 1;
    let rendered: Uint8Array | string;
    const startedAt = performance.now();
    try {
      rendered = (await pool.run(task)) as Uint8Array | string;
      onRendered(task.kind, (performance.now() - startedAt) / 1000);
    } catch (error) {
      onRenderFailed(task.kind);
      throw new Error(`rendering the ${task.kind} of calendar ${task.document.id} failed`, {
        cause: error,
      });
    }
    if (typeof rendered === "string") {
      const body = Buffer.from(rendered);
      return { body, encoded: await compressVariants(body, { brotliQuality: feedBrotliQuality }) };
    }
    // The transferred bytes as they are: no copy.
    const body = Buffer.from(rendered.buffer, rendered.byteOffset, rendered.byteLength);
    return { body, encoded: {} };
  }

  /**
   * The body for `key`: from the cache, from a render already under way, or rendered now from a
   * fresh snapshot. The snapshot may be newer than the version the caller read; then the body
   * is stored and answered under the snapshot's own key, never under the older one.
   */
  function serve(
    key: string,
    owner: number,
    load: () => Promise<{ key: string; task: RenderTask }>,
  ): Promise<Rendered> {
    const cached = lookups.count(cache.get(key));
    if (cached !== undefined) return Promise.resolve({ etag: `"${key}"`, ...cached });
    const running = rendering.get(key);
    if (running) return running;
    const render = withMissSlot(owner, async () => {
      const loaded = await load();
      const newer = loaded.key === key ? undefined : cache.get(loaded.key);
      const rendered = newer ?? (await runTask(loaded.task));
      cache.set(loaded.key, rendered);
      return { etag: `"${loaded.key}"`, ...rendered };
    }).finally(() => rendering.delete(key));
    rendering.set(key, render);
    return render;
  }

  const feedKey = (version: RenderVersion) => keyOf("feed", version, host);
  // 12 months keeps the key it had before lengths could be chosen.
  const pdfKey = (version: RenderVersion, today: IsoDate, months: PdfMonths) =>
    keyOf("pdf", version, months === 12 ? today : `${today}\n${months}`);

  return {
    /** The feed as UTF-8 bytes, with its Brotli and gzip encodings. */
    feed(version: RenderVersion, load: () => Promise<RenderSnapshot>): Promise<Rendered> {
      return serve(feedKey(version), version.ownerId, async () => {
        const snapshot = await load();
        return {
          key: feedKey(snapshot.version),
          task: { kind: "feed", document: snapshot.document, host },
        };
      });
    },
    /** The PDF's ETag for this version printed today (Ireland) over `months`, without rendering. */
    pdfTag: (version: RenderVersion, today: IsoDate, months: PdfMonths) =>
      `"${pdfKey(version, today, months)}"`,
    /** The PDF of `months` months from today's; each length is its own body and ETag. */
    pdf(
      version: RenderVersion,
      today: IsoDate,
      months: PdfMonths,
      load: () => Promise<RenderSnapshot>,
    ): Promise<Rendered> {
      return serve(pdfKey(version, today, months), version.ownerId, async () => {
        const snapshot = await load();
        return {
          key: pdfKey(snapshot.version, today, months),
          task: { kind: "pdf", document: snapshot.document, today, months },
        };
      });
    },
    /**
     * The SVG preview's ETag: it shows the 24 months from the current one, so the month is in it.
     * The preview is drawn on the request thread (no fonts, no cache); only its tag is shared.
     */
    previewTag: (version: RenderVersion, today: IsoDate) =>
      `"${keyOf("preview", version, today.slice(0, 7))}"`,
    /** The bodies the cache holds against its bound, its lookups, and the renders that ran. */
    describeCache: (): CacheReport & { renders: number } => ({
      entries: cache.size,
      bytes: cache.calculatedSize,
      maxBytes: cacheBudgetBytes,
      ...lookups.read(),
      renders: renderCount,
    }),
    /** Renders (with their snapshot reads) under way, and those waiting for a slot. */
    describeQueue: () => ({
      running: missesRunning,
      waiting: [...waitingByOwner.values()].reduce((sum, queue) => sum + queue.length, 0),
    }),
    close: () => pool.destroy(),
  };
}

export type CalendarRenders = ReturnType<typeof createCalendarRenders>;
