// Badges the gateway answered from its micro-cache, per listing: impressions like any other (internal only).
import { cachedHitRoutes } from '@mcp-directory/shared/cached-hits'
import { countCachedImpressions } from './contract'

/** The route the gateway reports cached hits to. */
export const impressionRoutes = (count: (id: string, n: number) => void) =>
  cachedHitRoutes(countCachedImpressions, count)
