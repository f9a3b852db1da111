// A listing's remote endpoints: which are tried (and whether their last tool list is still fresh), each through
// the per-host limit and back-off, the best outcome kept.
import type { CatalogListing } from '@mcp-directory/shared/catalog-client'
import { MAX_REMOTE_ADDRESSES } from '@mcp-directory/shared/contracts/catalog-internal'
import { type RemoteAddressFact, remoteAddressOf } from '@mcp-directory/shared/outbound'
import { clearHost, hostRetryAt, noteHostFailure, type ProbeResultRow } from '../state/service'
import { HOST_FAILURES } from './health'
import { hostOf, type ProbeRun } from './listing-run'
import { probeRemote, type RemoteProbe } from './remote'

// At most this many endpoints of one listing are tried (streamable HTTP first, then SSE).
const MAX_REMOTES = 2

/** Remote endpoints to try, streamable HTTP before SSE (SSE is deprecated in the MCP spec). */
export function remotesToProbe(l: Pick<CatalogListing, 'remotes'>): { url: string; type: 'streamable-http' | 'sse' }[] {
  const remotes = Array.isArray(l.remotes) ? l.remotes : []
  return remotes
    .filter(
      (r): r is { url: string; type: 'streamable-http' | 'sse'; headers: [] } =>
        !!r && typeof r.url === 'string' && (r.type === 'streamable-http' || r.type === 'sse'),
    )
    .sort((a, b) => Number(b.type === 'streamable-http') - Number(a.type === 'streamable-http'))
    .slice(0, MAX_REMOTES)
    .map((r) => ({ url: r.url, type: r.type }))
}

/** The longest a server's ttlMs keeps its endpoint from being probed again: a day. */
const MAX_FRESH_MS = 86_400_000

/**
 * Until when the listing's endpoint said, at its last probe, that its tool list stays fresh (the 2026-07-28
 * `ttlMs` of tools/list), when that is later than `now`: an active endpoint is then not probed again in this round.
 * Null otherwise (no ttlMs, a sandbox's word, an endpoint not active, or the time is up).
 */
export function remoteFreshUntil(l: Pick<CatalogListing, 'mcpProtocol' | 'health'>, now: number): Date | null {
  const p = l.mcpProtocol
  if (!p?.ttlMs || p.source === 'sandbox' || l.health !== 'active' || !p.checkedAt) return null
  const until = Date.parse(p.checkedAt) + Math.min(p.ttlMs, MAX_FRESH_MS)
  return Number.isFinite(until) && until > now ? new Date(until) : null
}

/**
 * The endpoint the listing's last remote probe reached (its newest history row that was not a skip), when it is no
 * longer one of the listing's endpoints: the listing's health, ttlMs and failure streak are that endpoint's, and
 * say nothing of the ones it has now. Null when the last one probed is still listed (or none was probed).
 */
export function probedElsewhere(
  l: Pick<CatalogListing, 'remotes'>,
  /** The probe history, newest first (or just its newest remote row, `lastRemoteProbe`). */
  history: readonly { kind: string; target: string; outcome: string }[],
): string | null {
  const last = history.find((r) => r.kind === 'remote' && r.outcome !== 'skipped')
  if (!last) return null
  return remotesToProbe(l).some((r) => r.url === last.target) ? null : last.target
}

/**
 * Whether the listing's endpoints are skipped this round as still fresh (each noted in the probe history); never
 * when the fresh tool list came from an endpoint the listing no longer has (`elsewhere`, see `probedElsewhere`).
 */
export function skippedAsFresh(
  listing: CatalogListing,
  results: ProbeResultRow[],
  at: Date,
  elsewhere: string | null,
): boolean {
  const freshUntil = elsewhere === null ? remoteFreshUntil(listing, at.getTime()) : null
  if (!freshUntil) return false
  for (const r of remotesToProbe(listing))
    results.push({
      kind: 'remote',
      target: r.url,
      outcome: 'skipped',
      detail: `tool list fresh until ${freshUntil.toISOString()} (ttlMs)`,
    })
  return true
}

