CREATE TABLE "prober"."sandbox_queued" (
	"listing_id" text PRIMARY KEY NOT NULL,
	"queued_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prober"."sandbox_ticks" (
	"tick" bigint PRIMARY KEY NOT NULL,
	"claimed_by" text NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"queued" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sandbox_queued_at_idx" ON "prober"."sandbox_queued" USING btree ("queued_at");