import { index, integer, jsonb, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";
import { idColumn, timestampColumn } from "./columns.ts";

/*
 * The admin area (docs/product.md D2): what the seeder last wrote, so it never overwrites an
 * admin's edit (decision 404), and the audit trail of every admin change.
 */

/**
 * One row of the shipped reference data as the seeder last wrote it. A reference row whose values
 * still equal these was not edited since, so the seeder may bring it up to a newer dataset; a
 * row that differs was edited by an admin and is left alone; a record whose row is gone marks a
 * row an admin deleted, which the seeder does not bring back.
 */
export const referenceSeedRows = pgTable(
  "reference_seed_rows",
  {
    /** The SQL table, e.g. `vaccines`. */
    tableName: text("table_name").notNull(),
    /** The row's key as JSON, e.g. `{"id":3}` or `{"diseaseId":1,"animalId":2}`. */
    rowKey: text("row_key").notNull(),
    /** The columns the seeder owns, keyed like the Drizzle row, as it last wrote them. */
    seededValues: jsonb("seeded_values").notNull(),
    seededAt: timestampColumn("seeded_at").notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.tableName, table.rowKey] })],
);

/**
 * Every admin change, written in the same transaction as the change: who, when, what, and the
 * entity before and after as JSON (null before a create, null after a delete).
 */
export const adminAuditEntries = pgTable(
  "admin_audit_entries",
  {
    id: idColumn(),
    /** Null once the admin's account is deleted; the name below keeps who it was. */
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    /** The admin's e-mail (or mobile) at the time, so the entry reads without the account. */
    userLabel: text("user_label").notNull(),
    occurredAt: timestampColumn("occurred_at").notNull(),
    /** `create`, `update`, `retire`, `restore` or `delete`. */
    action: text("action").notNull(),
    /** The kind of thing changed, e.g. `vaccine`. */
    entity: text("entity").notNull(),
    entityId: integer("entity_id").notNull(),
    /** The product the change concerns, for the "filter by product" view; kept after a delete. */
    vaccineId: integer("vaccine_id"),
    before: jsonb("before"),
    after: jsonb("after"),
  },
  (table) => [
    index("admin_audit_entries_occurred_at").on(table.occurredAt.desc()),
    index("admin_audit_entries_vaccine_id").on(table.vaccineId, table.occurredAt.desc()),
  ],
);
