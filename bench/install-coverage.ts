// `bun run bench:install-coverage`: how many listings of ../shared/data/servers.json get a concrete install line
// (an install model that is not a guess, so it has client configs), before and after the registry lookups.
// Before: each entry as imported, nothing probed. After: every listing that declares no package and no remote and
// is the root of a GitHub repository is looked up with the prober's own lookup code (shared/src/install/lookup.ts)
// against the real registries (NPM_REGISTRY_URL, PYPI_URL), a bounded number at once, and its install derived
// again from the entries found. Prints both by source and by basis, and what the lookups asked.
import { normalizeEntry } from '../services/catalog/src/import/entry'
import { Semaphore } from '../services/prober/src/limits'
import type { InstallModel } from '@mcp-directory/shared/contracts'
import {
  deriveInstallModel,
  type InstallSource,
  isGuess,
  type LookupIo,
  lookupCandidates,
  lookupRepository,
  registryReader,
} from '@mcp-directory/shared/install'
import { OUTBOUND_USER_AGENT } from '@mcp-directory/shared/outbound'
import { loadSharedData } from '@mcp-directory/shared/testing'
import { CommandError, intOption, parseCommand, runCommand, urlOption } from '../scripts/cli'

const NAME = 'bun run bench:install-coverage'
const USAGE = `usage: ${NAME} [--concurrency N] [--limit N] [--timeout-ms N]

Reads ../shared/data/servers.json and prints the share of listings with a concrete install line (an install
that is not a guess) by source and by basis, before and after looking up npm and PyPI for every listing that
declares no package and no remote but names a GitHub repository, as the prober does. The registries are
NPM_REGISTRY_URL and PYPI_URL (default: the public npm registry and PyPI).

  --concurrency N   lookups at once (1-64, default 16)
  --limit N         look up only the first N listings that need it (default: all)
  --timeout-ms N    timeout of one registry request (200-60000, default 10000)
  -h, --help        this text`

const { values } = parseCommand({
  name: NAME,
  usage: USAGE,
  options: { concurrency: { type: 'string' }, limit: { type: 'string' }, 'timeout-ms': { type: 'string' } },
})
const concurrency = intOption(NAME, 'concurrency', values.concurrency, 16, 1, 64)
const limit = intOption(NAME, 'limit', values.limit, Number.MAX_SAFE_INTEGER, 1, Number.MAX_SAFE_INTEGER)
const timeoutMs = intOption(NAME, 'timeout-ms', values['timeout-ms'], 10_000, 200, 60_000)
const npmUrl = urlOption(NAME, 'NPM_REGISTRY_URL', process.env.NPM_REGISTRY_URL || 'https://registry.npmjs.org')
const pypiUrl = urlOption(NAME, 'PYPI_URL', process.env.PYPI_URL || 'https://pypi.org/pypi')

type Row = { source: string; before: InstallModel | null; after: InstallModel | null }
const concrete = (m: InstallModel | null): boolean => m !== null && !isGuess(m)
const kindOf = (m: InstallModel | null): string =>
  m === null ? 'none' : `${m.kind} ${m.basis}${isGuess(m) ? ' (guess)' : ''} ${m.confidence}`
const pct = (n: number, of: number) => (of ? `${((100 * n) / of).toFixed(1)}%` : '-')

await runCommand(NAME, async () => {
  let raw: unknown
  try {
    raw = await loadSharedData('servers.json')
  } catch (err) {
    throw new CommandError(`cannot read servers.json: ${err instanceof Error ? err.message : String(err)}`)
  }
  if (!Array.isArray(raw)) throw new CommandError('servers.json is not a list of entries')
  const listings: InstallSource[] = []
  raw.forEach((entry, i) => {
    const n = normalizeEntry(entry, i)
    if (n.ok) listings.push(n.listing)
  })
  // A listing not looked up keeps its install.
  const rows: Row[] = listings.map((l) => {
    const before = deriveInstallModel(l)
    return { source: l.source, before, after: before }
  })

  const reader = registryReader({ npmUrl, pypiUrl, timeoutMs, userAgent: OUTBOUND_USER_AGENT })
  const count = {
    listings: 0,
    searches: 0,
    search404: 0,
    searchFailed: 0,
    npm: 0,
    npmFailed: 0,
    pypi: 0,
    pypiFailed: 0,
    timeouts: 0,
    linked: 0,
  }
  const io: LookupIo = {
    read: async (type, id) => {
      count[type]++
      const r = await reader.read(type, id, null, new Date())
      if (r.status === 'failed') count[type === 'npm' ? 'npmFailed' : 'pypiFailed']++
      if (r.status === 'failed' && r.reason.startsWith('no answer')) count.timeouts++
      return r
    },
    search: async (text) => {
      count.searches++
      const r = await reader.search(text)
      if (r.status === 'unavailable') count.search404++
      if (r.status === 'failed') count.searchFailed++
      if (r.status === 'failed' && r.reason.startsWith('no answer')) count.timeouts++
      return r
    },
  }
  const due = listings.map((l, i) => ({ l, i, repo: lookupRepository(l) })).filter((x) => x.repo !== null)
  const slots = new Semaphore(concurrency)
  const started = performance.now()
  await Promise.all(
    due.slice(0, limit).map(({ l, i, repo }) =>
      slots.run(async () => {
        const found = await lookupCandidates(l, repo!, null, new Date(), async () => io)
        const row = rows[i] as Row
        row.after = deriveInstallModel({ ...l, installEvidence: found.evidence })
        if (row.after?.basis === 'registry-link') count.linked++
        if (++count.listings % 250 === 0)
          console.error(`… ${count.listings} of ${Math.min(limit, due.length)} looked up`)
      }),
    ),
  )
  print(rows, count, due.length, Math.round((performance.now() - started) / 1000))
})

function print(rows: Row[], count: Record<string, number>, dueCount: number, seconds: number): void {
  const line = (label: string, set: Row[]) => {
    const b = set.filter((r) => concrete(r.before)).length
    const a = set.filter((r) => concrete(r.after)).length
    console.log(
      `${label.padEnd(40)} ${String(set.length).padStart(6)}  ${`${b} (${pct(b, set.length)})`.padStart(16)}  ${`${a} (${pct(a, set.length)})`.padStart(16)}`,
    )
  }
  console.log(
    `${'concrete install line'.padEnd(40)} ${'total'.padStart(6)}  ${'before'.padStart(16)}  ${'after'.padStart(16)}`,
  )
  for (const source of [...new Set(rows.map((r) => r.source))].sort())
    line(
      source,
      rows.filter((r) => r.source === source),
    )
  line('all', rows)
  console.log('')
  console.log(`${'install by basis'.padEnd(40)} ${'before'.padStart(6)}  ${'after'.padStart(16)}`)
  const kinds = [...new Set(rows.flatMap((r) => [kindOf(r.before), kindOf(r.after)]))].sort()
  for (const k of kinds) {
    const b = rows.filter((r) => kindOf(r.before) === k).length
    const a = rows.filter((r) => kindOf(r.after) === k).length
    console.log(`${k.padEnd(40)} ${String(b).padStart(6)}  ${String(a).padStart(16)}`)
  }
  console.log('')
  console.log(
    `lookups: ${count.listings} listings of ${dueCount} to look up, ${count.searches} npm searches (${count.search404} answered 404, ${count.searchFailed} failed), ${count.npm} npm package reads (${count.npmFailed} failed), ${count.pypi} PyPI reads (${count.pypiFailed} failed), ${count.timeouts} timeouts, ${count.linked} linked installs found, in ${seconds} s`,
  )
}
