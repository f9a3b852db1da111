ALTER TABLE "catalog"."listings" ADD COLUMN "repository_subfolder" text;--> statement-breakpoint
ALTER TABLE "catalog"."listings" ADD COLUMN "repository_key" text;--> statement-breakpoint
ALTER TABLE "catalog"."listings" ADD COLUMN "name_skeleton" text;--> statement-breakpoint
CREATE INDEX "listings_repository_key_idx" ON "catalog"."listings" USING btree ("repository_key");--> statement-breakpoint
CREATE INDEX "listings_name_skeleton_idx" ON "catalog"."listings" USING btree ("name_skeleton");