-- Decision 705: every node keeps calendars' render versions (decision 704's digest) in memory and
-- drops them when PostgreSQL announces a change on the channel 'calendar_renders_changed'. These
-- triggers cover every table the digest reads, by any path (the app, an admin, the seeder, psql):
-- the payload is the changed calendars' ids, comma-separated, or '*' for "drop everything" (a
-- reference row, a practice's name or phones, more than 500 calendars, a TRUNCATE). A
-- notification is delivered at commit, never on rollback; identical ones in one transaction are
-- sent once. Statement-level triggers with transition tables: one call per statement, however
-- many rows it writes.
--
-- A save must stay cheap (decision 702: batched, group commit). A notifying transaction takes
-- PostgreSQL's notify lock through its commit, so saves must not notify: a calendar's own row
-- written by this very transaction is either new (in no node's memory) or was updated, and the
-- calendars trigger announced it already; so the columns', shots' and given shots' triggers
-- leave out calendars whose row this transaction wrote (xmin is its id). A write in a
-- subtransaction has another xmin and is announced: one notification too many, never one too few.
CREATE FUNCTION announce_calendar_renders(ids integer[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  IF cardinality(ids) > 500 THEN
    PERFORM pg_notify('calendar_renders_changed', '*');
  ELSE
    PERFORM pg_notify('calendar_renders_changed', array_to_string(ids, ','));
  END IF;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION announce_all_calendar_renders() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('calendar_renders_changed', '*');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- The calendars row: the whole row is in the digest (and the feed token, and the owner); every
-- update is announced, changed or not, since the rows below rely on it.
CREATE FUNCTION announce_calendars_written() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM announce_calendar_renders(ARRAY(SELECT DISTINCT id FROM old_rows));
  ELSE
    PERFORM announce_calendar_renders(ARRAY(SELECT DISTINCT id FROM new_rows));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER calendars_renders_update AFTER UPDATE ON calendars
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION announce_calendars_written();
--> statement-breakpoint
CREATE TRIGGER calendars_renders_delete AFTER DELETE ON calendars
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION announce_calendars_written();
--> statement-breakpoint
CREATE TRIGGER calendars_renders_truncate AFTER TRUNCATE ON calendars
  FOR EACH STATEMENT EXECUTE FUNCTION announce_all_calendar_renders();
--> statement-breakpoint
-- A calendar's columns, plan and given records, each with calendar_id.
CREATE FUNCTION announce_calendar_rows_written() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  this_transaction xid := pg_current_xact_id()::xid;
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM announce_calendar_renders(ARRAY(
      SELECT DISTINCT written.calendar_id FROM new_rows AS written
      WHERE NOT EXISTS (SELECT 1 FROM calendars
        WHERE calendars.id = written.calendar_id AND calendars.xmin = this_transaction)));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM announce_calendar_renders(ARRAY(
      SELECT DISTINCT written.calendar_id FROM old_rows AS written
      WHERE NOT EXISTS (SELECT 1 FROM calendars
        WHERE calendars.id = written.calendar_id AND calendars.xmin = this_transaction)));
  ELSE
    PERFORM announce_calendar_renders(ARRAY(
      SELECT DISTINCT written.calendar_id
      FROM (SELECT calendar_id FROM new_rows UNION SELECT calendar_id FROM old_rows) AS written
      WHERE NOT EXISTS (SELECT 1 FROM calendars
        WHERE calendars.id = written.calendar_id AND calendars.xmin = this_transaction)));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER calendar_diseases_renders_insert AFTER INSERT ON calendar_diseases
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION announce_calendar_rows_written();
--> statement-breakpoint
CREATE TRIGGER calendar_diseases_renders_update AFTER UPDATE ON calendar_diseases
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION announce_calendar_rows_written();
--> statement-breakpoint
CREATE TRIGGER calendar_diseases_renders_delete AFTER DELETE ON calendar_diseases
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION announce_calendar_rows_written();
--> statement-breakpoint
CREATE TRIGGER calendar_diseases_renders_truncate AFTER TRUNCATE ON calendar_diseases
  FOR EACH STATEMENT EXECUTE FUNCTION announce_all_calendar_renders();
--> statement-breakpoint
CREATE TRIGGER calendar_shots_renders_insert AFTER INSERT ON calendar_shots
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION announce_calendar_rows_written();
--> statement-breakpoint
CREATE TRIGGER calendar_shots_renders_update AFTER UPDATE ON calendar_shots
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION announce_calendar_rows_written();
--> statement-breakpoint
CREATE TRIGGER calendar_shots_renders_delete AFTER DELETE ON calendar_shots
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION announce_calendar_rows_written();
--> statement-breakpoint
CREATE TRIGGER calendar_shots_renders_truncate AFTER TRUNCATE ON calendar_shots
  FOR EACH STATEMENT EXECUTE FUNCTION announce_all_calendar_renders();
--> statement-breakpoint
CREATE TRIGGER given_shots_renders_insert AFTER INSERT ON given_shots
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION announce_calendar_rows_written();
--> statement-breakpoint
CREATE TRIGGER given_shots_renders_update AFTER UPDATE ON given_shots
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION announce_calendar_rows_written();
--> statement-breakpoint
CREATE TRIGGER given_shots_renders_delete AFTER DELETE ON given_shots
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION announce_calendar_rows_written();
--> statement-breakpoint
CREATE TRIGGER given_shots_renders_truncate AFTER TRUNCATE ON given_shots
  FOR EACH STATEMENT EXECUTE FUNCTION announce_all_calendar_renders();
--> statement-breakpoint
-- The owner's printed fields and linked practice. Most updates of users (a terms agreement at
-- save, a verified contact's timestamp) change none of them and announce nothing.
CREATE FUNCTION announce_owners_written() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM announce_calendar_renders(ARRAY(
    SELECT calendars.id
    FROM new_rows AS changed
    JOIN old_rows AS before ON before.id = changed.id
    JOIN calendars ON calendars.user_id = changed.id
    WHERE (changed.farmer_name, changed.email, changed.phone, changed.herd_size,
        changed.flock_size, changed.vet_practice_id)
      IS DISTINCT FROM (before.farmer_name, before.email, before.phone, before.herd_size,
        before.flock_size, before.vet_practice_id)));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_renders_update AFTER UPDATE ON users
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION announce_owners_written();
--> statement-breakpoint
-- A practice's printed name and phones (not its clients_version, which moves with every linked
-- farmer's change): rare, so every node drops everything.
CREATE FUNCTION announce_practices_written() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM new_rows AS changed JOIN old_rows AS before ON before.id = changed.id
    WHERE (changed.vet_practice_name, changed.landline, changed.mobile)
      IS DISTINCT FROM (before.vet_practice_name, before.landline, before.mobile)
  ) THEN
    PERFORM pg_notify('calendar_renders_changed', '*');
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER vet_practices_renders_update AFTER UPDATE ON vet_practices
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION announce_practices_written();
--> statement-breakpoint
-- Reference rows a calendar prints (decision 701 announces them on its own channel too; these
-- catch every other path, a psql edit included).
CREATE TRIGGER enterprises_renders AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON enterprises
  FOR EACH STATEMENT EXECUTE FUNCTION announce_all_calendar_renders();
--> statement-breakpoint
CREATE TRIGGER animals_renders AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON animals
  FOR EACH STATEMENT EXECUTE FUNCTION announce_all_calendar_renders();
--> statement-breakpoint
CREATE TRIGGER seasons_renders AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON seasons
  FOR EACH STATEMENT EXECUTE FUNCTION announce_all_calendar_renders();
--> statement-breakpoint
CREATE TRIGGER diseases_renders AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON diseases
  FOR EACH STATEMENT EXECUTE FUNCTION announce_all_calendar_renders();
--> statement-breakpoint
CREATE TRIGGER vaccines_renders AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON vaccines
  FOR EACH STATEMENT EXECUTE FUNCTION announce_all_calendar_renders();
