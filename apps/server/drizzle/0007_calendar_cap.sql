-- The cap on calendars per account (docs/security.md, calendarLimits.calendarsPerAccount = 50),
-- checked as each calendar row is inserted, inside the insert statement itself. A lock per owner
-- (advisory: nothing written) comes first, and the count is a later query of this volatile
-- function, so it sees every calendar committed by a save that held the lock before: two saves
-- at once cannot both pass.
CREATE FUNCTION enforce_calendars_per_account() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('calendars-per-account:' || NEW.user_id, 0));
  IF (SELECT count(*) FROM calendars WHERE user_id = NEW.user_id) >= 50 THEN
    RAISE EXCEPTION 'an account keeps at most 50 calendars'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'calendars_per_account';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER calendars_per_account BEFORE INSERT ON calendars
  FOR EACH ROW EXECUTE FUNCTION enforce_calendars_per_account();
