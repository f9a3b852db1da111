// For a listing with nothing to install and no install in its README: the packages npm and PyPI have for its
// GitHub repository (shared/src/install/lookup.ts), each request through the per-host limit and the registry's
// back-off like every registry read, and at most once a day per registry (the check time of the entries kept
// says when it last was). A registry without search, or out of reach, never fails the probe.
import type { PackageEvidence } from '@mcp-directory/shared/contracts'
import {
  type LookupRepository,
  lookupCandidates,
  type RegistryRead,
  type SearchRead,
} from '@mcp-directory/shared/install'
import { hostRetryAt, noteHostFailure } from '../state/service'
import type { ProbeRun } from './listing-run'

// What a failed read says when the registry itself is out of reach: the registry backs off.
const UNREACHABLE = /could not connect|no answer|HTTP 429|HTTP 5/

/** The registry entries kept for the listing's repository: read now, or kept from a lookup within the day. */
export async function probeLookups(run: ProbeRun, repository: LookupRepository): Promise<PackageEvidence[]> {
  const { deps, listing } = run
  const found = await lookupCandidates(listing, repository, listing.installEvidence, run.at, async (registry) => {
    const retryAt = await hostRetryAt(deps.database, deps.registry.hostOf(registry))
    if (retryAt) {
      run.results.push({
        kind: 'registry',
        target: `${registry}:lookup ${repository.owner}/${repository.repo}`,
        outcome: 'skipped',
        detail: `registry in back-off until ${retryAt.toISOString()}`,
      })
      return null
    }
    return {
      read: (type, identifier) => registryRead(run, type, identifier, null),
      search: (text) => registrySearch(run, text),
    }
  })
  return found.evidence
}

/** npm's search through the per-host limit, noted in the history; a registry without search is not a failure. */
async function registrySearch(run: ProbeRun, text: string): Promise<SearchRead> {
  const { deps } = run
  const host = deps.registry.hostOf('npm')
  const started = performance.now()
  const found = await deps.hosts.run(host, () => deps.registry.search(text))
  run.progress()
  const latencyMs = Math.round(performance.now() - started)
  const target = `npm:search ${text}`
  if (found.status === 'read') {
    run.results.push({ kind: 'registry', target, outcome: 'ok', latencyMs, detail: `${found.hits.length} hits` })
  } else if (found.status === 'unavailable') {
    run.results.push({ kind: 'registry', target, outcome: 'missing', latencyMs, detail: `no search (${found.reason})` })
  } else {
    run.results.push({ kind: 'registry', target, outcome: 'http_error', latencyMs, detail: found.reason })
    if (UNREACHABLE.test(found.reason)) await noteHostFailure(deps.database, host, found.reason)
  }
  return found
}

/** One registry entry read through the per-host limit, noted in the history; an unreachable registry backs off. */
export async function registryRead(
  run: ProbeRun,
  registryType: PackageEvidence['registryType'],
  identifier: string,
  version: string | null,
  withReadme = false,
  known: PackageEvidence | null = null,
): Promise<RegistryRead> {
  const { deps, results } = run
  const host = deps.registry.hostOf(registryType)
  const started = performance.now()
  const read = await deps.hosts.run(host, () =>
    deps.registry.read(registryType, identifier, version, run.at, withReadme, known),
  )
  run.progress()
  const latencyMs = Math.round(performance.now() - started)
  if (read.status === 'failed') {
    results.push({
      kind: 'registry',
      target: `${registryType}:${identifier}`,
      outcome: 'http_error',
      latencyMs,
      detail: read.reason,
    })
    if (UNREACHABLE.test(read.reason)) await noteHostFailure(deps.database, host, read.reason)
    return read
  }
  results.push({
    kind: 'registry',
    target: read.evidence.entryUrl,
    outcome: read.evidence.outcome === 'found' ? 'ok' : 'missing',
    latencyMs,
  })
  return read
}
