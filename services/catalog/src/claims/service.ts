// Claim state, owned by the catalog: a verified claim makes the listing official (and active if it was pending), a
// re-check result moves the claim's state, and a claim failing for the whole grace period is revoked. Each change,
// its effects on the listing and its events (catalog outbox) are written in one transaction.
import { catalogOutbox, type Database, type Tx } from '@mcp-directory/shared/db'
import type { ClaimRecord, RecheckResult } from '@mcp-directory/shared/contracts/claims'
import { NotFound } from '@mcp-directory/shared/errors'
import type { Logger } from '@mcp-directory/shared/log'
import { enqueueEvent } from '@mcp-directory/shared/outbox'
import { takeWantedName } from './name-claim'
import {
  type ClaimRow,
  hasStandingClaim,
  standingClaimAgent,
  standingClaimBy,
  insertCheck,
  insertClaim,
  leaseDueClaims,
  lockClaim,
  lockListing,
  markListing,
  updateClaim,
  withdrawTransferOffer,
} from './repository'

// Rejected and flagged listings were hidden by an operator; a claim does not bring them back.
const CLAIMABLE = new Set(['pending', 'active'])

/** When claims are re-checked and how long one may fail before it is revoked (CLAIM_RECHECK_HOURS, CLAIM_GRACE_DAYS). */
export interface ClaimSchedule {
  recheckMs: number
  graceMs: number
  now?: () => Date
}

type Ownership = { ownerAgent?: string; provenDomain?: string | null; provenRepository?: string | null }

/**
 * What a claim proves beyond the listing: the agent that made it owns the listing from now on, a DNS claim proves
 * its domain (the name whose TXT record carried the proof, under `_mcp-directory.`), and a GitHub claim the
 * repository whose README carried it. A badge on a web page proves that page only: neither its domain nor a
 * repository the listing names.
 */
export function ownershipOf(claim: Pick<ClaimRecord, 'claimant' | 'claimantKey' | 'method' | 'evidence'>): Ownership {
  const key = claim.claimantKey ?? claim.claimant
  const out: Ownership = {}
  if (key.startsWith('agent:')) out.ownerAgent = key.slice('agent:'.length)
  const evidence = JSON.stringify(claim.evidence ?? {})
  if (claim.method === 'dns') {
    const m = /TXT records at _mcp-directory\.([a-z0-9.-]+)/i.exec(evidence)
    if (m) out.provenDomain = m[1].toLowerCase().replace(/\.$/, '')
  }
  if (claim.method === 'github') {
    const m = /README of ([a-z0-9-]+\/[a-z0-9._-]+)"/i.exec(evidence)
    if (m) out.provenRepository = m[1].toLowerCase()
  }
  return out
}

/** Records a verified claim: official, active, the claim kept, `listing.claimed` (and `listing.approved`) queued. */
export async function recordClaim(
  database: Database,
  listingId: string,
  claim: ClaimRecord,
  schedule: ClaimSchedule,
  log?: Logger,
) {
  return database.db.transaction(async (tx) => {
    const row = await lockListing(tx, listingId)
    if (!row || !CLAIMABLE.has(row.status)) throw new NotFound('Listing')
    const at = schedule.now?.() ?? new Date()
    const inserted = await insertClaim(tx, {
      claimId: claim.claimId,
      listingId,
      claimant: claim.claimant,
      claimantKey: claim.claimantKey ?? claim.claimant,
      method: claim.method,
      websiteUrl: claim.websiteUrl ?? null,
      evidence: claim.evidence ?? {},
      reciprocalReadme: claim.reciprocal?.readme ?? false,
      reciprocalSite: claim.reciprocal?.site ?? false,
      claimedAt: at,
      lastCheckedAt: at,
      nextCheckAt: new Date(at.getTime() + schedule.recheckMs),
    })
    // A retried call for the same claim changes nothing and publishes nothing.
    if (!inserted)
      return { id: row.id, name: row.name, status: row.status, isOfficial: true, recorded: false, approved: false }
    const ownership = ownershipOf(claim)
    await markListing(tx, listingId, {
      isOfficial: true,
      status: 'active',
      moderationReason: null,
      updatedAt: at,
      ...ownership,
    })
    if (ownership.ownerAgent !== undefined && ownership.ownerAgent !== row.ownerAgent)
      await withdrawTransferOffer(tx, listingId)
    // Only a proven repository takes the name that belongs to it from a listing of another repository.
    const taken = ownership.provenRepository
      ? await takeWantedName(tx, listingId, at, ownership.provenRepository)
      : null
    if (taken)
      log?.warn({ id: listingId, ...taken }, 'a proven owner took its name from a listing of another repository')
    const base = { id: row.id, name: taken?.name ?? row.name, status: 'active', at: at.toISOString() }
    const approved = row.status === 'pending'
    if (approved) {
      await enqueueEvent(tx, catalogOutbox, 'listing.approved', base)
    }
    await enqueueEvent(tx, catalogOutbox, 'listing.claimed', {
      ...base,
      method: claim.method,
      claimId: claim.claimId,
      claimant: claim.claimant,
    })
    return { id: row.id, name: base.name, status: 'active', isOfficial: true, recorded: true, approved }
  })
}

