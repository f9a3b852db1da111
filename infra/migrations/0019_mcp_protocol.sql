ALTER TABLE "catalog"."listings" ADD COLUMN "mcp_protocol" jsonb;
