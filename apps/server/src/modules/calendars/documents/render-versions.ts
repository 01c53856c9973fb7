import { LRUCache } from "lru-cache";
import type { Database } from "../../../db/database.ts";
import { listenToChannels, type ChannelListener } from "../../../db/notifications.ts";
import {
  onReferenceChangeCommitted,
  referenceChangedChannel,
} from "../../../db/reference-changes.ts";
import { createLookupCounts, type CacheReport } from "../../../lib/cache-report.ts";
import type { RenderVersion } from "./calendar-renders.ts";

/** The channel migration 0017's triggers announce changed calendars on (decision 705). */
export const calendarRendersChannel = "calendar_renders_changed";

// Room for about 80,000 calendars, more than one node serves feeds for; past it the least
// recently asked for go first (issue 28, item 8).
const defaultMaxBytes = 32 * 1024 * 1024;
/**
 * What one calendar costs here, rounded up from a measurement (100,000 entries with feed tokens:
 * about 330 bytes each of heap): the entry, its version digest, its feed token's hash and a slot
 * in each map.
 */
export const renderVersionEntryBytes = 400;

type Entry = { version: RenderVersion; feedTokenHash: string | undefined };

/**
 * A ticket for one read of a render version from the database: taken before the read, handed
 * back with its result, which is kept only if nothing that could change it was announced since.
 */
export type VersionRead = { readonly startedAt: number };

export type RenderVersionsOptions = {
  /** The bound on what the entries may take, in bytes (`renderVersionEntryBytes` each). */
  maxBytes?: number;
  retryMs?: number;
  onError?: (error: Error) => void;
  /** The LISTEN connection's application_name. */
  name?: string;
};

/**
 * Calendars' render versions (decision 704's digest, with the owner) kept in this node's memory
 * and dropped on every node at once when PostgreSQL announces a change (decision 705): the
 * triggers of migration 0017 notify `calendar_renders_changed` with the changed calendars' ids
 * (or `*`), and a reference change (decision 701's channel) drops everything. A cached feed
 * then costs no database round trip, a cached PDF only its session look-up.
 *
 * - **Races**: a read takes a ticket (`beginRead`) before it asks PostgreSQL; its result is kept
 *   only if no change to that calendar (nor a drop of everything) was announced after the
 *   ticket was taken, so a notification that arrives while a read is in flight can never let
 *   the older result be kept.
 * - **A lost LISTEN connection**: everything is dropped, and nothing is read from or kept in
 *   memory until it listens again (then everything is dropped once more: what was announced
 *   meanwhile is gone). Every request reads the database meanwhile, as before.
 * - **Access**: an entry answers only its calendar's owner (PDF) or its feed token (feed). A
 *   vet's access goes to the database every time (the practice link, membership and role), so
 *   no cached answer can outlive a vet's unlinking.
 */
