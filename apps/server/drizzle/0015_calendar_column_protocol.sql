ALTER TABLE "calendar_diseases" ADD COLUMN "protocol" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- Decision 405: each saved column keeps the protocol it was generated from. Calendars saved
-- before have no record of it; today's templates stand in, so only changes from now are shown.
UPDATE "calendar_diseases" AS cd SET "protocol" = coalesce((
  SELECT jsonb_agg(jsonb_build_object(
    'id', t.id, 'vaccine_id', t.vaccine_id, 'animal_id', t.animal_id,
    'birth_days', t.birth_days, 'breeding_days', t.breeding_days,
    'custom_name', t.custom_name, 'is_recurrent', t.is_recurrent,
    'herd_status', t.herd_status, 'season_id', t.season_id
  ) ORDER BY t.id)
  FROM "shot_templates" AS t
  JOIN "calendars" AS c ON c.id = cd.calendar_id
  WHERE t.vaccine_id = cd.vaccine_id AND t.animal_id = c.animal_id
), '[]'::jsonb);
