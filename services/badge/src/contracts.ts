// The badge service's public endpoint, as its resource declares it; the gateway's route table lists it.
import type { Contract } from '@mcp-directory/shared/contracts'
import { getBadge } from './badges/contract'

export { getBadge } from './badges/contract'

/** The badge service's public routes. */
export const BADGE_CONTRACTS: Contract[] = [getBadge]
export { countCachedImpressions } from './impressions/contract'
