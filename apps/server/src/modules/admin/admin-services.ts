import type { Db } from "../../db/database.ts";
import type { Clock } from "../../lib/clock.ts";
import type { AdminRepository, NewAuditEntry } from "./admin.repository.ts";

/*
 * What the admin area's services (products, protocols) share: their context, who acts, the audit
 * entry every change writes, and paging.
 */

export type AdminContext = { db: Db; clock: Clock };

/** Who made a change, as the audit trail records it. */
export type Actor = { userId: number };

/** A change as the audit trail records it, before saying who made it and when. */
export type AuditedChange = Omit<NewAuditEntry, "userId" | "userLabel" | "occurredAt">;

/** Writes the change's audit entry; the trail names the admin by e-mail, else mobile. */
export async function recordAudit(
  repository: AdminRepository,
  actor: Actor,
  now: Date,
  change: AuditedChange,
): Promise<void> {
  await repository.insertAuditEntry({
    userId: actor.userId,
    userLabel: await repository.findUserLabel(actor.userId),
    occurredAt: now,
    ...change,
  });
}

/** The row a change just wrote, read back inside its transaction. */
export async function mustFind<T>(found: Promise<T | null>): Promise<T> {
  const value = await found;
  if (value === null) throw new Error("a row vanished inside its own transaction");
  return value;
}

/** Page `page` (from 1) of a list, read `pageSize` rows at a time, as the list calls answer it. */
export async function readPage<Item>(
  page: number,
  pageSize: number,
  read: (window: { offset: number; limit: number }) => Promise<{ items: Item[]; total: number }>,
): Promise<{ items: Item[]; total: number; page: number; pageSize: number }> {
  const { items, total } = await read({ offset: (page - 1) * pageSize, limit: pageSize });
  return { items, total, page, pageSize };
}