// Outcome preference when several endpoints were tried: the best one tells what a user gets.
const RANK: Record<string, number> = {
  ok: 0,
  alive: 1,
  auth_required: 2,
  unknown: 3,
  not_mcp: 4,
  timeout: 5,
  unreachable: 6,
  refused: 7,
}

/** Why `url` is not probed: this probe saw its name resolve to a private address (and those are not allowed). */
function inwardReason(run: ProbeRun, url: string): string | null {
  if (run.deps.allowPrivate) return null
  const seen = run.facts.remoteAddresses?.find((a) => a.url === url && a.address === 'private')
  return seen ? (seen.reason ?? 'its name resolves to a private address') : null
}

/** Tries the listing's endpoints in turn until one answers as MCP; the best probe, or null when none was tried. */
export async function probeRemotes(run: ProbeRun): Promise<RemoteProbe | null> {
  const { deps, results } = run
  let best: RemoteProbe | null = null
  for (const r of remotesToProbe(run.listing)) {
    const host = hostOf(r.url)
    if (!host) continue
    const inward = inwardReason(run, r.url)
    const retryAt = inward ? null : await hostRetryAt(deps.database, host)
    if (retryAt) {
      results.push({
        kind: 'remote',
        target: r.url,
        outcome: 'skipped',
        detail: `host in back-off until ${retryAt.toISOString()}`,
      })
      continue
    }
    // A name just seen resolving inward is refused as the outbound guard would, without asking the name again.
    const p: RemoteProbe = inward
      ? { url: r.url, transport: r.type, outcome: 'refused', latencyMs: 0, detail: `refused: ${inward}` }
      : await deps.hosts.run(host, () =>
          probeRemote(r.url, r.type, { fetch: deps.outboundFetch, timeoutMs: deps.timeoutMs }),
        )
    run.progress()
    results.push({
      kind: 'remote',
      target: r.url,
      outcome: p.outcome,
      toolCount: p.tools?.length ?? null,
      latencyMs: p.latencyMs,
      detail: p.detail,
    })
    if (HOST_FAILURES.has(p.outcome)) await noteHostFailure(deps.database, host, p.detail)
    else if (p.outcome !== 'refused') await clearHost(deps.database, host)
    if (!best || (RANK[p.outcome] ?? 9) < (RANK[best.outcome] ?? 9)) best = p
    if (p.outcome === 'ok') break
  }
  return best
}

/** How long one remote's name may take to resolve at a probe (A and AAAA together). */
const RESOLVE_MS = 5_000

/**
 * What each of the listing's remotes' names resolves to now (`remoteAddressOf`), into the facts: the catalog
 * withholds the install line of one seen private or unresolvable, and gives it back once a later probe sees it
 * public. Every remote with a URL is resolved (not only the ones probed), each URL once, all at the same time, the
 * ones an install line would use first (streamable HTTP, then SSE, in listed order) should a listing declare more
 * than MAX_REMOTE_ADDRESSES (the catalog withholds a remote left without a fact). Nothing is reported without a
 * resolver, nor for a listing that has no remote and kept no address.
 */
export async function resolveRemoteAddresses(run: ProbeRun): Promise<void> {
  const resolve = run.deps.resolveRemote
  if (!resolve) return
  const remotes = (Array.isArray(run.listing.remotes) ? run.listing.remotes : []).filter(
    (r) => r && typeof r.url === 'string',
  )
  const installFirst = (r: { type?: unknown }) => (r.type === 'streamable-http' ? 0 : r.type === 'sse' ? 1 : 2)
  const ordered = remotes.map((r, i) => ({ r, i })).sort((a, b) => installFirst(a.r) - installFirst(b.r) || a.i - b.i)
  const urls = [...new Set(ordered.map(({ r }) => r.url))].slice(0, MAX_REMOTE_ADDRESSES)
  if (urls.length === 0 && !run.listing.remoteAddresses?.length) return
  const timeoutMs = Math.min(RESOLVE_MS, run.deps.timeoutMs)
  const seen = await Promise.all(urls.map((url) => remoteAddressOf(url, { resolve, timeoutMs })))
  run.facts.remoteAddresses = seen
    .filter((a): a is RemoteAddressFact => a !== null)
    .map((a) => (a.reason ? { ...a, reason: a.reason.slice(0, 500) } : a))
}
