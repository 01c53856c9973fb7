ALTER TABLE "users" ADD COLUMN "terms_version" text;--> statement-breakpoint
-- Every account so far agreed to the terms at registration, and those terms are version 2026-01
-- (docs/product.md D18), so none of them is asked again.
UPDATE "users" SET "terms_version" = '2026-01' WHERE "terms_version" IS NULL;
