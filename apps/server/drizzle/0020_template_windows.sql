-- Issue 24, decision 414: a shot template's SPC window (earliest and latest day, from the same
-- anchor as its preferred day) and the source it comes from, seeded from the reference data.
-- Existing rows get none, and plan as before until the seeder fills the rows no admin edited.
ALTER TABLE "shot_templates" ADD COLUMN "earliest_days" integer;--> statement-breakpoint
ALTER TABLE "shot_templates" ADD COLUMN "latest_days" integer;--> statement-breakpoint
ALTER TABLE "shot_templates" ADD COLUMN "source_note" text;--> statement-breakpoint
ALTER TABLE "shot_templates" ADD CONSTRAINT "shot_templates_window_order" CHECK ("shot_templates"."earliest_days" IS NULL OR "shot_templates"."latest_days" IS NULL OR "shot_templates"."earliest_days" <= "shot_templates"."latest_days");