ALTER TABLE "catalog"."listings" ADD COLUMN "category_source" text DEFAULT 'given' NOT NULL;--> statement-breakpoint
-- Imported listings in Other had no usable category (a named Other is rare): guess them again as facts arrive.
UPDATE "catalog"."listings" SET "category_source" = 'guessed' WHERE "category" = '📦 Other' AND "origin" <> 'submission';
