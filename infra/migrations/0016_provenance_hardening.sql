ALTER TABLE "catalog"."listings" ADD COLUMN "facts_written_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "catalog"."listings" ADD COLUMN "facts_write_failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "catalog"."listings" ADD COLUMN "facts_write_error" text;--> statement-breakpoint
ALTER TABLE "agent_auth"."codes" ADD COLUMN "client_key" text;
