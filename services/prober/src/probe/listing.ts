// One probe job: read the listing from the catalog, check its remote endpoints, its GitHub repository and the
// registry entries of its packages (politely: per-host limit, host back-off, conditional requests), hand the
// facts to the catalog, then record what was seen in the prober's own schema.
import type { FactsBody } from '@mcp-directory/shared/catalog-client'
import { probeBasisOf } from '@mcp-directory/shared/contracts/catalog-internal'
import type { JobOutcome, ProbeJob } from '../queue'
import { lastRemoteProbe, type ProbeState, readState } from '../state/repository'
import { type ProbeRecord, saveProbe } from '../state/service'
import { healthAfter, type HealthVerdict } from './health'
import { probeGithub } from './listing-github'
import { probeRegistries } from './listing-registries'
import {
  probedElsewhere,
  probeRemotes,
  remotesToProbe,
  resolveRemoteAddresses,
  skippedAsFresh,
} from './listing-remotes'
import { hostOf, type ListingProberDeps, type ProbeRun } from './listing-run'
import type { RemoteProbe } from './remote'
import { sandboxTarget, startedAnother } from './sandbox-target'

/** Builds the job handler. */
export function listingProber(deps: ListingProberDeps) {
  const githubHost = hostOf(deps.github.repoUrl({ owner: 'o', repo: 'r' })) ?? 'api.github.com'
  /** Handles one job. */
  return (job: ProbeJob, progress: () => void): Promise<JobOutcome> => probeJob(deps, githubHost, job, progress)
}

async function probeJob(
  deps: ListingProberDeps,
  githubHost: string,
  job: ProbeJob,
  progress: () => void,
): Promise<JobOutcome> {
  const state = await readState(deps.database, job.listingId)
  // A redelivered job whose probe already finished (its ack was lost) is not probed twice in the round.
  if (state?.lastRound === job.round && !job.after) return 'done'
  const listing = await deps.catalog.listing(job.listingId)
  if (listing?.status !== 'active') return 'done'
  // An event's job: not probed again when a probe started after the listing's last write (it saw the change).
  if (job.after && seenSince(state, listing.updatedAt)) return 'done'
  const at = new Date()
  const run: ProbeRun = {
    deps,
    githubHost,
    listing,
    facts: { checkedAt: at.toISOString(), basis: probeBasisOf(listing) },
    results: [],
    etags: new Map(),
    progress,
    at,
  }
  const { facts } = run
  // Where its remotes' names point now: the catalog withholds the install line of one that points inward.
  await resolveRemoteAddresses(run)

  // Endpoints replaced since the last probe: what was seen of the old one (its ttlMs, its health, its failure
  // streak) is not carried over to the new ones, which are probed now and judged on their own answers.
  const elsewhere = probedElsewhere(listing, await lastRemoteProbe(deps.database, listing.id))
  const remote = skippedAsFresh(listing, run.results, at, elsewhere) ? null : await probeRemotes(run)
  const verdict = remote ? remoteVerdict(run, remote, elsewhere === null ? state : null) : null
  if (!remote && remotesToProbe(listing).length === 0 && (listing.health != null || listing.isVerifiedActive)) {
    // Its endpoint is gone (a changed registry entry): what was seen of it no longer says anything.
    facts.remote = null
  } else if (!remote && elsewhere !== null && listing.health != null) {
    // Its new endpoints were not reached this round (their host backs off): the old one's health is not theirs.
    facts.remote = { health: 'unknown', verified: false }
  }
  await probeGithub(run)
  await probeRegistries(run)

  // A listing with no package to start any more, or another one, loses what the sandbox saw of its old one: a
  // start of the old package never makes the new one seen running.
  const inferred = facts.install !== undefined ? facts.install : listing.inferredInstall
  const evidence = facts.evidence !== undefined ? facts.evidence : listing.installEvidence
  const target = sandboxTarget({ packages: listing.packages, inferredInstall: inferred, installEvidence: evidence })
  if (listing.sandbox && (!target || startedAnother(listing.sandbox, target))) facts.sandbox = null
  if (anyFacts(facts)) {
    // Throws when the catalog is unreachable or the listing's basis changed (409): the job is retried, and nothing
    // is recorded (so ETags are not spent). Facts it refuses (too large, invalid) are recorded as refused, so the
    // listing stops looking current; nothing is kept of this probe, and the next round reads everything again.
    const { changed, refused } = await deps.catalog.putFactsOrRecordRefusal(listing.id, facts)
    if (refused) deps.log.warn({ id: listing.id, refused }, 'listing facts refused by the catalog')
    if (changed === null || refused) return 'done'
    if (changed.length)
      deps.log.debug({ id: listing.id, changed, health: facts.remote?.health }, 'listing facts changed')
  }
  await saveProbe(deps.database, probeRecord(run, job.round, remote, verdict))
  // Its package is started by the sandbox's pace (src/sandbox-pace.ts), most viewed first, not from here.
  return 'done'
}

/** Whether the listing's last probe started after `updatedAt` (its last write), so read what it is now. */
function seenSince(state: ProbeState | null, updatedAt: unknown): boolean {
  const written = typeof updatedAt === 'string' ? Date.parse(updatedAt) : Number.NaN
  return !!state?.lastProbedAt && Number.isFinite(written) && state.lastProbedAt.getTime() > written
}

/** What the catalog is told of an endpoint's probe: its health, and what it listed when it listed its tools. */
export function remoteFacts(remote: RemoteProbe, verdict: Pick<HealthVerdict, 'health' | 'verified'>) {
  return {
    health: verdict.health,
    verified: verdict.verified,
    ...(remote.tools ? { tools: remote.tools, toolsSource: remote.transport } : {}),
    // Sent with the tools whenever they were listed: a server that stopped saying anything else says so.
    ...(remote.tools ? { server: remote.server ?? {} } : {}),
    // A list that breaks the spec is kept as far as readable, with its defect; skills are sent when read.
    ...(remote.toolsDefect ? { toolsDefect: remote.toolsDefect } : {}),
    ...(remote.tools && remote.skills ? { skills: remote.skills } : {}),
    ...(remote.auth ? { auth: remote.auth } : {}),
    ...(remote.protocol ? { protocol: remote.protocol } : {}),
  } satisfies FactsBody['remote']
}

/** The listing's health after its best endpoint's probe, into the facts and onto that endpoint's history row. */
function remoteVerdict(run: ProbeRun, remote: RemoteProbe, state: ProbeState | null): HealthVerdict {
  const verdict = healthAfter(remote.outcome, state)
  run.facts.remote = remoteFacts(remote, verdict)
  const last = run.results.findLast((r) => r.kind === 'remote' && r.target === remote.url)
  if (last) last.health = verdict.health
  return verdict
}

/** Whether the probe found anything for the catalog (otherwise it is not asked). */
function anyFacts(facts: FactsBody): boolean {
  return (
    facts.remote !== undefined ||
    facts.remoteAddresses !== undefined ||
    !!facts.github ||
    facts.readme !== undefined ||
    facts.install !== undefined ||
    facts.evidence !== undefined ||
    facts.repositoryRun !== undefined ||
    facts.sandbox !== undefined
  )
}

/** What the prober keeps of the probe: its state, history rows and the ETags of what it read. */
function probeRecord(
  run: ProbeRun,
  round: number,
  remote: RemoteProbe | null,
  verdict: HealthVerdict | null,
): ProbeRecord {
  return {
    listingId: run.listing.id,
    round,
    at: run.at,
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
    results: run.results,
    etags: run.etags,
  }
}
