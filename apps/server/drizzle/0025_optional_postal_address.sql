ALTER TABLE "users" ALTER COLUMN "address1" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "town" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "eircode" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "county" DROP NOT NULL;--> statement-breakpoint
-- Accounts made by `npm run admin:create` held blanks for want of an address (decision 429).
UPDATE "users" SET "address1" = NULLIF("address1", ''), "town" = NULLIF("town", ''), "eircode" = NULLIF("eircode", ''), "county" = NULLIF("county", '');
