-- Issue 24, decision 415: the rule facts the engine had only from the reference data are stored
-- and seeded like the others: Bovela's vaccine virus reaching the calf, the orf vaccines' note for
-- the person giving them, and calves' Huskvac only where they graze with lungworm risk.
ALTER TABLE "shot_templates" ADD COLUMN "lungworm_risk_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "vaccine_rules" ADD COLUMN "crosses_placenta" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "vaccine_rules" ADD COLUMN "handler_warning" text;