ALTER TABLE "catalog"."outbox" ADD COLUMN "request_id" text;--> statement-breakpoint
ALTER TABLE "agent_auth"."outbox" ADD COLUMN "request_id" text;--> statement-breakpoint
ALTER TABLE "submission"."outbox" ADD COLUMN "request_id" text;