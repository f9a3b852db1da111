import { afterAll, describe, expect, test } from 'bun:test'
import type { PackageEvidence } from '../contracts/listing'
import { buildClientConfigs } from './configs'
import { type LookupIo, lookupCandidates, lookupDue, lookupRepository, nameCandidates } from './lookup'
import { deriveInstallModel, type InstallSource } from './model'
import { registryReader } from './registry-reader'

// An npm registry stand-in on loopback: package documents (`/<name>/latest`) and `/-/v1/search`, which answers
// 404 while `searchGone` is set, as a registry or mirror without search does.
const docs: Record<string, object> = {
  'acme-weather-mcp': {
    name: 'acme-weather-mcp',
    version: '2.0.0',
    repository: 'git+https://github.com/acme/weather.git',
  },
  weather: { name: 'weather', version: '9.9.9', repository: { url: 'https://github.com/someone-else/weather' } },
  tides: { name: 'tides', version: '1.0.0', repository: { type: 'git', url: 'git+https://github.com/acme/tides.git' } },
}
const hits: string[] = []
let searchGone = false
const server = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  fetch: (req) => {
    const url = new URL(req.url)
    hits.push(`${url.pathname}${url.search}`)
    if (url.pathname === '/-/v1/search') {
      if (searchGone) return Response.json({ error: 'Not found' }, { status: 404 })
      const text = url.searchParams.get('text') ?? ''
      const objects = Object.values(docs)
        .filter((d) => text.split(' ').some((w) => JSON.stringify(d).includes(w)))
        .map((d) => {
          const repo = (d as { repository: string | { url: string } }).repository
          const link = (typeof repo === 'string' ? repo : repo.url).replace(/^git\+/, '').replace(/\.git$/, '')
          return { package: { ...d, links: { npm: 'https://npm.example/x', repository: link } }, score: {} }
        })
      return Response.json({ objects, total: objects.length })
    }
    const m = /^\/([^/]+)\/latest$/.exec(url.pathname)
    const doc = m ? docs[decodeURIComponent(m[1] as string)] : undefined
    return doc ? Response.json(doc) : Response.json({ error: 'Not found' }, { status: 404 })
  },
})
// PyPI is a port nobody listens on: refused at once, as an unreachable registry is.
const refused = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response('') })
const pypiUrl = `http://127.0.0.1:${refused.port}/pypi`
refused.stop(true)
afterAll(() => server.stop(true))
const reader = registryReader({
  npmUrl: `http://127.0.0.1:${server.port}`,
  pypiUrl,
  timeoutMs: 2000,
  userAgent: 'test',
})
const io: LookupIo = { read: (type, id) => reader.read(type, id, null, at), search: (text) => reader.search(text) }
const at = new Date('2026-11-01T00:00:00Z')

const listing = (repo: string, name = 'Weather'): InstallSource => ({
  name,
  packages: [],
  remotes: [],
  repositoryUrl: `https://github.com/${repo}`,
  url: `https://github.com/${repo}`,
  source: 'toolsdk-registry',
})

/** Looks up the listing's repository as the prober does, and derives its install from what was found. */
async function lookUp(l: InstallSource, kept: PackageEvidence[] | null = null, when = at) {
  const repo = lookupRepository(l)
  if (!repo) throw new Error('not a repository to look up')
  const found = await lookupCandidates(l, repo, kept, when, async () => io)
  return { found, model: deriveInstallModel({ ...l, installEvidence: found.evidence }) }
}

