CREATE TABLE "catalog"."registry_follows" (
	"upstream" text PRIMARY KEY NOT NULL,
	"synced_up_to" timestamp with time zone,
	"last_sync_at" timestamp with time zone,
	"last_error" text,
	"lease_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "catalog"."server_versions" (
	"server_name" text NOT NULL,
	"version" text NOT NULL,
	"listing_id" text NOT NULL,
	"server" jsonb NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"status_message" text,
	"is_latest" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "server_versions_server_name_version_pk" PRIMARY KEY("server_name","version")
);
--> statement-breakpoint
CREATE INDEX "server_versions_listing_idx" ON "catalog"."server_versions" USING btree ("listing_id");--> statement-breakpoint
CREATE INDEX "server_versions_updated_idx" ON "catalog"."server_versions" USING btree ("updated_at");