ALTER TABLE "catalog"."listings" ADD COLUMN "seen_running" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog"."listings" ADD COLUMN "remote_auth" jsonb;--> statement-breakpoint
ALTER TABLE "catalog"."listings" ADD COLUMN "tools_hash" text;--> statement-breakpoint
ALTER TABLE "catalog"."listings" ADD COLUMN "tools_changes" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog"."listings" ADD COLUMN "risk" jsonb;--> statement-breakpoint
ALTER TABLE "catalog"."listings" ADD COLUMN "risk_cleared_hash" text;--> statement-breakpoint
ALTER TABLE "catalog"."listings" ADD COLUMN "risk_cleared_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "catalog"."listings" ADD COLUMN "sandbox" jsonb;--> statement-breakpoint
UPDATE "catalog"."listings" SET "seen_running" = "is_verified_active";