import { cachedHitsContract } from '@mcp-directory/shared/contracts'

/** `POST /internal/impressions`: the badges the gateway answered from its cache (internal: never routed by it). */
export const countCachedImpressions = cachedHitsContract({
  service: 'badge',
  path: '/internal/impressions',
  operationId: 'countCachedImpressions',
  summary: 'Count the badges the gateway answered from its micro-cache as impressions',
})
