/**
 * The one client of the catalog's internal API (never routed by the gateway): every service that reads or changes
 * listings goes through it, in-process (all-in-one) or over HTTP to the catalog's replicas. One file per resource.
 */
import { type CatalogHandler, catalogCall } from './call'
import { claimCalls } from './claims'
import { factsCalls } from './facts'
import { listingCalls } from './listings'
import { moderationCalls } from './moderation'

export {
  type CatalogCall,
  type CatalogHandler,
  catalogCall,
  httpCatalogHandler,
  type InternalHandler,
  sendInternal,
} from './call'
export type { ClaimRecord } from './claims'
export type { FactsBody, SandboxCoverage } from './facts'
export type { CatalogListing, Jsonified } from './listings'
export type { CreatedListing, HoldingListing, PendingOutcome, StatusChange } from './moderation'

/** The catalog client over a handler of its internal API. */
export function catalogClient(handle: CatalogHandler) {
  const call = catalogCall(handle)
  return { ...listingCalls(call), ...moderationCalls(call), ...claimCalls(call), ...factsCalls(call) }
}

/** The catalog client as built. */
export type CatalogClient = ReturnType<typeof catalogClient>
