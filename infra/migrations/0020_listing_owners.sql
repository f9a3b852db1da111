CREATE TABLE "catalog"."listing_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"listing_id" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"actor" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog"."listing_transfers" (
	"listing_id" text PRIMARY KEY NOT NULL,
	"from_actor" text NOT NULL,
	"to_agent" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "catalog"."listings" ADD COLUMN "owner_agent" text;--> statement-breakpoint
ALTER TABLE "catalog"."listings" ADD COLUMN "proven_domain" text;--> statement-breakpoint
ALTER TABLE "catalog"."listings" ADD COLUMN "merged_into" text;--> statement-breakpoint
CREATE INDEX "listing_history_listing_idx" ON "catalog"."listing_history" USING btree ("listing_id","id");--> statement-breakpoint
-- Listings claimed by an agent before owners were recorded: their claimant owns them.
UPDATE "catalog"."listings" l SET "owner_agent" = substr(c."claimant_key", 7)
FROM "catalog"."listing_claims" c
WHERE c."listing_id" = l."id" AND c."state" <> 'revoked' AND c."claimant_key" LIKE 'agent:%' AND l."owner_agent" IS NULL;
