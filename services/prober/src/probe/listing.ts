// One probe job: read the listing from the catalog, check its remote endpoints, its GitHub repository and the
// registry entries of its packages (politely: per-host limit, host back-off, conditional requests), hand the
// facts to the catalog, then record what was seen in the prober's own schema.
// Over 300 lines: the per-source steps share the job's facts, results and ETags, and read in the order they run.
import type { Database } from '@mcp-directory/shared/db'
import type { Logger } from '@mcp-directory/shared/log'
import type { PackageEvidence } from '@mcp-directory/shared/contracts'
import { evidenceFor, EVIDENCE_REGISTRIES } from '@mcp-directory/shared/install'
import type { CatalogClient, CatalogListing, FactsBody } from '@mcp-directory/shared/catalog-client'
import type { HostLimiter } from '../limits'
import type { JobOutcome, ProbeJob, ProbeQueue } from '../queue'
import { readEtags, readState } from '../state/repository'
import { clearHost, hostRetryAt, noteHostFailure, type ProbeResultRow, saveProbe } from '../state/service'
import { githubRepoOf, type GithubReader } from './github'
import { healthAfter, HOST_FAILURES } from './health'
import { inferInstall } from './readme'
import type { RegistryReader } from '@mcp-directory/shared/install'
import { probeRemote, type RemoteProbe } from './remote'
import { repositoryRunOf } from './repository-run'
import { sandboxDue, sandboxTarget } from './sandbox-target'

/** What probing a listing needs. */
export interface ListingProberDeps {
  database: Database
  catalog: CatalogClient
  github: GithubReader
  /** npm and PyPI, read for install evidence. */
  registry: RegistryReader
  /** The outbound-safety fetcher's `fetch`, for remote endpoints (user-supplied addresses). */
  outboundFetch: typeof fetch
  hosts: HostLimiter
  timeoutMs: number
  log: Logger
  /** The sandbox's work queue (absent: no sandbox runs, nothing is queued). */
  sandboxQueue?: ProbeQueue
  /** How often a listing's package is started again (the slow round). */
  sandboxIntervalMs?: number
}

// At most this many endpoints of one listing are tried (streamable HTTP first, then SSE).
const MAX_REMOTES = 2
// At most this many packages of one listing are read from their registries (a README's package included).
const MAX_EVIDENCE_PACKAGES = 4

type EvidenceTarget = { registryType: PackageEvidence['registryType']; identifier: string; version: string | null }

/** The npm and PyPI packages whose registry entries say whether they belong to the listing. */
export function evidenceTargets(
  l: Pick<CatalogListing, 'packages'>,
  inferred: CatalogListing['inferredInstall'],
): EvidenceTarget[] {
  const out: EvidenceTarget[] = []
  const add = (registryType: string, identifier: unknown, version: unknown) => {
    if (
      !(EVIDENCE_REGISTRIES as readonly string[]).includes(registryType) ||
      typeof identifier !== 'string' ||
      !identifier.trim()
    )
      return
    const t = {
      registryType: registryType as EvidenceTarget['registryType'],
      identifier: identifier.trim(),
      version: typeof version === 'string' ? version : null,
    }
    if (!out.some((o) => o.registryType === t.registryType && o.identifier === t.identifier)) out.push(t)
  }
  for (const p of Array.isArray(l.packages) ? l.packages : [])
    if (p && typeof p === 'object') add(p.registryType, p.identifier, p.version)
  if (inferred && typeof inferred === 'object') add(inferred.registryType, inferred.identifier, null)
  return out.slice(0, MAX_EVIDENCE_PACKAGES)
}

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

