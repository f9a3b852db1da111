// Reading one listing, whatever its status (every caller of the catalog needs this).
import type { Listing } from '../contracts'
import type { CatalogCall } from './call'

/** A value as it crosses JSON: dates become strings. */
export type Jsonified<T> = T extends Date
  ? string
  : T extends (infer U)[]
    ? Jsonified<U>[]
    : T extends object
      ? { [K in keyof T]: Jsonified<T[K]> }
      : T

/** A listing as the catalog's internal API returns it. */
export type CatalogListing = Jsonified<Listing>

/** The listing methods of the catalog client. */
export const listingCalls = (call: CatalogCall) => ({
  /** One listing whatever its status, or null when the catalog does not know the id. */
  listing: async (id: string): Promise<CatalogListing | null> => {
    const r = await call<{ listing: CatalogListing } | null>('GET', `/internal/listings/${encodeURIComponent(id)}`, {
      missing: 'null',
    })
    return r?.listing ?? null
  },
})
