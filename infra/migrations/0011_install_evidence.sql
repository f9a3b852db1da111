ALTER TABLE "catalog"."listings" ADD COLUMN "install_evidence" jsonb;--> statement-breakpoint
ALTER TABLE "catalog"."listings" ADD COLUMN "repository_run" jsonb;