/** The badge service's public face: its factory, types, and the catalog readers it can be given. */
export { createBadgeApp, BADGE_EVENTS, type BadgeDeps, type BadgeService } from './app'
export { catalogListingReader, httpCatalogHandler, type CatalogHandler, type FetchListing } from './listings/client'
