CREATE SCHEMA "prober";
--> statement-breakpoint
CREATE TABLE "prober"."host_backoff" (
	"host" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"retry_at" timestamp with time zone NOT NULL,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "prober"."http_cache" (
	"listing_id" text NOT NULL,
	"url" text NOT NULL,
	"etag" text NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "http_cache_listing_id_url_pk" PRIMARY KEY("listing_id","url")
);
--> statement-breakpoint
CREATE TABLE "prober"."results" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"listing_id" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"target" text NOT NULL,
	"outcome" text NOT NULL,
	"health" text,
	"tool_count" integer,
	"latency_ms" integer,
	"detail" text
);
--> statement-breakpoint
CREATE TABLE "prober"."rounds" (
	"round" bigint PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"enqueued" integer DEFAULT 0 NOT NULL,
	"started_by" text NOT NULL,
	"details" jsonb
);
--> statement-breakpoint
CREATE TABLE "prober"."listing_states" (
	"listing_id" text PRIMARY KEY NOT NULL,
	"health" text DEFAULT 'unknown' NOT NULL,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"last_probed_at" timestamp with time zone,
	"last_ok_at" timestamp with time zone,
	"last_round" bigint,
	"tools" jsonb,
	"tools_source" text,
	"tools_seen_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "catalog"."listings" ADD COLUMN "inferred_install" jsonb;--> statement-breakpoint
ALTER TABLE "catalog"."listings" ADD COLUMN "tools_source" text;--> statement-breakpoint
ALTER TABLE "catalog"."listings" ADD COLUMN "tools_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "catalog"."listings" ADD COLUMN "health_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "catalog"."listings" ADD COLUMN "github_archived" boolean;--> statement-breakpoint
ALTER TABLE "catalog"."listings" ADD COLUMN "github_pushed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "catalog"."listings" ADD COLUMN "github_homepage" text;--> statement-breakpoint
CREATE INDEX "results_listing_idx" ON "prober"."results" USING btree ("listing_id","id");--> statement-breakpoint
CREATE INDEX "listing_states_last_probed_idx" ON "prober"."listing_states" USING btree ("last_probed_at");