// One probe job: read the listing from the catalog, check its remote endpoints and its GitHub repository
// (politely: per-host limit, host back-off, conditional requests), hand the facts to the catalog, then
// record what was seen in the prober's own schema.
import type { Database } from '@mcp-directory/shared/db'
import type { Logger } from '@mcp-directory/shared/log'
import type { CatalogClient, CatalogListing, FactsBody } from '../catalog/client'
import type { HostLimiter } from '../limits'
import type { JobOutcome, ProbeJob } from '../queue'
import { clearHost, hostRetryAt, noteHostFailure, readEtags, readState, saveProbe, type ProbeResultRow } from '../state/repository'
import { githubRepoOf, type GithubReader } from './github'
import { healthAfter, HOST_FAILURES } from './health'
import { inferInstall } from './readme'
import { probeRemote, type RemoteProbe } from './remote'

/** What probing a listing needs. */
export interface ListingProberDeps {
  database: Database
  catalog: CatalogClient
  github: GithubReader
  /** The outbound-safety fetcher's `fetch`, for remote endpoints (user-supplied addresses). */
  outboundFetch: typeof fetch
  hosts: HostLimiter
  timeoutMs: number
  log: Logger
}

// At most this many endpoints of one listing are tried (streamable HTTP first, then SSE).
const MAX_REMOTES = 2

/** Remote endpoints to try, streamable HTTP before SSE (SSE is deprecated in the MCP spec). */
export function remotesToProbe(l: Pick<CatalogListing, 'remotes'>): { url: string; type: 'streamable-http' | 'sse' }[] {
  const remotes = Array.isArray(l.remotes) ? l.remotes : []
  return remotes
    .filter((r): r is { url: string; type: 'streamable-http' | 'sse'; headers: [] } => !!r && typeof r.url === 'string' && (r.type === 'streamable-http' || r.type === 'sse'))
    .sort((a, b) => Number(b.type === 'streamable-http') - Number(a.type === 'streamable-http'))
    .slice(0, MAX_REMOTES)
    .map((r) => ({ url: r.url, type: r.type }))
}

const hostOf = (url: string): string | null => {
  try {
    // host includes a non-default port: two servers on one machine are two hosts to be polite to.
    return new URL(url).host.toLowerCase()
  } catch {
    return null
  }
}

// Outcome preference when several endpoints were tried: the best one tells what a user gets.
const RANK: Record<string, number> = { ok: 0, auth_required: 1, not_mcp: 2, http_error: 3, timeout: 4, unreachable: 5, refused: 6 }

