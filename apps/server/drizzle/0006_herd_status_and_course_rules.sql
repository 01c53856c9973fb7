ALTER TABLE "disease_animals" ADD COLUMN "herd_status_question" text;--> statement-breakpoint
ALTER TABLE "shot_templates" ADD COLUMN "herd_status" text;--> statement-breakpoint
ALTER TABLE "shot_templates" ADD COLUMN "season_id" integer;--> statement-breakpoint
ALTER TABLE "vaccine_rules" ADD COLUMN "course_interval_from_days" integer;--> statement-breakpoint
ALTER TABLE "vaccine_rules" ADD COLUMN "course_interval_to_days" integer;--> statement-breakpoint
ALTER TABLE "vaccine_rules" ADD COLUMN "booster_window_birth_from_days" integer;--> statement-breakpoint
ALTER TABLE "vaccine_rules" ADD COLUMN "booster_window_birth_to_days" integer;--> statement-breakpoint
ALTER TABLE "vaccine_rules" ADD COLUMN "max_days_before_breeding" integer;--> statement-breakpoint
ALTER TABLE "vaccine_rules" ADD COLUMN "min_days_before_birth" integer;--> statement-breakpoint
ALTER TABLE "vaccine_rules" ADD COLUMN "not_protective_in_pregnancy" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "shot_templates" ADD CONSTRAINT "shot_templates_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shot_templates" ADD CONSTRAINT "shot_templates_herd_status" CHECK ("shot_templates"."herd_status" IS NULL OR "shot_templates"."herd_status" IN ('primed', 'unprimed'));--> statement-breakpoint
ALTER TABLE "vaccine_rules" ADD CONSTRAINT "vaccine_rules_course_interval_complete" CHECK (("vaccine_rules"."course_interval_from_days" IS NULL) = ("vaccine_rules"."course_interval_to_days" IS NULL));--> statement-breakpoint
ALTER TABLE "vaccine_rules" ADD CONSTRAINT "vaccine_rules_booster_window_complete" CHECK (("vaccine_rules"."booster_window_birth_from_days" IS NULL) = ("vaccine_rules"."booster_window_birth_to_days" IS NULL));