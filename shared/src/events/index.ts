/**
 * Every event the directory publishes: subject → payload, with its producer and consumers.
 * Subjects follow `directory.<entity>.<past-tense verb>`; a deployment may prefix them (EVENT_SUBJECT_PREFIX).
 */

/** Payload of the listing lifecycle events. */
export interface ListingEvent {
  id: string
  name: string
  status: string
  at: string
}

/** The typed map of subjects to payloads; a wrong payload does not compile. */
export interface EventMap {
  /** producer: submission · consumers: none yet (an audit trail; the moderation queue reads the catalog) */
  'listing.submitted': ListingEvent
  /** producer: catalog (import; operator approval via the submission service) · consumers: badge (cache), prober */
  'listing.approved': ListingEvent
  /** producer: catalog (import) · consumers: prober, badge */
  'listing.imported': ListingEvent & { created: boolean }
  /** producer: catalog (operator) · consumers: badge */
  'listing.rejected': ListingEvent & { reason: string | null }
  /** producer: catalog (operator) · consumers: badge */
  'listing.flagged': ListingEvent & { reason: string | null }
  /** producer: claim-verifier via catalog · consumers: badge */
  'listing.claimed': ListingEvent & { method: string; claimId: string; claimant: string }
  /** producer: catalog, when the claim-verifier revokes a claim after its grace period · consumers: badge */
  'listing.claim_revoked': ListingEvent & { claimId: string; isOfficial: boolean }
  /** producer: catalog, recording a claim-verifier re-check whose result changed · consumers: none yet (audit) */
  'claim.rechecked': {
    claimId: string
    listingId: string
    proofOk: boolean
    reciprocalReadme: boolean
    reciprocalSite: boolean
    state: string
    at: string
  }
  /** producer: catalog, when the prober's facts changed what the public sees (health, verified, tools, README, stars, install) · consumers: badge */
  'listing.checked': ListingEvent & { changed: string[] }
  /**
   * producer: catalog, when a probe or a sandbox start saw a tool list whose normalised hash differs from the last
   * one (rug-pull watch): the tools added, removed and changed, and where the new list came from · consumers: none yet (audit)
   */
  'listing.tools_changed': ListingEvent & {
    fromHash: string
    toHash: string
    added: string[]
    removed: string[]
    changed: string[]
    source: string | null
  }
  /** producer: catalog (batched view/install counters) · consumers: badge */
  'listing.counters_changed': { ids: string[]; at: string }
  /** producer: agent-auth · consumers: none yet (audit) */
  'agent.registered': { email: string; at: string }
  /** producer: agent-auth · consumers: none yet (audit) */
  'token.minted': { tokenId: string; agentId: string; scopes: string[]; expiresAt: string; at: string }
  /** producer: agent-auth · consumers: gateway (drops its cached introspection of the token) */
  'token.revoked': { tokenId: string; at: string }
}

/** An event subject without the deployment prefix. */
export type EventSubject = keyof EventMap

/** One event as a consumer receives it: for a union of subjects, a union that `subject` narrows. */
export type EventEnvelope<S extends EventSubject = EventSubject> = {
  [K in S]: {
    subject: K
    payload: EventMap[K]
    /** The outbox id it was published with; consumers use it to drop redeliveries. */
    msgId: string
    /** The request that caused it, when there was one (header X-Request-Id on NATS). */
    requestId?: string
  }
}[S]
