import { afterAll, describe, expect, test } from 'bun:test'
import type { PackageEvidence } from '../contracts/listing'
import { deriveInstallModel, installSettings } from './index'
import { settingsFromReadme } from './readme-settings'
import { registryReader } from './registry-reader'
import { readmeOfTarball } from './tarball-readme'

const README = [
  '# pg-mcp',
  '',
  'Add it to Claude Desktop:',
  '',
  '```json',
  '{',
  '  "mcpServers": {',
  '    "postgres": {',
  '      "command": "npx",',
  '      // the server itself',
  '      "args": ["-y", "pg-mcp@latest"],',
  '      "env": { "DATABASE_URI": "postgresql://user:pass@localhost/db", "PG_API_KEY": "sk-live-123", },',
  '    }',
  '  }',
  '}',
  '```',
  '',
  'Or with another server beside it:',
  '```json',
  '{ "mcpServers": { "other": { "command": "npx", "args": ["other-mcp"], "env": { "OTHER_TOKEN": "x" } } } }',
  '```',
].join('\n')

describe("settings from the package's own README", () => {
  test("the env of the README's config that runs the package: names, credentials, examples", () => {
    expect(settingsFromReadme(README, 'pg-mcp')).toEqual([
      { name: 'DATABASE_URI', secret: false, example: 'postgresql://user:pass@localhost/db' },
      // A credential's example may be someone's real key: never kept.
      { name: 'PG_API_KEY', secret: true },
    ])
    // Another server's config says nothing of this package.
    expect(settingsFromReadme(README, 'third-mcp')).toEqual([])
    expect(settingsFromReadme('no config here', 'pg-mcp')).toEqual([])
  })

  test('a package that declares nothing asks for what its README sets, marked as read from there', () => {
    const evidence: PackageEvidence = {
      registryType: 'npm',
      identifier: 'pg-mcp',
      version: '1.0.0',
      entryUrl: 'https://registry.npmjs.org/pg-mcp/1.0.0',
      outcome: 'found',
      mcpNames: ['io.github.acme/pg-mcp'],
      repositories: [],
      readmeSettings: settingsFromReadme(README, 'pg-mcp'),
      checkedAt: '2026-11-01T00:00:00.000Z',
    }
    const listing = {
      name: 'io.github.acme/pg-mcp',
      packages: [{ registryType: 'npm', identifier: 'pg-mcp', version: '1.0.0', environmentVariables: [] }],
      remotes: [],
      repositoryUrl: null,
      url: null,
      source: 'official-registry',
      installEvidence: [evidence],
    }
    const model = deriveInstallModel(listing)
    if (!model) throw new Error('no model')
    expect(installSettings(model).map((s) => [s.variable, s.required, s.secret, s.source, s.example])).toEqual([
      ['DATABASE_URI', true, false, 'package', 'postgresql://user:pass@localhost/db'],
      ['PG_API_KEY', true, true, 'package', undefined],
    ])
    // What the entry declares wins: a package with its own variables keeps them.
    const declared = deriveInstallModel({
      ...listing,
      packages: [{ ...listing.packages[0]!, environmentVariables: [{ name: 'PGURL', isRequired: true }] }],
    })
    expect(declared?.kind === 'local' && declared.env.map((e) => e.name)).toEqual(['PGURL'])
  })
})

/** A gzip'd tar of `files`, as npm packs a package (each under `package/`). */
function tarball(files: Record<string, string>): Uint8Array {
  const blocks: Uint8Array[] = []
  for (const [name, body] of Object.entries(files)) {
    const data = new TextEncoder().encode(body)
    const header = new Uint8Array(512)
    header.set(new TextEncoder().encode(`package/${name}`), 0)
    header.set(new TextEncoder().encode(`${data.length.toString(8).padStart(11, '0')}\0`), 124)
    header[156] = '0'.charCodeAt(0)
    header.set(new TextEncoder().encode('ustar\0'), 257)
    blocks.push(header, data, new Uint8Array((512 - (data.length % 512)) % 512))
  }
  blocks.push(new Uint8Array(1024))
  return Bun.gzipSync(Buffer.concat(blocks))
}

