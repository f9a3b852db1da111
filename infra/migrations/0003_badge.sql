CREATE SCHEMA "badge";
--> statement-breakpoint
CREATE TABLE "badge"."impressions" (
	"listing_id" text NOT NULL,
	"day" date NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "impressions_listing_id_day_pk" PRIMARY KEY("listing_id","day")
);
--> statement-breakpoint
CREATE INDEX "impressions_day_idx" ON "badge"."impressions" USING btree ("day");