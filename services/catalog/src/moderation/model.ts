// The moderation routes' models are shared with the catalog client (shared/src/contracts/catalog-internal).
export { NewListingBody } from '@mcp-directory/shared/contracts/catalog-internal'
