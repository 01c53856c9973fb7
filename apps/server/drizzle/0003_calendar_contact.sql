ALTER TABLE "calendars" ADD COLUMN "contact_name" text;--> statement-breakpoint
ALTER TABLE "calendars" ADD COLUMN "contact_surname" text;--> statement-breakpoint
ALTER TABLE "calendars" ADD COLUMN "contact_phone_number" text;--> statement-breakpoint
ALTER TABLE "calendars" ADD COLUMN "contact_email" text;--> statement-breakpoint
ALTER TABLE "calendars" ADD COLUMN "vet_email_address" text;--> statement-breakpoint
ALTER TABLE "calendars" ADD COLUMN "terms_accepted_at" timestamp with time zone;