import { date, integer, timestamp } from "drizzle-orm/pg-core";

/*
 * The column shapes every table writes the same way. Ids are identity columns that also accept
 * explicit ids, so the seeder can keep the reference data's.
 */

export const idColumn = () => integer("id").primaryKey().generatedByDefaultAsIdentity();

/** A point in time, with its time zone, read as a JavaScript Date. */
export const timestampColumn = (name: string) =>
  timestamp(name, { withTimezone: true, mode: "date" });

/** A calendar day, `YYYY-MM-DD`, read as text so no time zone can shift it. */
export const dateColumn = (name: string) => date(name, { mode: "string" });

/** When a row was made and last changed; both default to the time of the insert. */
export const auditColumns = () => ({
  createdAt: timestampColumn("created_at").notNull().defaultNow(),
  updatedAt: timestampColumn("updated_at").notNull().defaultNow(),
});
