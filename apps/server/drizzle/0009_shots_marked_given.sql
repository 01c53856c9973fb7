CREATE TABLE "given_shots" (
	"calendar_id" integer NOT NULL,
	"shot_id" text NOT NULL,
	"seed_key" text NOT NULL,
	"cycle" integer NOT NULL,
	"planned_on" date NOT NULL,
	"given_on" date NOT NULL,
	"batch" text NOT NULL,
	"given_by" text,
	"note" text,
	"recorded_at" timestamp with time zone NOT NULL,
	"recorded_by" integer,
	CONSTRAINT "given_shots_calendar_id_shot_id_pk" PRIMARY KEY("calendar_id","shot_id"),
	CONSTRAINT "given_shots_cycle" CHECK ("given_shots"."cycle" >= 1)
);
--> statement-breakpoint
ALTER TABLE "given_shots" ADD CONSTRAINT "given_shots_calendar_id_calendars_id_fk" FOREIGN KEY ("calendar_id") REFERENCES "public"."calendars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "given_shots" ADD CONSTRAINT "given_shots_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "given_shots_recorded_by" ON "given_shots" USING btree ("recorded_by");