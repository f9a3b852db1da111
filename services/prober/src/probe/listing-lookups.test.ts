// The prober's registry step for a listing with nothing declared: the packages found for its repository become its
// evidence, a second probe within the day asks nothing, and a registry without search or out of reach fails nothing.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { CatalogListing } from '@mcp-directory/shared/catalog-client'
import { type Database, openDatabase, runMigrations } from '@mcp-directory/shared/db'
import { deriveInstallModel, registryReader } from '@mcp-directory/shared/install'
import { createLogger } from '@mcp-directory/shared/log'
import { createFreshDatabase, type FreshDatabase } from '@mcp-directory/shared/testing'
import { HostLimiter } from '../limits'
import { probeRegistries } from './listing-registries'
import type { ListingProberDeps, ProbeRun } from './listing-run'

// npm on loopback: no search (404, as this registry's mirror answers), one package that links back.
const hits: string[] = []
const npm = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  fetch: (req) => {
    const { pathname } = new URL(req.url)
    hits.push(pathname)
    if (pathname === '/@acme%2Fweather/latest')
      return Response.json({ name: '@acme/weather', version: '1.0.0', repository: 'github:acme/weather' })
    return Response.json({ error: 'Not found' }, { status: 404 })
  },
})
const closed = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response('') })
const pypiUrl = `http://127.0.0.1:${closed.port}/pypi`
closed.stop(true)

let fresh: FreshDatabase
let database: Database
beforeAll(async () => {
  fresh = await createFreshDatabase()
  database = await openDatabase({ url: fresh.url })
  await runMigrations(database)
})
afterAll(async () => {
  npm.stop(true)
  await database?.close()
  await fresh?.drop()
})

const listing = {
  id: 'lst_weather',
  name: 'weather',
  packages: [],
  remotes: [],
  repositoryUrl: 'https://github.com/acme/weather',
  url: 'https://github.com/acme/weather',
  source: 'toolsdk-registry',
  inferredInstall: null,
  installEvidence: null,
} as unknown as CatalogListing

function probeRun(l: CatalogListing, at: Date): ProbeRun {
  const deps = {
    database,
    registry: registryReader({ npmUrl: `http://127.0.0.1:${npm.port}`, pypiUrl, timeoutMs: 2000, userAgent: 't' }),
    hosts: new HostLimiter(2),
    timeoutMs: 2000,
    log: createLogger('test', 'silent'),
  } as unknown as ListingProberDeps
  return {
    deps,
    githubHost: 'api.github.test',
    listing: l,
    facts: { checkedAt: at.toISOString(), basis: {} } as ProbeRun['facts'],
    results: [],
    etags: new Map(),
    progress: () => {},
    at,
  }
}

describe('registry lookups in the probe', () => {
  test('a search 404 falls back to names; the linked package is the evidence; a second probe that day asks nothing', async () => {
    const at = new Date()
    const first = probeRun(listing, at)
    await probeRegistries(first)
    expect(hits).toEqual(['/-/v1/search', '/weather/latest', '/@acme%2Fweather/latest'])
    const evidence = first.facts.evidence ?? []
    expect(evidence.map((e) => [e.identifier, e.outcome])).toEqual([
      ['weather', 'missing'],
      ['@acme/weather', 'found'],
    ])
    expect(first.results.find((r) => r.target.startsWith('npm:search'))).toMatchObject({ outcome: 'missing' })
    expect(deriveInstallModel({ ...listing, installEvidence: evidence })).toMatchObject({
      basis: 'registry-link',
      confidence: 'high',
      identifier: '@acme/weather',
    })

    hits.length = 0
    const second = probeRun({ ...listing, installEvidence: evidence }, new Date(at.getTime() + 3_600_000))
    await probeRegistries(second)
    expect(hits).toEqual([])
    expect(second.facts.evidence).toEqual(evidence)
  })

  test('PyPI out of reach: one refused request, the probe goes on, and the host backs off', async () => {
    const other = { ...listing, id: 'lst_other', name: 'nothing', repositoryUrl: 'https://github.com/acme/nothing' }
    const run = probeRun(other as CatalogListing, new Date())
    await probeRegistries(run)
    const pypi = run.results.filter((r) => r.target.startsWith('pypi:'))
    expect(pypi).toHaveLength(1)
    expect(pypi[0]).toMatchObject({ outcome: 'http_error', detail: expect.stringContaining('could not connect') })
    const again = probeRun(other as CatalogListing, new Date())
    await probeRegistries(again)
    expect(again.results.filter((r) => r.target.startsWith('pypi:'))).toMatchObject([{ outcome: 'skipped' }])
  })
})
