CREATE SCHEMA "submission";
--> statement-breakpoint
CREATE TABLE "submission"."mail_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"sealed" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "submission"."outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "submission"."submissions" (
	"listing_id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"email" text NOT NULL,
	"claim_token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "submission"."transitions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"listing_id" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor" text NOT NULL,
	"reason" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "catalog"."listings" ADD COLUMN "license" text;--> statement-breakpoint
ALTER TABLE "catalog"."listings" ADD COLUMN "auth_type" text;--> statement-breakpoint
ALTER TABLE "catalog"."listings" ADD COLUMN "pricing_model" text;--> statement-breakpoint
ALTER TABLE "catalog"."listings" ADD COLUMN "maintenance_status" text;--> statement-breakpoint
ALTER TABLE "catalog"."listings" ADD COLUMN "compatible_clients" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog"."listings" ADD COLUMN "support_url" text;--> statement-breakpoint
ALTER TABLE "catalog"."listings" ADD COLUMN "moderation_reason" text;--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "submission"."mail_outbox" USING btree ("next_attempt_at");--> statement-breakpoint
CREATE INDEX "outbox_unpublished_idx" ON "submission"."outbox" USING btree ("id") WHERE published_at is null;--> statement-breakpoint
CREATE INDEX "submissions_created_idx" ON "submission"."submissions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "transitions_listing_idx" ON "submission"."transitions" USING btree ("listing_id","id");