-- My Calendars is paged newest first by (created_at, id) (decision 703): with id in the index, a
-- page is one index range scan (read backwards) that starts at the cursor and stops after the
-- page, with no sort. The cap trigger's count and every other read by user_id use its first
-- column as before.
DROP INDEX "calendars_user_id_created_at";--> statement-breakpoint
CREATE INDEX "calendars_user_id_created_at_id" ON "calendars" USING btree ("user_id","created_at","id");