/** The badge service's public face: its factory, types, and the handler of the catalog's API over HTTP. */
export { type CatalogHandler, httpCatalogHandler } from '@mcp-directory/shared/catalog-client'
export { type BadgeDeps, type BadgeService, createBadgeApp } from './app'
export { BADGE_EVENTS } from './events/cache-invalidation'
