CREATE TABLE "catalog"."takedowns" (
	"listing_id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_skeleton" text NOT NULL,
	"repository_key" text,
	"url_key" text,
	"reason" text NOT NULL,
	"actor" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "takedowns_skeleton_idx" ON "catalog"."takedowns" USING btree ("name_skeleton");--> statement-breakpoint
CREATE INDEX "takedowns_repository_idx" ON "catalog"."takedowns" USING btree ("repository_key");--> statement-breakpoint
CREATE INDEX "takedowns_url_idx" ON "catalog"."takedowns" USING btree ("url_key");