/** What the newest standing claim of `method` proves of a listing (after another claim of it was revoked). */
async function provenStanding(tx: Tx, listingId: string, method: 'dns' | 'github'): Promise<Ownership> {
  const row = await standingClaimBy(tx, listingId, method)
  const proven = row ? ownershipOf(row) : {}
  return method === 'dns'
    ? { provenDomain: proven.provenDomain ?? null }
    : { provenRepository: proven.provenRepository ?? null }
}

/** The state a re-check leads to: one failure never revokes, only failing for the whole grace period does. */
function nextState(claim: ClaimRow, proofOk: boolean, at: Date, graceMs: number) {
  if (proofOk) return { state: 'verified' as const, failingSince: null }
  const failingSince = claim.failingSince ?? at
  const state = at.getTime() - failingSince.getTime() >= graceMs ? ('revoked' as const) : ('failing' as const)
  return { state, failingSince }
}

/**
 * Records one re-check and its effects in one transaction: the check row, the claim's state, `claim.rechecked` when
 * the result changed, and at the end of the grace period the revocation (the listing stays official while another
 * claim on it stands; `listing.claim_revoked`). A claim already revoked is not re-checked: 404.
 */
export async function recordRecheck(
  database: Database,
  claimId: string,
  result: RecheckResult,
  schedule: ClaimSchedule,
) {
  return database.db.transaction(async (tx) => {
    const claim = await lockClaim(tx, claimId)
    if (!claim || claim.state === 'revoked') throw new NotFound('Claim')
    const listing = await lockListing(tx, claim.listingId)
    const at = schedule.now?.() ?? new Date()
    await insertCheck(tx, {
      claimId,
      at,
      proofOk: result.proofOk,
      reciprocalReadme: result.reciprocalReadme,
      reciprocalSite: result.reciprocalSite,
      details: result.details ?? {},
    })
    const { state, failingSince } = nextState(claim, result.proofOk, at, schedule.graceMs)
    const revoked = state === 'revoked'
    await updateClaim(tx, claimId, {
      state,
      failingSince,
      lastCheckedAt: at,
      reciprocalReadme: result.reciprocalReadme,
      reciprocalSite: result.reciprocalSite,
      ...(revoked ? { revokedAt: at } : {}),
    })
    const changed =
      state !== claim.state ||
      result.reciprocalReadme !== claim.reciprocalReadme ||
      result.reciprocalSite !== claim.reciprocalSite
    if (changed)
      await enqueueEvent(tx, catalogOutbox, 'claim.rechecked', {
        claimId,
        listingId: claim.listingId,
        proofOk: result.proofOk,
        reciprocalReadme: result.reciprocalReadme,
        reciprocalSite: result.reciprocalSite,
        state,
        at: at.toISOString(),
      })
    if (revoked && listing) {
      const isOfficial = await hasStandingClaim(tx, claim.listingId)
      // Without a standing claim nothing proves an owner any more: its owner's rights go with the mark. When the
      // revoked claim made the present owner, the owner is whoever another standing claim proves (or nobody); an
      // owner the listing was handed to keeps it while a claim stands.
      const revokedOwner = claim.claimantKey === `agent:${listing.ownerAgent}`
      const owner = !isOfficial
        ? { ownerAgent: null }
        : revokedOwner
          ? { ownerAgent: await standingClaimAgent(tx, claim.listingId) }
          : {}
      // The domain a DNS claim proved (the repository a GitHub claim proved) is evidence only while a claim of that
      // method stands: the newest one left, or none.
      const proven =
        claim.method === 'dns' || claim.method === 'github'
          ? await provenStanding(tx, claim.listingId, claim.method)
          : {}
      await markListing(tx, claim.listingId, { isOfficial, updatedAt: at, ...owner, ...proven })
      if (owner.ownerAgent !== undefined && owner.ownerAgent !== listing.ownerAgent)
        await withdrawTransferOffer(tx, claim.listingId)
      await enqueueEvent(tx, catalogOutbox, 'listing.claim_revoked', {
        id: listing.id,
        name: listing.name,
        status: listing.status,
        at: at.toISOString(),
        claimId,
        isOfficial,
      })
    }
    return { claimId, listingId: claim.listingId, state, changed, revoked }
  })
}

/** Leases the claims due for a re-check to the caller (the claim-verifier). */
export async function dueClaims(database: Database, limit: number, schedule: ClaimSchedule) {
  const rows = await leaseDueClaims(database, schedule.now?.() ?? new Date(), schedule.recheckMs, limit)
  return rows.map((r) => ({
    claimId: r.claimId,
    listingId: r.listingId,
    claimantKey: r.claimantKey,
    method: r.method,
    websiteUrl: r.websiteUrl,
    state: r.state,
  }))
}

/** The schedule configuration names. */
export const claimSchedule = (config: { claimRecheckHours: number; claimGraceDays: number }): ClaimSchedule => ({
  recheckMs: config.claimRecheckHours * 3_600_000,
  graceMs: config.claimGraceDays * 86_400_000,
})