describe('install candidates from the registries', () => {
  test('an npm package whose entry links back to the repository is a confident install with client configs', async () => {
    const { found, model } = await lookUp(listing('acme/weather'))
    expect(found.registries.map((r) => r.outcome)).toEqual(['looked', 'skipped'])
    expect(model).toMatchObject({
      kind: 'local',
      basis: 'registry-link',
      confidence: 'high',
      identifier: 'acme-weather-mcp',
      args: ['-y', 'acme-weather-mcp'],
      evidence: { linkedBy: 'repository', link: 'git+https://github.com/acme/weather.git', version: '2.0.0' },
    })
    expect(buildClientConfigs(model!, 'weather')?.length).toBeGreaterThan(0)
  })

  test('a package found by name whose repository is another is never the install; its entry stays as evidence', async () => {
    searchGone = true
    try {
      const l = {
        ...listing('other/weather'),
        repositoryRun: { repository: 'other/weather', ecosystem: 'node' as const, from: 'package.json', checkedAt: '' },
      }
      const { found, model } = await lookUp(l)
      expect(found.evidence.find((e) => e.identifier === 'weather')).toMatchObject({
        outcome: 'found',
        repositories: ['https://github.com/someone-else/weather'],
      })
      // What the listing gets is the low guess that runs its own repository, without client configs.
      expect(model).toMatchObject({ basis: 'repository', confidence: 'low', args: ['-y', 'github:other/weather'] })
      expect(JSON.stringify(model)).not.toContain('"weather"')
      expect(buildClientConfigs(model!, 'weather')).toBeNull()
      // Without a runnable repository there is no install at all rather than another author's package.
      expect(deriveInstallModel({ ...listing('other/weather'), installEvidence: found.evidence })).toBeNull()
    } finally {
      searchGone = false
    }
  })

  test('a search that answers 404 falls back to the names; PyPI out of reach fails fast and quietly', async () => {
    searchGone = true
    try {
      hits.length = 0
      const { found, model } = await lookUp(listing('acme/tides', 'Tides'))
      expect(found.registries[0]?.lookup?.search).toBe('unavailable')
      expect(hits).toEqual(['/-/v1/search?text=acme%20tides&size=20', '/tides/latest'])
      expect(model).toMatchObject({ basis: 'registry-link', confidence: 'high', identifier: 'tides' })

      const none = await lookUp(listing('acme/nothing-here'))
      expect(none.found.registries[0]?.lookup).toMatchObject({ search: 'unavailable', linked: false, failed: null })
      expect(none.found.registries[1]?.lookup?.failed).toContain('could not connect')
      expect(none.found.evidence.map((e) => [e.identifier, e.outcome])).toEqual([
        ['nothing-here', 'missing'],
        ['@acme/nothing-here', 'missing'],
      ])
      expect(none.model).toBeNull()
    } finally {
      searchGone = false
    }
  })

  test('a listing looked up within the day is not looked up again; a day later it is', async () => {
    const first = await lookUp(listing('acme/weather'))
    hits.length = 0
    const again = await lookUp(listing('acme/weather'), first.found.evidence, new Date(at.getTime() + 23 * 3_600_000))
    expect(hits).toEqual([])
    expect(again.found.registries[0]?.outcome).toBe('fresh')
    expect(again.model).toMatchObject({ basis: 'registry-link', identifier: 'acme-weather-mcp' })
    expect(lookupDue(first.found.evidence, 'npm', new Date(at.getTime() + 24 * 3_600_000))).toBe(true)
    await lookUp(listing('acme/weather'), first.found.evidence, new Date(at.getTime() + 25 * 3_600_000))
    expect(hits.length).toBeGreaterThan(0)
  })

  test('only the root of a GitHub repository is looked up, with a few valid names', () => {
    expect(lookupRepository(listing('acme/weather'))).toEqual({
      owner: 'acme',
      repo: 'weather',
      key: 'github.com/acme/weather',
    })
    expect(lookupRepository(listing('acme/servers/tree/main/src/weather'))).toBeNull()
    expect(
      lookupRepository({ ...listing('acme/weather'), repositoryUrl: 'https://gitlab.com/acme/weather' }),
    ).toBeNull()
    expect(
      lookupRepository({
        ...listing('acme/weather'),
        packages: [{ registryType: 'npm', identifier: 'x', environmentVariables: [] }],
      }),
    ).toBeNull()
    const repo = { owner: 'acme', repo: 'weather', key: 'github.com/acme/weather' }
    expect(nameCandidates('npm', { name: 'weather-mcp' }, repo)).toEqual(['weather', '@acme/weather', 'weather-mcp'])
    expect(nameCandidates('npm', { name: 'io.github.acme/weather' }, repo)).toEqual(['weather', '@acme/weather'])
    expect(nameCandidates('pypi', { name: 'Weather' }, repo)).toEqual(['weather'])
  })
})
