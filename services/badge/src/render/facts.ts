// What a badge shows about a listing: the few fields every style draws from, and their wording.
import type { BadgeMetric } from '@mcp-directory/shared/badges'
import type { Listing } from '@mcp-directory/shared/contracts'
import { abbreviate, cleanText } from './format'

/** The listing fields the badge service reads from the catalog. */
export type ListingForBadge = Pick<
  Listing,
  'id' | 'name' | 'title' | 'status' | 'isOfficial' | 'isVerifiedActive' | 'health' | 'upvotes' | 'views' | 'installs'
>

/**
 * The facts a badge shows; everything else about the listing is irrelevant to it (and kept out of the cache).
 * `name` is the title, else the registry name, cleaned of characters XML cannot hold (still to be escaped).
 */
export type BadgeFacts = Omit<ListingForBadge, 'title' | 'status'>

const count = (n: unknown) => (typeof n === 'number' && Number.isFinite(n) && n > 0 ? Math.floor(n) : 0)

/** The facts of a listing, with every string cleaned and bounded. */
export function factsOf(l: ListingForBadge): BadgeFacts {
  const health = cleanText(l.health).slice(0, 24)
  return {
    id: l.id,
    name: cleanText(l.title) || cleanText(l.name) || l.id,
    isOfficial: l.isOfficial === true,
    isVerifiedActive: l.isVerifiedActive === true,
    // "unknown" is what a check says before it knows; the badge shows health only once it is known.
    health: health && !/^unknown$/i.test(health) ? health.toLowerCase() : null,
    upvotes: count(l.upvotes),
    views: count(l.views),
    installs: count(l.installs),
  }
}

/** Whether a health word means the server is not answering well. */
export const isUnhealthy = (h: string | null) => h !== null && /down|unhealthy|fail|error|offline|unreachable/.test(h)
/** Whether a health word means the server answers. */
export const isHealthy = (h: string | null) => h !== null && /^(healthy|active|up|ok|online|passing)$/.test(h)

/** The label and value a badge shows for a metric: ("MCP Directory", "official · seen running · active"), ("upvotes", "1.2k"). */
export function metricText(f: BadgeFacts, metric: BadgeMetric): { label: string; value: string } {
  // "official" is the owner's claim, proven. isVerifiedActive only says the directory saw the server run, which any
  // endpoint of a submitter's own earns: it is worded as what was seen, never as a verification mark.
  if (metric === 'status')
    return {
      label: 'MCP Directory',
      value: [
        f.isOfficial ? 'official' : 'listed',
        ...(f.isVerifiedActive ? ['seen running'] : []),
        ...(f.health ? [f.health] : []),
      ].join(' · '),
    }
  return { label: metric, value: abbreviate(f[metric]) }
}
