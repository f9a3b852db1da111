import { randomUUID } from 'node:crypto'
import { AGENT_HEADERS } from '@mcp-directory/shared/agent-tokens'
import type { EventBus } from '@mcp-directory/shared/bus'
import type { Config } from '@mcp-directory/shared/config'
import { claimsOutbox, type Database } from '@mcp-directory/shared/db'
import { AppError, notFound } from '@mcp-directory/shared/errors'
import { json, readJsonBody } from '@mcp-directory/shared/http'
import type { KeyValueStore } from '@mcp-directory/shared/kv'
import type { Logger } from '@mcp-directory/shared/log'
import type { OutboundFetcher } from '@mcp-directory/shared/outbound'
import { startOutboxRelay } from '@mcp-directory/shared/outbox'
import { healthHandler, serviceApp } from '@mcp-directory/shared/service'
import { startPollingWorker } from '@mcp-directory/shared/worker'
import type { TxtLookup } from './checks/dns'
import type { ReadmeReader } from './checks/github'
import type { CatalogClient, SubmissionClient } from './clients'
import { claimantKey, claimantLabel, proofFor, type Claimant } from './proof'
import { leaseDueClaims, recordRecheck, saveClaim, type ClaimRow } from './repository'
import type { ClaimableListing, RepositoryHomepage } from './sites'
import {
  CLAIM_METHODS,
  ClaimRefused,
  challengeFor,
  checkReciprocal,
  verifyClaim,
  type Check,
  type ClaimMethod,
  type Verification,
  type VerifierDeps,
} from './verify'

/** What the claim-verifier needs from its host process. */
export interface ClaimVerifierDeps {
  config: Config
  database: Database
  kv: KeyValueStore
  bus: EventBus
  log: Logger
  /** SERVER_SECRET: the key of every proof value. */
  secret: string
  catalog: CatalogClient
  submission: SubmissionClient
  /** The SSRF-safe fetcher for owners' sites. */
  outbound: OutboundFetcher
  txt: TxtLookup
  readme: ReadmeReader
  homepage: RepositoryHomepage
  clock?: () => Date
  /** Claim attempts allowed per claimant and window (default CLAIM_ATTEMPTS). */
  attempts?: { limit: number; windowMs: number }
}

const MAX_BODY = 8 * 1024
/** Claim attempts per claimant (token or claim link) per window. */
export const CLAIM_ATTEMPTS = { limit: 10, windowMs: 10 * 60_000 }
// Rejected and flagged listings are hidden; claiming them is answered like an unknown id.
const CLAIMABLE = new Set(['pending', 'active'])

interface ClaimRequest {
  id: string
  method: ClaimMethod
  websiteUrl: string | null
  token: string | null
}

/** Validates a claim (or challenge) body; every problem is named in `details`. */
function parseClaimBody(body: unknown, opts: { needsToken: boolean; challengeOnly?: boolean }): ClaimRequest {
  const problems: { field: string; message: string }[] = []
  const b = (typeof body === 'object' && body !== null && !Array.isArray(body) ? body : null) as Record<
    string,
    unknown
  > | null
  if (!b)
    throw new AppError(400, 'invalid_body', 'The body must be a JSON object', [
      { field: '(body)', message: 'must be a JSON object' },
    ])
  const id = b.id
  if (typeof id !== 'string' || id.length === 0 || id.length > 200)
    problems.push({ field: 'id', message: 'required: the listing id (a string of 1 to 200 characters)' })
  let method: ClaimMethod = 'dns'
  if (!opts.challengeOnly && b.method !== undefined && b.method !== null) {
    if (typeof b.method !== 'string' || !(CLAIM_METHODS as readonly string[]).includes(b.method))
      problems.push({ field: 'method', message: `must be one of ${CLAIM_METHODS.join(', ')}` })
    else method = b.method as ClaimMethod
  }
  let websiteUrl: string | null = null
  if (!opts.challengeOnly && b.websiteUrl !== undefined && b.websiteUrl !== null) {
    let ok = false
    if (typeof b.websiteUrl === 'string' && b.websiteUrl.length <= 2048) {
      try {
        const u = new URL(b.websiteUrl)
        ok = u.protocol === 'http:' || u.protocol === 'https:'
      } catch {}
    }
    if (!ok) problems.push({ field: 'websiteUrl', message: 'must be an http or https URL (at most 2048 characters)' })
    else websiteUrl = b.websiteUrl as string
  }
  let token: string | null = null
  if (opts.needsToken) {
    if (typeof b.token !== 'string' || b.token.length < 16 || b.token.length > 200)
      problems.push({ field: 'token', message: 'required: the secret of the claim link (its token parameter)' })
    else token = b.token
  }
  if (problems.length)
    throw new AppError(
      400,
      'invalid_body',
      `Invalid claim request: ${problems.map((p) => p.field).join(', ')}`,
      problems,
    )
  return { id: id as string, method, websiteUrl, token }
}

