-- Issue 23, M5: every message has a kind, and each kind its own daily budgets, so the notices of a
-- farmer linking and unlinking a practice cannot use up the budget its password reset needs.
-- Messages queued before this count as security ones for the rest of their 24 hours.
ALTER TABLE "outbox_messages" ADD COLUMN "kind" text DEFAULT 'security' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_kind" CHECK ("outbox_messages"."kind" IN ('security', 'notification'));