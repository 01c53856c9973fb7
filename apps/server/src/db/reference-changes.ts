import { sql } from "drizzle-orm";
import type { Database, Db, Executor, Transaction } from "./database.ts";
import { listenToChannels, type ChannelListener } from "./notifications.ts";

/** The PostgreSQL channel every change to the reference data is announced on (ADR 701). */
export const referenceChangedChannel = "reference_changed";

/**
 * Announces a change to the reference data. Called inside the change's own transaction:
 * PostgreSQL delivers the notification at commit, to every listening node at once, and never
 * when the transaction rolls back.
 */
export async function announceReferenceChange(executor: Executor): Promise<void> {
  await executor.execute(sql`SELECT pg_notify(${referenceChangedChannel}, '')`);
}

const committedListeners = new WeakMap<Db, Set<() => void>>();

/**
 * Runs a change to the reference data in one transaction that also announces it, and once it
 * has committed tells this process's caches at once, without waiting for the notification: an
 * admin's next request already sees the change.
 */
export async function changeReferenceData<T>(
  db: Db,
  work: (transaction: Transaction) => Promise<T>,
): Promise<T> {
  const result = await db.transaction(async (transaction) => {
    const value = await work(transaction);
    await announceReferenceChange(transaction);
    return value;
  });
  for (const listener of committedListeners.get(db) ?? []) listener();
  return result;
}

/** Runs `listener` after every `changeReferenceData` on this `db` commits; returns the undo. */
export function onReferenceChangeCommitted(db: Db, listener: () => void): () => void {
  const listeners = committedListeners.get(db) ?? new Set();
  committedListeners.set(db, listeners);
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export type ReferenceChangeListener = Pick<ChannelListener, "isListening" | "stop">;

/**
 * Listens for reference changes on a dedicated connection (a pooled one would be handed to other
 * queries). `onChange` runs at every notification, and also whenever the connection is lost or
 * (re)established, since notifications sent while it was down are gone.
 */
export function listenForReferenceChanges(
  database: Database,
  onChange: () => void,
  { retryMs = 1_000, onError }: { retryMs?: number; onError?: (error: Error) => void } = {},
): ReferenceChangeListener {
  return listenToChannels(database, [referenceChangedChannel], {
    onNotification: onChange,
    onReset: onChange,
    retryMs,
    ...(onError ? { onError } : {}),
  });
}
