ALTER TABLE "catalog"."listings" ADD COLUMN "published_by" text;--> statement-breakpoint
ALTER TABLE "catalog"."listings" ADD COLUMN "publisher_lapsed" boolean DEFAULT false NOT NULL;