/** Builds the job handler. */
export function listingProber(deps: ListingProberDeps) {
  const { database, catalog, github, log } = deps
  const githubHost = hostOf(github.repoUrl({ owner: 'o', repo: 'r' })) ?? 'api.github.com'

  async function probeRemotes(l: CatalogListing, results: ProbeResultRow[], progress: () => void): Promise<RemoteProbe | null> {
    let best: RemoteProbe | null = null
    for (const r of remotesToProbe(l)) {
      const host = hostOf(r.url)
      if (!host) continue
      const retryAt = await hostRetryAt(database, host)
      if (retryAt) {
        results.push({ kind: 'remote', target: r.url, outcome: 'skipped', detail: `host in back-off until ${retryAt.toISOString()}` })
        continue
      }
      const p = await deps.hosts.run(host, () => probeRemote(r.url, r.type, { fetch: deps.outboundFetch, timeoutMs: deps.timeoutMs }))
      progress()
      results.push({ kind: 'remote', target: r.url, outcome: p.outcome, toolCount: p.tools?.length ?? null, latencyMs: p.latencyMs, detail: p.detail })
      if (HOST_FAILURES.has(p.outcome)) await noteHostFailure(database, host, p.detail)
      else if (p.outcome !== 'refused') await clearHost(database, host)
      if (!best || (RANK[p.outcome] ?? 9) < (RANK[best.outcome] ?? 9)) best = p
      if (p.outcome === 'ok') break
    }
    return best
  }

  async function probeGithub(l: CatalogListing, facts: FactsBody, results: ProbeResultRow[], etags: Map<string, string>, progress: () => void) {
    const repo = githubRepoOf(l.repositoryUrl) ?? githubRepoOf(l.url)
    if (!repo) return
    const repoUrl = github.repoUrl(repo)
    const readmeUrl = github.readmeUrl(repo)
    const retryAt = await hostRetryAt(database, githubHost)
    if (retryAt) {
      results.push({ kind: 'github', target: repoUrl, outcome: 'skipped', detail: `GitHub API in back-off until ${retryAt.toISOString()}` })
      return
    }
    const known = await readEtags(database, l.id, [repoUrl, readmeUrl])
    const failed = async (target: string, reason: string, retryAfterMs?: number) => {
      results.push({ kind: 'github', target, outcome: 'http_error', detail: reason })
      // Rate limits and outages of the API back off every replica (a 404 of one repository does not).
      if (retryAfterMs !== undefined || /could not connect|no answer/.test(reason)) await noteHostFailure(database, githubHost, reason, retryAfterMs ?? 0)
    }
    const started = performance.now()
    const meta = await deps.hosts.run(githubHost, () => github.repo(repo, known.get(repoUrl) ?? null))
    progress()
    const latencyMs = Math.round(performance.now() - started)
    if (meta.status === 'failed') return failed(repoUrl, meta.reason, meta.retryAfterMs)
    if (meta.status === 'missing') {
      results.push({ kind: 'github', target: repoUrl, outcome: 'missing', latencyMs, detail: 'repository not found' })
      return
    }
    results.push({ kind: 'github', target: repoUrl, outcome: meta.status === 'changed' ? 'ok' : 'not_modified', latencyMs })
    if (meta.status === 'changed') {
      facts.github = meta.value
      if (meta.etag) etags.set(repoUrl, meta.etag)
    }
    const readme = await deps.hosts.run(githubHost, () => github.readme(repo, known.get(readmeUrl) ?? null))
    progress()
    if (readme.status === 'failed') return failed(readmeUrl, readme.reason, readme.retryAfterMs)
    results.push({ kind: 'github', target: readmeUrl, outcome: readme.status === 'changed' ? 'ok' : readme.status === 'unchanged' ? 'not_modified' : 'missing' })
    if (readme.status === 'changed') {
      facts.readme = readme.value
      facts.install = inferInstall(readme.value)
      if (readme.etag) etags.set(readmeUrl, readme.etag)
    } else if (readme.status === 'missing') {
      facts.readme = null
      facts.install = null
    }
  }

  /** Handles one job. */
  return async function probeJob(job: ProbeJob, progress: () => void): Promise<JobOutcome> {
    const state = await readState(database, job.listingId)
    // A redelivered job whose probe already finished (its ack was lost) is not probed twice in the round.
    if (state?.lastRound === job.round) return 'done'
    const listing = await catalog.listing(job.listingId)
    if (!listing || listing.status !== 'active') return 'done'
    const at = new Date()
    const facts: FactsBody = { checkedAt: at.toISOString() }
    const results: ProbeResultRow[] = []
    const etags = new Map<string, string>()

    const remote = await probeRemotes(listing, results, progress)
    let verdict: ReturnType<typeof healthAfter> | null = null
    if (remote) {
      verdict = healthAfter(remote.outcome, state)
      facts.remote = {
        health: verdict.health,
        verified: verdict.verified,
        ...(remote.tools ? { tools: remote.tools, toolsSource: remote.transport } : {}),
      }
      const last = results.findLast((r) => r.kind === 'remote' && r.target === remote.url)
      if (last) last.health = verdict.health
    } else if (remotesToProbe(listing).length === 0 && (listing.health != null || listing.isVerifiedActive)) {
      // Its endpoint is gone (a changed registry entry): what was seen of it no longer says anything.
      facts.remote = null
    }
    await probeGithub(listing, facts, results, etags, progress)

    if (facts.remote !== undefined || facts.github || facts.readme !== undefined || facts.install !== undefined) {
      // Throws CatalogUnavailable: the job is retried, and nothing is recorded (so ETags are not spent).
      const changed = await catalog.putFacts(listing.id, facts)
      if (changed === null) return 'done'
      if (changed.length) log.debug({ id: listing.id, changed, health: facts.remote?.health }, 'listing facts changed')
    }
    await saveProbe(database, {
      listingId: listing.id,
      round: job.round,
      at,
      ...(remote && verdict ? { remote: { health: verdict.health, ok: verdict.ok, consecutiveFailures: verdict.consecutiveFailures, tools: remote.tools, toolsSource: remote.tools ? remote.transport : undefined } } : {}),
      results,
      etags,
    })
    return 'done'
  }
}
