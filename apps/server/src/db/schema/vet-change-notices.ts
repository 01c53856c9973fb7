import { index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";
import { calendars } from "./calendars.ts";
import { dateColumn, idColumn, timestampColumn } from "./columns.ts";

/** One shot of a calendar as a notice keeps it: its occurrence key, its name, its date. */
export type NoticeShot = { key: string; name: string; date: string };

/*
 * Decisions 425 and 427: a vet of the linked practice changed a farmer's calendar and the farmer
 * is not told yet. The first save of a run writes the plan before it; every save of the run
 * writes the plan after it and when it was made. The worker's tick sends the notices whose last
 * save is a quiet period old (the net change, before → after) and deletes them.
 */
export const vetChangeNotices = pgTable(
  "vet_change_notices",
  {
    id: idColumn(),
    calendarId: integer("calendar_id")
      .notNull()
      .references(() => calendars.id, { onDelete: "cascade" }),
    /** The vet who made the changes; the notice goes with the vet's account. */
    vetUserId: integer("vet_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Who the message names: the vet's full name and practice at the time of the change. */
    vetName: text("vet_name").notNull(),
    practiceName: text("practice_name").notNull(),
    /** The days the plans cover, fixed by the first save of the run. */
    windowFrom: dateColumn("window_from").notNull(),
    windowTo: dateColumn("window_to").notNull(),
    /** The shots before the first save of the run, and after the last. */
    before: jsonb("before_shots").$type<NoticeShot[]>().notNull(),
    after: jsonb("after_shots").$type<NoticeShot[]>().notNull(),
    firstChangeAt: timestampColumn("first_change_at").notNull(),
    lastChangeAt: timestampColumn("last_change_at").notNull(),
  },
  (table) => [
    uniqueIndex("vet_change_notices_calendar_vet").on(table.calendarId, table.vetUserId),
    index("vet_change_notices_last_change").on(table.lastChangeAt),
  ],
);
