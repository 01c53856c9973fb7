-- A new e-mail or mobile asked for in the settings waits here until the link or code sent to it is used.
ALTER TABLE "users" ADD COLUMN "pending_email" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pending_phone" text;