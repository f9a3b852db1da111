// Reading one listing, whatever its status (every caller of the catalog needs this).
import { type CatalogListing, getAnyListing } from '../contracts/catalog-internal'
import type { CatalogCall } from './call'

export type { CatalogListing, Jsonified } from '../contracts/catalog-internal'

/** The listing methods of the catalog client. */
export const listingCalls = (call: CatalogCall) => ({
  /** One listing whatever its status, or null when the catalog does not know the id. */
  listing: async (id: string): Promise<CatalogListing | null> =>
    (await call(getAnyListing, { params: { id } }, { missing: 'null' }))?.listing ?? null,
})
