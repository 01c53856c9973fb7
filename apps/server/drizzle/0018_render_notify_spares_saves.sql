-- Decision 705, amended: the render-version triggers cost the batched save (decision 702) about a
-- sixth of its rate, measured with and without them back to back (bench/README.md). Two changes:
--
-- 1. Inserts of columns and shots are no longer announced. The app writes them only into a new
--    calendar (no node has it in memory) or right after deleting a calendar's columns, whose
--    delete (and the shots' cascade) is announced in the same transaction. Whoever inserts
--    columns or shots into an existing calendar by hand must delete or update a row too.
DROP TRIGGER calendar_diseases_renders_insert ON calendar_diseases;
--> statement-breakpoint
DROP TRIGGER calendar_shots_renders_insert ON calendar_shots;
--> statement-breakpoint
-- 2. An update of users (every save agrees to the terms) first finds the owners whose printed
--    fields changed, and reads their calendars only when there are some.
CREATE OR REPLACE FUNCTION announce_owners_written() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  owners integer[];
BEGIN
  SELECT array_agg(changed.id) INTO owners
  FROM new_rows AS changed
  JOIN old_rows AS before ON before.id = changed.id
  WHERE (changed.farmer_name, changed.email, changed.phone, changed.herd_size,
      changed.flock_size, changed.vet_practice_id)
    IS DISTINCT FROM (before.farmer_name, before.email, before.phone, before.herd_size,
      before.flock_size, before.vet_practice_id);
  IF owners IS NOT NULL THEN
    PERFORM announce_calendar_renders(ARRAY(
      SELECT calendars.id FROM calendars WHERE calendars.user_id = ANY(owners)));
  END IF;
  RETURN NULL;
END;
$$;
