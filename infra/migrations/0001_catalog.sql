CREATE SCHEMA "catalog";
--> statement-breakpoint
CREATE TABLE "catalog"."outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "catalog"."listings" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"title" text,
	"description" text NOT NULL,
	"category" text NOT NULL,
	"url" text,
	"repository_url" text,
	"url_key" text,
	"website_url" text,
	"version" text,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"packages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"remotes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"is_official" boolean DEFAULT false NOT NULL,
	"is_verified_active" boolean DEFAULT false NOT NULL,
	"has_package" boolean DEFAULT false NOT NULL,
	"has_remote" boolean DEFAULT false NOT NULL,
	"upvotes" integer DEFAULT 0 NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"installs" integer DEFAULT 0 NOT NULL,
	"github_stars" integer,
	"readme" text,
	"tools" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"health" text,
	"source" text NOT NULL,
	"content_hash" text,
	"search_name" text DEFAULT '' NOT NULL,
	"search_extra" text DEFAULT '' NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', search_name), 'A') || setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', description), 'B') || setweight(to_tsvector('english', search_extra), 'C') || setweight(to_tsvector('english', left(coalesce(readme, ''), 20000)), 'D')) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listings_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE INDEX "outbox_unpublished_idx" ON "catalog"."outbox" USING btree ("id") WHERE published_at is null;--> statement-breakpoint
CREATE INDEX "listings_search_idx" ON "catalog"."listings" USING gin ("search");--> statement-breakpoint
CREATE INDEX "listings_search_name_trgm_idx" ON "catalog"."listings" USING gin ("search_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "listings_status_idx" ON "catalog"."listings" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "listings_url_key_idx" ON "catalog"."listings" USING btree ("url_key");--> statement-breakpoint
CREATE INDEX "listings_category_idx" ON "catalog"."listings" USING btree ("category");