export function createRenderVersions(
  database: Database,
  {
    maxBytes = defaultMaxBytes,
    retryMs,
    onError,
    name = "vaxcal-listen-renders",
  }: RenderVersionsOptions = {},
) {
  const maxEntries = Math.floor(maxBytes / renderVersionEntryBytes);
  const byFeedToken = new Map<string, number>();
  // An entry that goes (dropped, replaced or evicted) takes its feed token's way in with it.
  const byCalendar = new LRUCache<number, Entry>({
    maxSize: maxEntries * renderVersionEntryBytes,
    sizeCalculation: () => renderVersionEntryBytes,
    dispose: ({ feedTokenHash }, calendarId) => {
      if (feedTokenHash !== undefined && byFeedToken.get(feedTokenHash) === calendarId) {
        byFeedToken.delete(feedTokenHash);
      }
    },
  });
  const lookups = createLookupCounts();
  // Announcements are numbered; a calendar remembers the number of its last one.
  let announced = 0;
  let everythingDroppedAt = 0;
  const changedAt = new Map<number, number>();
  let readsInFlight = 0;
  let drops = 0;

  function dropEverything(): void {
    announced += 1;
    everythingDroppedAt = announced;
    changedAt.clear();
    byCalendar.clear();
    byFeedToken.clear();
    drops += 1;
  }

  function drop(calendarIds: readonly number[]): void {
    // A read in flight compares against changedAt; with none in flight, no record is needed.
    if (changedAt.size > maxEntries) return dropEverything();
    announced += 1;
    for (const calendarId of calendarIds) {
      if (readsInFlight > 0) changedAt.set(calendarId, announced);
      byCalendar.delete(calendarId);
    }
    drops += 1;
  }

  function hear(channel: string, payload: string): void {
    if (channel !== calendarRendersChannel || payload === "*") return dropEverything();
    const ids = payload.split(",").map(Number);
    if (ids.some((id) => !Number.isSafeInteger(id))) return dropEverything();
    drop(ids);
  }

  const listener: ChannelListener = listenToChannels(
    database,
    [calendarRendersChannel, referenceChangedChannel],
    {
      onNotification: hear,
      onReset: dropEverything,
      name,
      ...(retryMs === undefined ? {} : { retryMs }),
      ...(onError ? { onError } : {}),
    },
  );
  // This node's own admin changes drop everything at once, without waiting for the notification.
  const stopHearingCommits = onReferenceChangeCommitted(database.db, dropEverything);

  function abandon(read: VersionRead): void {
    void read;
    readsInFlight -= 1;
    if (readsInFlight === 0) changedAt.clear();
  }

  return {
    /** The version for the calendar's owner, from memory; undefined: read the database. */
    forOwner(calendarId: number, userId: number): RenderVersion | undefined {
      if (!listener.isListening()) return undefined;
      const entry = byCalendar.get(calendarId);
      return lookups.count(entry?.version.ownerId === userId ? entry.version : undefined);
    },
    /** The version of the calendar whose feed token hashes to `feedTokenHash`, from memory. */
    forFeedToken(feedTokenHash: string): RenderVersion | undefined {
      if (!listener.isListening()) return undefined;
      const calendarId = byFeedToken.get(feedTokenHash);
      const entry = calendarId === undefined ? undefined : byCalendar.get(calendarId);
      return lookups.count(entry?.feedTokenHash === feedTokenHash ? entry.version : undefined);
    },
    /** Take before reading a version from the database; give back with `keep` or `abandon`. */
    beginRead(): VersionRead {
      readsInFlight += 1;
      return { startedAt: announced };
    },
    abandon,
    /**
     * Keeps a version read from the database under `read`, with the feed token it was found by,
     * unless a change to its calendar was announced since the read began, or the node is deaf.
     */
    keep(read: VersionRead, version: RenderVersion, feedTokenHash?: string): void {
      const fresh =
        listener.isListening() &&
        everythingDroppedAt <= read.startedAt &&
        (changedAt.get(version.calendarId) ?? 0) <= read.startedAt;
      abandon(read);
      if (!fresh) return;
      const before = byCalendar.peek(version.calendarId);
      // A PDF's read does not know the feed token; the entry keeps the one a feed read found.
      // Both were read after the last announcement for this calendar, so both are current.
      const token =
        feedTokenHash ??
        (before?.version.version === version.version ? before.feedTokenHash : undefined);
      // Replacing the entry lets go of its old token (dispose); the new one is set after.
      byCalendar.set(version.calendarId, { version, feedTokenHash: token });
      if (token !== undefined) byFeedToken.set(token, version.calendarId);
    },
    /** Drops calendars at once on this node, after a change it committed itself. */
    drop: (calendarIds: readonly number[]) => drop(calendarIds),
    isListening: () => listener.isListening(),
    /** Resolves once every change committed before the call has been heard (tests). */
    sync: () => listener.sync(),
    describe: (): CacheReport & { feedTokens: number; drops: number; listening: boolean } => ({
      entries: byCalendar.size,
      bytes: byCalendar.calculatedSize,
      maxBytes: maxEntries * renderVersionEntryBytes,
      ...lookups.read(),
      feedTokens: byFeedToken.size,
      drops,
      listening: listener.isListening(),
    }),
    close: async () => {
      stopHearingCommits();
      await listener.stop();
    },
  };
}

export type RenderVersions = ReturnType<typeof createRenderVersions>;