const hostOf = (url: string): string | null => {
  try {
    // host includes a non-default port: two servers on one machine are two hosts to be polite to.
    return new URL(url).host.toLowerCase()
  } catch {
    return null
  }
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

/** Whether the listing's endpoints are skipped this round as still fresh (each noted in the probe history). */
function skippedAsFresh(listing: CatalogListing, results: ProbeResultRow[], at: Date): boolean {
  const freshUntil = remoteFreshUntil(listing, at.getTime())
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

/** Builds the job handler. */
// biome-ignore lint/complexity/noExcessiveLinesPerFunction: one closure over the probe dependencies that its per-source steps share
export function listingProber(deps: ListingProberDeps) {
  const { database, catalog, github, log } = deps
  const githubHost = hostOf(github.repoUrl({ owner: 'o', repo: 'r' })) ?? 'api.github.com'

  async function probeRemotes(
    l: CatalogListing,
    results: ProbeResultRow[],
    progress: () => void,
  ): Promise<RemoteProbe | null> {
    let best: RemoteProbe | null = null
    for (const r of remotesToProbe(l)) {
      const host = hostOf(r.url)
      if (!host) continue
      const retryAt = await hostRetryAt(database, host)
      if (retryAt) {
        results.push({
          kind: 'remote',
          target: r.url,
          outcome: 'skipped',
          detail: `host in back-off until ${retryAt.toISOString()}`,
        })
        continue
      }
      const p = await deps.hosts.run(host, () =>
        probeRemote(r.url, r.type, { fetch: deps.outboundFetch, timeoutMs: deps.timeoutMs }),
      )
      progress()
      results.push({
        kind: 'remote',
        target: r.url,
        outcome: p.outcome,
        toolCount: p.tools?.length ?? null,
        latencyMs: p.latencyMs,
        detail: p.detail,
      })
      if (HOST_FAILURES.has(p.outcome)) await noteHostFailure(database, host, p.detail)
      else if (p.outcome !== 'refused') await clearHost(database, host)
      if (!best || (RANK[p.outcome] ?? 9) < (RANK[best.outcome] ?? 9)) best = p
      if (p.outcome === 'ok') break
    }
    return best
  }

  // biome-ignore lint/complexity/noExcessiveLinesPerFunction: the GitHub steps (repository, README, install inference) with their ETags, in order
  async function probeGithub(
    l: CatalogListing,
    facts: FactsBody,
    results: ProbeResultRow[],
    etags: Map<string, string>,
    progress: () => void,
    at: Date,
  ) {
    const repo = githubRepoOf(l.repositoryUrl) ?? githubRepoOf(l.url)
    if (!repo) return
    // A listing without packages and remotes may need a guess that runs its repository: read once, then again
    // whenever the repository changed (its metadata is not a 304 any more).
    const wantsRun =
      (!Array.isArray(l.packages) || l.packages.length === 0) && (!Array.isArray(l.remotes) || l.remotes.length === 0)
    const repoUrl = github.repoUrl(repo)
    const readmeUrl = github.readmeUrl(repo)
    const retryAt = await hostRetryAt(database, githubHost)
    if (retryAt) {
      results.push({
        kind: 'github',
        target: repoUrl,
        outcome: 'skipped',
        detail: `GitHub API in back-off until ${retryAt.toISOString()}`,
      })
      return
    }
    const known = await readEtags(database, l.id, [repoUrl, readmeUrl])
    const failed = async (target: string, reason: string, retryAfterMs?: number) => {
      results.push({ kind: 'github', target, outcome: 'http_error', detail: reason })
      // Rate limits and outages of the API back off every replica (a 404 of one repository does not).
      if (retryAfterMs !== undefined || /could not connect|no answer/.test(reason))
        await noteHostFailure(database, githubHost, reason, retryAfterMs ?? 0)
    }
    const started = performance.now()
    const readRunNow = wantsRun && !l.repositoryRun
    const meta = await deps.hosts.run(githubHost, () =>
      github.repo(repo, readRunNow ? null : (known.get(repoUrl) ?? null)),
    )
    progress()
    const latencyMs = Math.round(performance.now() - started)
    if (meta.status === 'failed') return failed(repoUrl, meta.reason, meta.retryAfterMs)
    if (meta.status === 'missing') {
      results.push({ kind: 'github', target: repoUrl, outcome: 'missing', latencyMs, detail: 'repository not found' })
      return
    }
    results.push({
      kind: 'github',
      target: repoUrl,
      outcome: meta.status === 'changed' ? 'ok' : 'not_modified',
      latencyMs,
    })
    if (meta.status === 'changed') {
      const { language, ...shown } = meta.value
      facts.github = shown
      if (meta.etag) etags.set(repoUrl, meta.etag)
      if (wantsRun) {
        const name = `${repo.owner}/${repo.repo}`
        const run = await repositoryRunOf(
          name,
          language,
          async (path) => {
            const r = await deps.hosts.run(githubHost, () => github.file(repo, path))
            progress()
            results.push({
              kind: 'github',
              target: `${repoUrl}/contents/${path}`,
              outcome: r.status === 'changed' ? 'ok' : r.status === 'failed' ? 'http_error' : 'missing',
              ...(r.status === 'failed' ? { detail: r.reason } : {}),
            })
            return r.status === 'changed'
              ? { status: 'found', text: r.value }
              : r.status === 'failed'
                ? { status: 'failed', reason: r.reason }
                : { status: 'missing' }
          },
          at,
        )
        if (run) facts.repositoryRun = run
      }
    }
    const readme = await deps.hosts.run(githubHost, () => github.readme(repo, known.get(readmeUrl) ?? null))
    progress()
    if (readme.status === 'failed') return failed(readmeUrl, readme.reason, readme.retryAfterMs)
    results.push({
      kind: 'github',
      target: readmeUrl,
      outcome: readme.status === 'changed' ? 'ok' : readme.status === 'unchanged' ? 'not_modified' : 'missing',
    })
    if (readme.status === 'changed') {
      facts.readme = readme.value
      facts.install = inferInstall(readme.value)
      if (readme.etag) etags.set(readmeUrl, readme.etag)
    } else if (readme.status === 'missing') {
      facts.readme = null
      facts.install = null
    }
  }

  /**
   * Reads the registry entries of the listing's npm and PyPI packages (and of the package its README names).
   * A read that fails keeps the evidence last read for that package, so an outage never lowers a confidence.
   */
  async function probeRegistries(
    l: CatalogListing,
    facts: FactsBody,
    results: ProbeResultRow[],
    progress: () => void,
    at: Date,
  ) {
    const inferred = facts.install !== undefined ? facts.install : l.inferredInstall
    const targets = evidenceTargets(l, inferred)
    if (targets.length === 0) {
      if (Array.isArray(l.installEvidence) && l.installEvidence.length > 0) facts.evidence = null
      return
    }
    const evidence: PackageEvidence[] = []
    for (const t of targets) {
      const host = deps.registry.hostOf(t.registryType)
      const previous = evidenceFor(l.installEvidence, t.registryType, t.identifier)
      const retryAt = await hostRetryAt(database, host)
      if (retryAt) {
        results.push({
          kind: 'registry',
          target: `${t.registryType}:${t.identifier}`,
          outcome: 'skipped',
          detail: `registry in back-off until ${retryAt.toISOString()}`,
        })
        if (previous) evidence.push(previous)
        continue
      }
      const started = performance.now()
      const read = await deps.hosts.run(host, () => deps.registry.read(t.registryType, t.identifier, t.version, at))
      progress()
      const latencyMs = Math.round(performance.now() - started)
      if (read.status === 'failed') {
        results.push({
          kind: 'registry',
          target: `${t.registryType}:${t.identifier}`,
          outcome: 'http_error',
          latencyMs,
          detail: read.reason,
        })
        if (/could not connect|no answer|HTTP 429|HTTP 5/.test(read.reason))
          await noteHostFailure(database, host, read.reason)
        if (previous) evidence.push(previous)
        continue
      }
      results.push({
        kind: 'registry',
        target: read.evidence.entryUrl,
        outcome: read.evidence.outcome === 'found' ? 'ok' : 'missing',
        latencyMs,
      })
      evidence.push(read.evidence)
    }
    facts.evidence = evidence
  }

  /** Handles one job. */
  return async function probeJob(job: ProbeJob, progress: () => void): Promise<JobOutcome> {
    const state = await readState(database, job.listingId)
    // A redelivered job whose probe already finished (its ack was lost) is not probed twice in the round.
    if (state?.lastRound === job.round) return 'done'
    const listing = await catalog.listing(job.listingId)
    if (listing?.status !== 'active') return 'done'
    const at = new Date()
    const facts: FactsBody = { checkedAt: at.toISOString() }
    const results: ProbeResultRow[] = []
    const etags = new Map<string, string>()

    const remote = skippedAsFresh(listing, results, at) ? null : await probeRemotes(listing, results, progress)
    let verdict: ReturnType<typeof healthAfter> | null = null
    if (remote) {
      verdict = healthAfter(remote.outcome, state)
      facts.remote = {
        health: verdict.health,
        verified: verdict.verified,
        ...(remote.tools ? { tools: remote.tools, toolsSource: remote.transport } : {}),
        ...(remote.auth ? { auth: remote.auth } : {}),
        ...(remote.protocol ? { protocol: remote.protocol } : {}),
      }
      const last = results.findLast((r) => r.kind === 'remote' && r.target === remote.url)
      if (last) last.health = verdict.health
    } else if (remotesToProbe(listing).length === 0 && (listing.health != null || listing.isVerifiedActive)) {
      // Its endpoint is gone (a changed registry entry): what was seen of it no longer says anything.
      facts.remote = null
    }
    await probeGithub(listing, facts, results, etags, progress, at)
    await probeRegistries(listing, facts, results, progress, at)

    // A listing with no package to start any more loses what the sandbox saw of its old one.
    const inferred = facts.install !== undefined ? facts.install : listing.inferredInstall
    const target = sandboxTarget({ packages: listing.packages, inferredInstall: inferred })
    if (!target && listing.sandbox) facts.sandbox = null
    if (
      facts.remote !== undefined ||
      facts.github ||
      facts.readme !== undefined ||
      facts.install !== undefined ||
      facts.evidence !== undefined ||
      facts.repositoryRun !== undefined ||
      facts.sandbox !== undefined
    ) {
      // Throws when the catalog is unreachable or refuses (an AppError): the job is retried, and nothing is recorded (so ETags are not spent).
      const changed = await catalog.putFacts(listing.id, facts)
      if (changed === null) return 'done'
      if (changed.length) log.debug({ id: listing.id, changed, health: facts.remote?.health }, 'listing facts changed')
    }
    await saveProbe(database, {
      listingId: listing.id,
      round: job.round,
      at,
      ...(remote && verdict
        ? {
            remote: {
              health: verdict.health,
              ok: verdict.ok,
              consecutiveFailures: verdict.consecutiveFailures,
              tools: remote.tools,
              toolsSource: remote.tools ? remote.transport : undefined,
            },
          }
        : {}),
      results,
      etags,
    })
    // Its package is started in the sandbox (its own service, through its queue) when new, changed or due.
    if (
      target &&
      deps.sandboxQueue &&
      sandboxDue(listing, target, at.getTime(), deps.sandboxIntervalMs ?? 7 * 86_400_000)
    ) {
      await deps.sandboxQueue.enqueue([{ listingId: listing.id, round: job.round, reason: job.reason }])
    }
    return 'done'
  }
}
