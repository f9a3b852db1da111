/**
 * Every event the directory publishes: subject → payload (EventMap, the types both ends compile against), and who
 * publishes and who consumes it (EVENTS, data that test/contract/events.test.ts checks against the subscriptions
 * the services really make).
 * Subjects follow `directory.<entity>.<past-tense verb>`; a deployment may prefix them (EVENT_SUBJECT_PREFIX).
 */
import type { ToolsChange } from '../contracts/listing'

/** Payload of the listing lifecycle events. */
export interface ListingEvent {
  id: string
  name: string
  status: string
  at: string
}

/** How an observed list (tools, or skills) changed: the hashes before and after, and the names added, removed, changed. */
export type ListChange = Omit<ToolsChange, 'at'>

/** The typed map of subjects to payloads; a wrong payload does not compile. */
export interface EventMap {
  /** A listing was submitted and waits as pending. */
  'listing.submitted': ListingEvent
  /** A listing became active (import; operator approval via the submission service; a claim of a pending one). */
  'listing.approved': ListingEvent
  /** The import created or changed a listing. */
  'listing.imported': ListingEvent & { created: boolean }
  /** An operator rejected a listing. */
  'listing.rejected': ListingEvent & { reason: string | null }
  /** An operator flagged a listing. */
  'listing.flagged': ListingEvent & { reason: string | null }
  /**
   * An operator took a listing down (malicious): it left every public surface and its name and repository stay
   * refused. Written with `listing.rejected` in one transaction, which every index and cache already follows.
   */
  'listing.taken_down': ListingEvent & { reason: string }
  /** The claim-verifier proved a claim and the catalog recorded it. */
  'listing.claimed': ListingEvent & { method: string; claimId: string; claimant: string }
  /**
   * A listing's owner (its claiming agent, or a publisher of its namespace) changed it: `kind` is edited,
   * packages_replaced, deprecated, archived, reactivated, transfer_offered, transferred or merged; `actor` who did it.
   * Also publisher_lapsed / publisher_restored: the GitHub organisation role a publish rested on ended / a current
   * admin published again (the publisher mark follows).
   */
  'listing.owner_changed': ListingEvent & { kind: string; actor: string }
  /** A claim was revoked after failing its re-checks for the grace period. */
  'listing.claim_revoked': ListingEvent & { claimId: string; isOfficial: boolean }
  /** A periodic re-check of a claim whose result changed. */
  'claim.rechecked': {
    claimId: string
    listingId: string
    proofOk: boolean
    reciprocalReadme: boolean
    reciprocalSite: boolean
    state: string
    at: string
  }
  /** The prober's facts changed what the public sees (health, verified, tools, skills, README, stars, install). */
  'listing.checked': ListingEvent & { changed: string[] }
  /**
   * A probe or a sandbox start saw a tool list whose normalised hash differs from the last one (rug-pull watch):
   * the tools added, removed and changed, and where the new list came from.
   */
  'listing.tools_changed': ListingEvent & ListChange
  /**
   * A probe or a sandbox start saw skills (MCP Skills extension) whose hash differs from the last: a skill added or
   * removed, or a file's digest or a description changed (rug-pull watch: a host asks again when a digest changes).
   */
  'listing.skills_changed': ListingEvent & ListChange
  /**
   * An import or a registry sync did not apply an entry: a listing of another origin (or a claimed one) holds its
   * name, a look-alike name or its repository, or the sync's cap of new listings was reached. The operator lists,
   * accepts or dismisses it (operator API `/api/v1/admin/import-conflicts`).
   */
  'listing.import_conflict': {
    conflictId: number
    origin: string
    name: string
    listingId: string | null
    reason: string
    at: string
  }
  /**
   * Batched view/install counters were written: which counter, and each listing's count after the write (so a kept
   * detail shows it without reading it back). `counter` and `counts` are absent from events of earlier releases.
   */
  'listing.counters_changed': {
    ids: string[]
    at: string
    counter?: 'views' | 'installs'
    counts?: Record<string, number>
  }
  /** An agent asked for a registration code. */
  'agent.registered': { email: string; at: string }
  /** An agent token was issued. */
  'token.minted': { tokenId: string; agentId: string; scopes: string[]; expiresAt: string; at: string }
  /** An agent token was revoked. */
  'token.revoked': { tokenId: string; at: string }
}

