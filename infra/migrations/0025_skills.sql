ALTER TABLE "catalog"."listings" ADD COLUMN "tools_defect" jsonb;--> statement-breakpoint
ALTER TABLE "catalog"."listings" ADD COLUMN "skills" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog"."listings" ADD COLUMN "skills_hash" text;--> statement-breakpoint
ALTER TABLE "catalog"."listings" ADD COLUMN "skills_changes" jsonb DEFAULT '[]'::jsonb NOT NULL;