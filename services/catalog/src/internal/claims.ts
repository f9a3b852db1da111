// The catalog's internal claims API, for the claim-verifier only (never in the gateway's route table): record a
// verified claim (the listing becomes official, and active if it was pending) and revoke one after its grace
// period. Each change writes its events into the catalog outbox in the same transaction.
import { and, catalogOutbox, eq, isNull, listingClaims, listings, type Database } from '@mcp-directory/shared/db'
import { AppError, notFound } from '@mcp-directory/shared/errors'
import { json, readJsonBody } from '@mcp-directory/shared/http'
import type { Logger } from '@mcp-directory/shared/log'
import { enqueueEvent } from '@mcp-directory/shared/outbox'
import { Elysia } from 'elysia'
import { addSearchTerms } from './routes'

const MAX_BODY = 64 * 1024
// Rejected and flagged listings were hidden by an operator; a claim does not bring them back.
const CLAIMABLE = new Set(['pending', 'active'])

/** A verified claim as the claim-verifier reports it. */
export interface ClaimRecord {
  claimId: string
  claimant: string
  method: string
  evidence: unknown
}

function parseClaim(body: unknown): ClaimRecord {
  const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>
  const s = (k: string) =>
    typeof b[k] === 'string' && (b[k] as string).length > 0 && (b[k] as string).length <= 200 ? (b[k] as string) : null
  const claimId = s('claimId')
  const claimant = s('claimant')
  const method = s('method')
  if (!claimId || !claimant || !method)
    throw new AppError(400, 'invalid_body', 'claimId, claimant and method are required', [
      { field: 'claimId, claimant, method', message: 'required strings' },
    ])
  return { claimId, claimant, method, evidence: b.evidence ?? null }
}

/** Records a verified claim: official, active, the claim kept, `listing.claimed` (and `listing.approved`) queued. */
export async function recordClaim(database: Database, listingId: string, claim: ClaimRecord) {
  return database.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: listings.id, name: listings.name, status: listings.status })
      .from(listings)
      .where(eq(listings.id, listingId))
      .for('update')
      .limit(1)
    if (!row || !CLAIMABLE.has(row.status)) throw notFound('Listing')
    const at = new Date()
    const inserted = await tx
      .insert(listingClaims)
      .values({
        claimId: claim.claimId,
        listingId,
        claimant: claim.claimant,
        method: claim.method,
        evidence: claim.evidence ?? {},
        claimedAt: at,
      })
      .onConflictDoNothing()
      .returning({ claimId: listingClaims.claimId })
    // A retried call for the same claim changes nothing and publishes nothing.
    if (inserted.length === 0)
      return { id: row.id, name: row.name, status: row.status, isOfficial: true, recorded: false, approved: false }
    await tx
      .update(listings)
      .set({ isOfficial: true, status: 'active', moderationReason: null, updatedAt: at })
      .where(eq(listings.id, listingId))
    const base = { id: row.id, name: row.name, status: 'active', at: at.toISOString() }
    const approved = row.status === 'pending'
    if (approved) {
      await enqueueEvent(tx, catalogOutbox, 'listing.approved', base)
      await addSearchTerms(tx, listingId)
    }
    await enqueueEvent(tx, catalogOutbox, 'listing.claimed', {
      ...base,
      method: claim.method,
      claimId: claim.claimId,
      claimant: claim.claimant,
    })
    return { id: row.id, name: row.name, status: 'active', isOfficial: true, recorded: true, approved }
  })
}

/** Revokes a claim; the listing stays official while another claim on it stands. */
export async function revokeClaim(database: Database, listingId: string, claimId: string) {
  return database.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: listings.id, name: listings.name, status: listings.status })
      .from(listings)
      .where(eq(listings.id, listingId))
      .for('update')
      .limit(1)
    if (!row) throw notFound('Listing')
    const at = new Date()
    const revoked = await tx
      .update(listingClaims)
      .set({ revokedAt: at })
      .where(
        and(
          eq(listingClaims.claimId, claimId),
          eq(listingClaims.listingId, listingId),
          isNull(listingClaims.revokedAt),
        ),
      )
      .returning({ claimId: listingClaims.claimId })
    if (revoked.length === 0) throw notFound('Claim')
    const standing = await tx
      .select({ claimId: listingClaims.claimId })
      .from(listingClaims)
      .where(and(eq(listingClaims.listingId, listingId), isNull(listingClaims.revokedAt)))
      .limit(1)
    const isOfficial = standing.length > 0
    await tx.update(listings).set({ isOfficial, updatedAt: at }).where(eq(listings.id, listingId))
    await enqueueEvent(tx, catalogOutbox, 'listing.claim_revoked', {
      id: row.id,
      name: row.name,
      status: row.status,
      at: at.toISOString(),
      claimId,
      isOfficial,
    })
    return { id: row.id, isOfficial }
  })
}

/** The internal claims routes, mounted on the catalog app. */
export function internalClaimRoutes(deps: { database: Database; log: Logger; nudge: () => void }) {
  return new Elysia({ name: 'catalog:internal-claims' })
    .post(
      '/internal/listings/:id/claims',
      async ({ params, request }) => {
        const claim = parseClaim(await readJsonBody(request, MAX_BODY))
        const result = await recordClaim(deps.database, params.id, claim)
        if (result.recorded) {
          deps.nudge()
          deps.log.info(
            { id: params.id, claimId: claim.claimId, method: claim.method, approved: result.approved },
            'claim recorded',
          )
        }
        return json({ listing: result })
      },
      { parse: 'none' },
    )
    .post('/internal/listings/:id/claims/:claimId/revoke', async ({ params }) => {
      const result = await revokeClaim(deps.database, params.id, params.claimId)
      deps.nudge()
      deps.log.info({ id: params.id, claimId: params.claimId, isOfficial: result.isOfficial }, 'claim revoked')
      return json({ listing: result })
    })
}
