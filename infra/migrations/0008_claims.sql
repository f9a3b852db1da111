CREATE SCHEMA "claims";
--> statement-breakpoint
CREATE TABLE "catalog"."listing_claims" (
	"claim_id" text PRIMARY KEY NOT NULL,
	"listing_id" text NOT NULL,
	"claimant" text NOT NULL,
	"method" text NOT NULL,
	"evidence" jsonb NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "claims"."checks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"claim_id" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"proof_ok" boolean NOT NULL,
	"reciprocal_readme" boolean NOT NULL,
	"reciprocal_site" boolean NOT NULL,
	"details" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "claims"."claims" (
	"id" text PRIMARY KEY NOT NULL,
	"listing_id" text NOT NULL,
	"claimant" text NOT NULL,
	"method" text NOT NULL,
	"website_url" text,
	"evidence" jsonb NOT NULL,
	"reciprocal_readme" boolean DEFAULT false NOT NULL,
	"reciprocal_site" boolean DEFAULT false NOT NULL,
	"state" text DEFAULT 'verified' NOT NULL,
	"verified_at" timestamp with time zone NOT NULL,
	"last_checked_at" timestamp with time zone NOT NULL,
	"failing_since" timestamp with time zone,
	"next_check_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "claims"."outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"payload" jsonb NOT NULL,
	"request_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "listing_claims_listing_idx" ON "catalog"."listing_claims" USING btree ("listing_id");--> statement-breakpoint
CREATE INDEX "checks_claim_idx" ON "claims"."checks" USING btree ("claim_id","id");--> statement-breakpoint
CREATE INDEX "claims_listing_idx" ON "claims"."claims" USING btree ("listing_id");--> statement-breakpoint
CREATE INDEX "claims_due_idx" ON "claims"."claims" USING btree ("next_check_at") WHERE state <> 'revoked';--> statement-breakpoint
CREATE INDEX "outbox_unpublished_idx" ON "claims"."outbox" USING btree ("id") WHERE published_at is null;