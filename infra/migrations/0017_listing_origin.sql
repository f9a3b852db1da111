CREATE TABLE "catalog"."import_conflicts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"origin" text NOT NULL,
	"name" text NOT NULL,
	"entry" jsonb NOT NULL,
	"content_hash" text NOT NULL,
	"listing_id" text,
	"reason" text NOT NULL,
	"detail" text NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "catalog"."listings" ADD COLUMN "origin" text DEFAULT 'import' NOT NULL;--> statement-breakpoint
-- Submitted listings were written by their submitters; every other row came from an operator's import or a sync.
UPDATE "catalog"."listings" SET "origin" = 'submission' WHERE "source" = 'submission';--> statement-breakpoint
ALTER TABLE "catalog"."listings" ADD COLUMN "own_skeleton" text;--> statement-breakpoint
ALTER TABLE "catalog"."listings" ADD COLUMN "wanted_name" text;--> statement-breakpoint
ALTER TABLE "catalog"."registry_follows" ADD COLUMN "trusted_origins" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog"."registry_follows" ADD COLUMN "last_stop" text;--> statement-breakpoint
ALTER TABLE "catalog"."registry_follows" ADD COLUMN "last_stop_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "import_conflicts_state_idx" ON "catalog"."import_conflicts" USING btree ("state","id");--> statement-breakpoint
CREATE INDEX "import_conflicts_entry_idx" ON "catalog"."import_conflicts" USING btree ("origin","name");--> statement-breakpoint
CREATE INDEX "listings_own_skeleton_idx" ON "catalog"."listings" USING btree ("own_skeleton");--> statement-breakpoint
CREATE INDEX "listings_origin_idx" ON "catalog"."listings" USING btree ("origin");
