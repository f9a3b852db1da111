CREATE TABLE "catalog"."claim_checks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"claim_id" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"proof_ok" boolean NOT NULL,
	"reciprocal_readme" boolean NOT NULL,
	"reciprocal_site" boolean NOT NULL,
	"details" jsonb NOT NULL
);
--> statement-breakpoint
-- claimant_key and last_checked_at are added nullable, filled from claims.claims below, then made NOT NULL.
ALTER TABLE "catalog"."listing_claims" ADD COLUMN "claimant_key" text;--> statement-breakpoint
ALTER TABLE "catalog"."listing_claims" ADD COLUMN "website_url" text;--> statement-breakpoint
ALTER TABLE "catalog"."listing_claims" ADD COLUMN "state" text DEFAULT 'verified' NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog"."listing_claims" ADD COLUMN "reciprocal_readme" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog"."listing_claims" ADD COLUMN "reciprocal_site" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog"."listing_claims" ADD COLUMN "last_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "catalog"."listing_claims" ADD COLUMN "failing_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "catalog"."listing_claims" ADD COLUMN "next_check_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "claim_checks_claim_idx" ON "catalog"."claim_checks" USING btree ("claim_id","id");--> statement-breakpoint
CREATE INDEX "listing_claims_due_idx" ON "catalog"."listing_claims" USING btree ("next_check_at") WHERE state <> 'revoked';--> statement-breakpoint
-- Copy: the claim-verifier's re-check state joins the catalog's claim rows.
UPDATE "catalog"."listing_claims" AS lc SET
	"claimant_key" = c."claimant",
	"website_url" = c."website_url",
	"state" = c."state",
	"reciprocal_readme" = c."reciprocal_readme",
	"reciprocal_site" = c."reciprocal_site",
	"last_checked_at" = c."last_checked_at",
	"failing_since" = c."failing_since",
	"next_check_at" = c."next_check_at"
FROM "claims"."claims" AS c WHERE c."id" = lc."claim_id";--> statement-breakpoint
-- A claim recorded by the catalog whose verifier row was never written (the second of the old two commits failed):
-- an agent's label is its key, so it is re-checked from now on; a claim link's hash was shortened, so it cannot be.
UPDATE "catalog"."listing_claims" SET
	"claimant_key" = "claimant",
	"last_checked_at" = "claimed_at",
	"next_check_at" = CASE WHEN "claimant" LIKE 'agent:%' THEN now() ELSE NULL END
WHERE "claimant_key" IS NULL;--> statement-breakpoint
-- Revoked in the catalog: revoked here too.
UPDATE "catalog"."listing_claims" SET "state" = 'revoked' WHERE "revoked_at" IS NOT NULL;--> statement-breakpoint
-- Revoked by the verifier but never by the catalog (the revoke call failed): due now, so the next failing re-check
-- revokes it with its effects.
UPDATE "catalog"."listing_claims" SET "state" = 'failing', "next_check_at" = now()
WHERE "state" = 'revoked' AND "revoked_at" IS NULL;--> statement-breakpoint
INSERT INTO "catalog"."claim_checks" ("claim_id", "at", "proof_ok", "reciprocal_readme", "reciprocal_site", "details")
SELECT "claim_id", "at", "proof_ok", "reciprocal_readme", "reciprocal_site", "details" FROM "claims"."checks" ORDER BY "id";--> statement-breakpoint
-- Claim events not yet published leave through the catalog's outbox.
INSERT INTO "catalog"."outbox" ("subject", "payload", "request_id", "created_at")
SELECT "subject", "payload", "request_id", "created_at" FROM "claims"."outbox" WHERE "published_at" IS NULL ORDER BY "id";--> statement-breakpoint
ALTER TABLE "catalog"."listing_claims" ALTER COLUMN "claimant_key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog"."listing_claims" ALTER COLUMN "last_checked_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "claims"."checks" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "claims"."claims" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "claims"."outbox" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "claims"."checks" CASCADE;--> statement-breakpoint
DROP TABLE "claims"."claims" CASCADE;--> statement-breakpoint
DROP TABLE "claims"."outbox" CASCADE;--> statement-breakpoint
DROP SCHEMA "claims";