describe('the registry reader reads the README only when asked', () => {
  const hits: string[] = []
  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    fetch: (req) => {
      const url = new URL(req.url)
      hits.push(url.pathname)
      const tgz = `${url.origin}/pg-mcp/-/pg-mcp-1.0.0.tgz`
      if (url.pathname === '/pg-mcp/latest')
        return Response.json({ name: 'pg-mcp', version: '1.0.0', dist: { tarball: tgz } })
      if (url.pathname === '/other/latest')
        return Response.json({ name: 'other', version: '1.0.0', dist: { tarball: 'https://elsewhere.example/x.tgz' } })
      if (url.pathname === '/pg-mcp/-/pg-mcp-1.0.0.tgz')
        return new Response(tarball({ 'package.json': '{"name":"pg-mcp"}', 'README.md': README }))
      return Response.json({ error: 'Not found' }, { status: 404 })
    },
  })
  afterAll(() => server.stop(true))
  const base = `http://127.0.0.1:${server.port}`
  const reader = registryReader({ npmUrl: base, pypiUrl: `${base}/pypi`, timeoutMs: 1000, userAgent: 'test' })
  const at = new Date('2026-11-01T00:00:00Z')

  test("one read without it; the version's tarball once more with it", async () => {
    const plain = await reader.read('npm', 'pg-mcp', null, at)
    expect(plain.status === 'read' && plain.evidence.readmeSettings).toBeUndefined()
    expect(hits).toEqual(['/pg-mcp/latest'])
    const withReadme = await reader.read('npm', 'pg-mcp', null, at, true)
    expect(withReadme.status === 'read' && withReadme.evidence.readmeSettings?.map((s) => s.name)).toEqual([
      'DATABASE_URI',
      'PG_API_KEY',
    ])
    expect(hits).toEqual(['/pg-mcp/latest', '/pg-mcp/latest', '/pg-mcp/-/pg-mcp-1.0.0.tgz'])
  })

  test('a version whose README was read is not read again; a README that sets nothing is remembered too', async () => {
    const first = await reader.read('npm', 'pg-mcp', null, at, true)
    if (first.status !== 'read') throw new Error('not read')
    hits.length = 0
    const again = await reader.read('npm', 'pg-mcp', null, at, true, first.evidence)
    expect(again.status === 'read' && again.evidence.readmeSettings).toEqual(first.evidence.readmeSettings)
    expect(hits).toEqual(['/pg-mcp/latest'])
    // Another version read before: its README says nothing of this one.
    hits.length = 0
    await reader.read('npm', 'pg-mcp', null, at, true, { ...first.evidence, version: '0.9.0' })
    expect(hits).toEqual(['/pg-mcp/latest', '/pg-mcp/-/pg-mcp-1.0.0.tgz'])
  })

  test('a tarball elsewhere than the registry is not fetched', async () => {
    hits.length = 0
    const r = await reader.read('npm', 'other', null, at, true)
    expect(r.status === 'read' && r.evidence.readmeSettings).toBeUndefined()
    expect(hits).toEqual(['/other/latest'])
  })
})

describe('the README of a tarball', () => {
  test('found under any case; none when absent; a bomb or garbage is refused', () => {
    expect(readmeOfTarball(tarball({ 'index.js': 'x', 'readme.markdown': '# hi' }))).toBe('# hi')
    expect(readmeOfTarball(tarball({ 'index.js': 'x' }))).toBeNull()
    expect(readmeOfTarball(new TextEncoder().encode('not a gzip'))).toBeNull()
    // A README behind 40 MB that inflate from a tiny archive is past the bound: not read.
    const bomb = tarball({ 'big.txt': 'x'.repeat(40 * 1024 * 1024), 'README.md': '# found' })
    expect(bomb.length).toBeLessThan(200_000)
    expect(readmeOfTarball(bomb)).toBeNull()
    expect(readmeOfTarball(tarball({ 'big.txt': 'x'.repeat(1024 * 1024), 'README.md': '# found' }))).toBe('# found')
  })
})