/** Who publishes or consumes events: a service, or the gateway. */
export type EventParty =
  | 'catalog'
  | 'submission'
  | 'agent-auth'
  | 'claim-verifier'
  | 'badge'
  | 'prober'
  | 'sandbox'
  | 'mcp'
  | 'web'
  | 'gateway'

/** Where an event comes from and who subscribes to it; `consumers: []` is kept for the audit trail only. */
export interface EventRoute {
  /** The service whose outbox writes it. */
  producer: EventParty
  /** The parties that subscribe to it, each for the reason given. */
  consumers: Partial<Record<EventParty, string>>
}

// The listing events after which a listing's cached answers may differ (the badge's and the gateway's caches).
const cachedAnswers = {
  badge: 'drops the cached badges of the listing',
  gateway: "drops the micro-cache's answers about the listing",
} as const
// The listing events after which a listing may search differently: every catalog replica updates its index.
const searched = {
  catalog: 'updates the listing in the search index of every replica and drops its kept detail',
} as const

/** Every event's producer and consumers, as data (checked against the real subscriptions by a test). */
export const EVENTS = {
  'listing.submitted': { producer: 'submission', consumers: {} },
  'listing.approved': {
    producer: 'catalog',
    consumers: { ...cachedAnswers, ...searched, prober: 'probes the newly active listing at once' },
  },
  'listing.imported': {
    producer: 'catalog',
    consumers: { ...cachedAnswers, ...searched, prober: 'probes the new or changed listing at once' },
  },
  'listing.rejected': { producer: 'catalog', consumers: { ...cachedAnswers, ...searched } },
  'listing.flagged': { producer: 'catalog', consumers: { ...cachedAnswers, ...searched } },
  // The audit trail: the caches and indexes drop the listing on the `listing.rejected` written beside it.
  'listing.taken_down': { producer: 'catalog', consumers: {} },
  'listing.claimed': { producer: 'catalog', consumers: { ...cachedAnswers, ...searched } },
  'listing.claim_revoked': { producer: 'catalog', consumers: { ...cachedAnswers, ...searched } },
  'listing.owner_changed': {
    producer: 'catalog',
    consumers: {
      ...cachedAnswers,
      ...searched,
      prober: 'probes a listing whose owner replaced its remotes or packages',
    },
  },
  'claim.rechecked': { producer: 'catalog', consumers: {} },
  'listing.checked': { producer: 'catalog', consumers: { ...cachedAnswers, ...searched } },
  'listing.tools_changed': { producer: 'catalog', consumers: searched },
  'listing.skills_changed': { producer: 'catalog', consumers: searched },
  'listing.counters_changed': {
    producer: 'catalog',
    consumers: {
      ...cachedAnswers,
      catalog:
        "marks the counters of the listing's kept detail stale and rewrites its counts in every replica's search summaries",
    },
  },
  'listing.import_conflict': { producer: 'catalog', consumers: {} },
  'agent.registered': { producer: 'agent-auth', consumers: {} },
  'token.minted': { producer: 'agent-auth', consumers: {} },
  'token.revoked': { producer: 'agent-auth', consumers: { gateway: 'drops its cached introspection of the token' } },
} as const satisfies Record<keyof EventMap, EventRoute>

/** The subjects `party` consumes according to EVENTS. */
export const subjectsConsumedBy = (party: EventParty): EventSubject[] =>
  (Object.keys(EVENTS) as EventSubject[]).filter((s) => party in EVENTS[s].consumers)

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

/**
 * The listing events after which a listing's cached answers may differ: the badge service's cache and the gateway's
 * micro-cache drop that listing's entries on each (see EVENTS).
 */
export const LISTING_CHANGE_EVENTS = [
  'listing.approved',
  'listing.imported',
  'listing.rejected',
  'listing.flagged',
  'listing.claimed',
  'listing.claim_revoked',
  'listing.owner_changed',
  'listing.checked',
  'listing.counters_changed',
] as const satisfies readonly EventSubject[]

/** The listing ids a listing-change event is about. */
export const listingIdsOf = (e: EventEnvelope<(typeof LISTING_CHANGE_EVENTS)[number]>): string[] =>
  e.subject === 'listing.counters_changed' ? e.payload.ids : [e.payload.id]
