-- Issue 24, decision 421: the answer an unanswered herd status question takes, per offer.
-- Existing rows keep primed, what the engine assumed before; the seed sets heifers' BVD, IBR and
-- lepto, weanlings' pneumonia and hoggets' clostridial and Footvax to unprimed.
ALTER TABLE "disease_animals" ADD COLUMN "herd_status_default" text DEFAULT 'primed' NOT NULL;--> statement-breakpoint
ALTER TABLE "disease_animals" ADD CONSTRAINT "disease_animals_herd_status_default_check" CHECK ("disease_animals"."herd_status_default" IN ('primed', 'unprimed'));