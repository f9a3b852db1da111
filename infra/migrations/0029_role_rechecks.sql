CREATE TABLE "catalog"."role_rechecks" (
	"origin" text NOT NULL,
	"login" text NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	CONSTRAINT "role_rechecks_origin_login_pk" PRIMARY KEY("origin","login")
);
--> statement-breakpoint
CREATE INDEX "role_rechecks_checked_idx" ON "catalog"."role_rechecks" USING btree ("checked_at");