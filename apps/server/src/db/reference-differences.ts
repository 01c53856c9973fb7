import { getTableName } from "drizzle-orm";
import type { Executor } from "./database.ts";
import {
  keyFields,
  listDifferingFields,
  listShippedRows,
  ownedFields,
  readCurrentRows,
  toRowKey,
  type ReferenceDataset,
} from "./seed.ts";

/** How a reference row differs from the shipped dataset. */
export const ReferenceDifferenceKind = {
  /** Shipped, and edited since: `fields` lists what differs. */
  changed: "changed",
  /** Shipped, and deleted since. */
  deleted: "deleted",
  /** Not in the shipped dataset: an admin added it. */
  added: "added",
} as const;
export type ReferenceDifferenceKind =
  (typeof ReferenceDifferenceKind)[keyof typeof ReferenceDifferenceKind];

export type ReferenceDifference = {
  table: string;
  /** The row's key, e.g. `{ id: 3 }` or `{ diseaseId: 1, animalId: 2 }`. */
  key: Record<string, number>;
  kind: ReferenceDifferenceKind;
  fields: Array<{ field: string; shipped: unknown; current: unknown }>;
};

/**
 * Every reference row that differs from the shipped dataset (decision 404), table by table in
 * seeding order: rows edited or deleted since they were shipped, and rows admins added. The demo
 * practices and managers are not reference data and are not compared.
 */
export async function listReferenceDifferences(
  executor: Executor,
  reference: ReferenceDataset,
): Promise<ReferenceDifference[]> {
  const differences: ReferenceDifference[] = [];
  for (const shipped of await listShippedRows(executor, reference)) {
    const table = getTableName(shipped.table);
    const fields = ownedFields(shipped);
    const keys = keyFields(shipped);
    const currentByKey = await readCurrentRows(executor, shipped);
    const toKey = (row: Record<string, unknown>) =>
      Object.fromEntries(keys.map((field) => [field, Number(row[field])]));
    const shippedKeys = new Set<string>();
    for (const row of shipped.rows) {
      const rowKey = toRowKey(shipped, row);
      shippedKeys.add(rowKey);
      const current = currentByKey.get(rowKey);
      if (!current) {
        differences.push({ table, key: toKey(row), kind: "deleted", fields: [] });
        continue;
      }
      const changed = listDifferingFields(fields, current, row);
      if (changed.length > 0) {
        differences.push({
          table,
          key: toKey(row),
          kind: "changed",
          fields: changed.map((field) => ({
            field,
            shipped: row[field] ?? null,
            current: current[field],
          })),
        });
      }
    }
    for (const [rowKey, current] of currentByKey) {
      if (!shippedKeys.has(rowKey)) {
        differences.push({ table, key: toKey(current), kind: "added", fields: [] });
      }
    }
  }
  return differences;
}
