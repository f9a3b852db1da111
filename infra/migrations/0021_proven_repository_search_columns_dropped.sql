ALTER TABLE "catalog"."listings" ADD COLUMN "proven_repository" text;--> statement-breakpoint
DROP INDEX "catalog"."listings_search_idx";--> statement-breakpoint
DROP INDEX "catalog"."listings_search_title_idx";--> statement-breakpoint
DROP INDEX "catalog"."listings_search_name_trgm_idx";--> statement-breakpoint
ALTER TABLE "catalog"."listings" DROP COLUMN "search";--> statement-breakpoint
ALTER TABLE "catalog"."listings" DROP COLUMN "search_title";--> statement-breakpoint
ALTER TABLE "catalog"."listings" DROP COLUMN "search_name";--> statement-breakpoint
ALTER TABLE "catalog"."listings" DROP COLUMN "search_extra";--> statement-breakpoint
DROP TABLE "catalog"."search_terms" CASCADE;
