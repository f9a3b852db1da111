CREATE TABLE "catalog"."search_terms" (
	"term" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_terms_trgm_idx" ON "catalog"."search_terms" USING gin ("term" gin_trgm_ops);