CREATE TABLE "agent_auth"."address_attempts" (
	"address_key" text PRIMARY KEY NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "agent_auth"."codes" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"canonical_email" text NOT NULL,
	"code_hmac" text NOT NULL,
	"agent_name" text,
	"scopes" jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "codes_email_idx" ON "agent_auth"."codes" USING btree ("email");--> statement-breakpoint
CREATE INDEX "codes_canonical_idx" ON "agent_auth"."codes" USING btree ("canonical_email");