/** Builds the claim-verifier: challenges and claims for agents and claim-link holders, and the periodic re-check. */
export function createClaimVerifierApp(deps: ClaimVerifierDeps) {
  const { config, database, log } = deps
  const base = config.publicBaseUrl
  const now = deps.clock ?? (() => new Date())
  const recheckMs = config.claimRecheckHours * 3_600_000
  const graceMs = config.claimGraceDays * 86_400_000
  const verifier: VerifierDeps = {
    baseUrl: base,
    outbound: deps.outbound,
    txt: deps.txt,
    readme: deps.readme,
    homepage: deps.homepage,
  }
  const attempts = deps.attempts ?? CLAIM_ATTEMPTS
  const relay = startOutboxRelay({ database, table: claimsOutbox, bus: deps.bus, service: 'claim-verifier', log })

  /** The agent the gateway verified (its headers are set only by the gateway). */
  function agentOf(request: Request): Claimant {
    const agentId = request.headers.get(AGENT_HEADERS.agentId)
    if (!agentId)
      throw new AppError(401, 'unauthorized', 'A Bearer token with scope listings:claim is required', undefined, {
        'www-authenticate': 'Bearer',
      })
    return { kind: 'agent', agentId }
  }

  /** The claim-link holder, once the submission service confirms the secret. */
  async function linkHolderOf(id: string, token: string): Promise<Claimant> {
    if (!(await deps.submission.claimTokenMatches(id, token)))
      throw new AppError(403, 'invalid_claim_token', 'This claim link is not valid for this listing')
    return { kind: 'claim_url', secretHash: new Bun.CryptoHasher('sha256').update(token).digest('hex') }
  }

  async function claimableListing(id: string): Promise<ClaimableListing> {
    const listing = await deps.catalog.listing(id)
    if (!listing || !CLAIMABLE.has(listing.status)) throw notFound('Listing')
    return listing
  }

  /** Claim attempts are limited per claimant; a store failure lets the attempt through (the gateway still limits per client). */
  async function countAttempt(key: string) {
    let hit
    try {
      hit = await deps.kv.hit(
        `claims:attempts:${new Bun.CryptoHasher('sha256').update(key).digest('hex').slice(0, 32)}`,
        attempts.windowMs,
      )
    } catch (err) {
      log.warn({ err: String(err) }, 'claim attempt counter unavailable; attempt allowed')
      return
    }
    if (hit.count > attempts.limit) {
      const retry = Math.max(1, Math.ceil(hit.resetMs / 1000))
      throw new AppError(
        429,
        'rate_limited',
        `At most ${attempts.limit} claim attempts per ${Math.round(attempts.windowMs / 60_000)} minutes for one token or claim link; retry in ${retry} s`,
        undefined,
        { 'retry-after': String(retry) },
      )
    }
  }

  async function challenge(id: string, claimant: Claimant) {
    const listing = await claimableListing(id)
    return json(await challengeFor(verifier, listing, proofFor(deps.secret, listing.id, claimantKey(claimant))), 200, {
      'cache-control': 'no-store',
    })
  }

  async function claim(req: ClaimRequest, claimant: Claimant, requestId: string | null) {
    const key = claimantKey(claimant)
    await countAttempt(key)
    const listing = await claimableListing(req.id)
    const proof = proofFor(deps.secret, listing.id, key)
    let verification
    try {
      verification = await verifyClaim(verifier, listing, req.method, proof, req.websiteUrl)
    } catch (err) {
      if (err instanceof ClaimRefused) throw new AppError(400, err.code, err.message, err.details)
      throw err
    }
    if (!verification.ok) {
      const first = verification.checks[0]!
      log.info({ requestId, id: listing.id, method: req.method, claimant: claimantLabel(key) }, 'claim not verified')
      throw new AppError(
        400,
        'verification_failed',
        `Ownership not verified by ${req.method}: ${first.where}: ${first.found}`,
        verification.checks,
      )
    }
    const claimId = randomUUID()
    const at = now()
    const recorded = await deps.catalog.recordClaim(listing.id, {
      claimId,
      claimant: claimantLabel(key),
      method: req.method,
      evidence: { checks: verification.checks.filter((c) => c.ok) },
    })
    if (!recorded) throw notFound('Listing')
    await saveClaim(database, {
      id: claimId,
      listingId: listing.id,
      claimant: key,
      method: req.method,
      websiteUrl: req.websiteUrl,
      verification,
      at,
      recheckMs,
    })
    const reciprocalBadgeOk = Boolean(verification.reciprocal.readme?.ok || verification.reciprocal.site?.ok)
    log.info(
      {
        requestId,
        id: listing.id,
        method: req.method,
        claimant: claimantLabel(key),
        approved: recorded.approved,
        reciprocalBadgeOk,
      },
      'claim verified',
    )
    return json({
      success: true,
      pending: false,
      isOfficial: true,
      reciprocalBadgeOk,
      message: `${listing.name} is now official${recorded.approved ? ' and listed' : ''}: ownership verified by ${req.method}.${reciprocalBadgeOk ? '' : ' Add the directory badge to your README or site to earn the reciprocal link.'}`,
      // Additive: what was checked, and where the reciprocal badge was found.
      claimId,
      method: req.method,
      reciprocal: {
        readme: verification.reciprocal.readme?.ok ?? false,
        website: verification.reciprocal.site?.ok ?? false,
      },
      checks: verification.checks,
    })
  }

  /** One re-check: the proof by the claim's own method, and the reciprocal badges, each recorded. */
  async function recheck(row: ClaimRow): Promise<void> {
    const listing = await deps.catalog.listing(row.listingId)
    if (!listing) return
    const proof = proofFor(deps.secret, row.listingId, row.claimant)
    let verification: Verification
    try {
      verification = await verifyClaim(verifier, listing, row.method as ClaimMethod, proof, row.websiteUrl, {
        reciprocal: 'always',
      })
    } catch (err) {
      if (!(err instanceof ClaimRefused)) throw err
      // The listing no longer points to the site: the proof no longer counts.
      verification = {
        ok: false,
        checks: err.details as Check[],
        reciprocal: await checkReciprocal(verifier, listing, null),
      }
    }
    const { reciprocal } = verification
    const at = now()
    const result = await recordRecheck(
      database,
      row,
      {
        proofOk: verification.ok,
        reciprocalReadme: reciprocal.readme?.ok ?? false,
        reciprocalSite: reciprocal.site?.ok ?? false,
        details: { checks: verification.checks, reciprocal },
      },
      at,
      graceMs,
    )
    if (result.changed) relay.nudge()
    if (result.state === 'revoked') {
      await deps.catalog.revokeClaim(row.listingId, row.id)
      log.warn(
        { id: row.listingId, claimId: row.id },
        'claim revoked: its proof failed every re-check of the grace period',
      )
    }
  }

  /** One pass of re-checks over the claims that are due. */
  async function recheckDue(limit = 20): Promise<number> {
    const due = await leaseDueClaims(database, now(), recheckMs, limit)
    for (const row of due) {
      try {
        await recheck(row)
      } catch (err) {
        log.warn({ claimId: row.id, err: String(err) }, 'claim re-check failed; tried again next interval')
      }
    }
    return due.length
  }
  const rechecks = startPollingWorker({
    pass: () => recheckDue(),
    intervalMs: 60_000,
    onError: (err, first) => first && log.warn({ err: String(err) }, 'claim re-check pass failed'),
  })

  const requestIdOf = (request: Request) => request.headers.get('x-request-id')
  const app = serviceApp('claim-verifier', base, log)
    .get('/api/v1/agent/claim/:id/challenge', ({ params, request }) => challenge(params.id, agentOf(request)))
    .post(
      '/api/v1/agent/claim',
      async ({ request }) => {
        const claimant = agentOf(request)
        return claim(
          parseClaimBody(await readJsonBody(request, MAX_BODY), { needsToken: false }),
          claimant,
          requestIdOf(request),
        )
      },
      { parse: 'none' },
    )
    .post(
      '/api/v1/claim/challenge',
      async ({ request }) => {
        const req = parseClaimBody(await readJsonBody(request, MAX_BODY), { needsToken: true, challengeOnly: true })
        return challenge(req.id, await linkHolderOf(req.id, req.token!))
      },
      { parse: 'none' },
    )
    .post(
      '/api/v1/claim',
      async ({ request }) => {
        const req = parseClaimBody(await readJsonBody(request, MAX_BODY), { needsToken: true })
        return claim(req, await linkHolderOf(req.id, req.token!), requestIdOf(request))
      },
      { parse: 'none' },
    )
    .get('/api/v1/health', healthHandler(database, log))

  return {
    app,
    /** Runs one re-check pass now (tests, operators). */
    recheckDue,
    close: async () => {
      await rechecks.stop()
      await relay.stop()
    },
  }
}

/** The running claim-verifier. */
export type ClaimVerifierService = ReturnType<typeof createClaimVerifierApp>
