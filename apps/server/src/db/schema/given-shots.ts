import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";
import { calendars } from "./calendars.ts";
import { dateColumn, timestampColumn } from "./columns.ts";

/*
 * Shots marked as given (docs/product.md D19, decision 403): one row per dated shot of a saved
 * calendar's plan, named by the engine's shot id (`{seed}` or `{seed}~{cycle}`), the start of the
 * herd's medicine record. A save keeps every record whose shot is still on the plan (same seed,
 * and still recurring for a copy) and drops the others in the same transaction.
 */
export const givenShots = pgTable(
  "given_shots",
  {
    calendarId: integer("calendar_id")
      .notNull()
      .references(() => calendars.id, { onDelete: "cascade" }),
    /** The occurrence's id, as the detail, grid and reminders name it. */
    shotId: text("shot_id").notNull(),
    /** The first occurrence's `calendar_shots.shot_key`, and which occurrence of it (1 = itself). */
    seedKey: text("seed_key").notNull(),
    cycle: integer("cycle").notNull(),
    /** The date the plan had for the shot when it was recorded. */
    plannedOn: dateColumn("planned_on").notNull(),
    givenOn: dateColumn("given_on").notNull(),
    batch: text("batch").notNull(),
    givenBy: text("given_by"),
    note: text("note"),
    recordedAt: timestampColumn("recorded_at").notNull(),
    /** The farmer or vet who recorded it; kept as null if that account is deleted. */
    recordedBy: integer("recorded_by").references(() => users.id, { onDelete: "set null" }),
  },
  (table) => [
    primaryKey({ columns: [table.calendarId, table.shotId] }),
    index("given_shots_recorded_by").on(table.recordedBy),
    check("given_shots_cycle", sql`${table.cycle} >= 1`),
  ],
);
