// One badge: from the cache, else rendered from the catalog's listing and cached. Hidden and unknown listings
// answer alike (404), and a miss is remembered so a bad id does not cost a catalog read each time.
import type { CatalogClient } from '@mcp-directory/shared/catalog-client'
import { NotFound } from '@mcp-directory/shared/errors'
import type { BadgeCache, CachedBadge } from '../cache/badge-cache'
import { type BadgeOptions, factsOf, renderBadge } from '../render'

/** Listing ids are short slugs; anything longer cannot be one. */
export const MAX_ID_LENGTH = 200

/** A strong ETag: the same bytes always get the same tag, on every replica. */
export function etagOf(svg: string): string {
  return `"${new Bun.CryptoHasher('sha256').update(svg).digest('base64url').slice(0, 27)}"`
}

/** Whether an If-None-Match header matches an ETag (weak comparison, as RFC 9110 §13.1.2 asks). */
export function matches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false
  if (ifNoneMatch.trim() === '*') return true
  return ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)
}

/** The badge of listing `id` in options `o`, or 404. */
export function badgeReader(cache: BadgeCache, catalog: CatalogClient) {
  return async (id: string, o: BadgeOptions): Promise<CachedBadge> => {
    const hit = await cache.get(id, o)
    if (hit) return hit
    // A path segment that does not decode (e.g. a lone `%`) arrives as null; NUL is in no id (PostgreSQL refuses it).
    if (typeof id !== 'string' || id.includes('\0') || id.length > MAX_ID_LENGTH || (await cache.isMissing(id)))
      throw new NotFound('Listing')
    const listing = await catalog.listing(id)
    // Hidden listings (pending, rejected, flagged) answer as unknown ones do.
    if (listing?.status !== 'active') {
      await cache.markMissing(id)
      throw new NotFound('Listing')
    }
    const svg = renderBadge(factsOf(listing), o)
    const fresh = { etag: etagOf(svg), svg }
    await cache.set(id, o, fresh)
    return fresh
  }
}
