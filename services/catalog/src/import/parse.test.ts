import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import {
  contentHash,
  httpUrl,
  IMPORT_LIMITS,
  ImportFormatError,
  normalizeEntry,
  parseRegistryDocument,
  SLUG_MAX,
  SLUG_PATTERN,
  slugFor,
  slugify,
  uniqueSlug,
  type ImportedListing,
} from './parse'

// The shared fixtures live next to the repository (../shared/data), never inside it.
const SERVERS = new URL('../../../../../shared/data/servers.json', import.meta.url)
const OFFICIAL = new URL('../../../../../shared/data/servers-official.json', import.meta.url)

const LISTING_KEYS = [
  'description',
  'name',
  'packages',
  'rawCategory',
  'remotes',
  'repositoryUrl',
  'source',
  'tags',
  'title',
  'url',
  'version',
  'websiteUrl',
]

function ok(raw: unknown): ImportedListing {
  const r = normalizeEntry(raw, 0)
  if (!r.ok) throw new Error(`expected the entry to be accepted, got: ${r.skip.reason}`)
  return r.listing
}

function reason(raw: unknown): string {
  const r = normalizeEntry(raw, 7)
  if (r.ok) throw new Error('expected the entry to be skipped')
  expect(r.skip.index).toBe(7)
  return r.skip.reason
}

function dropped(raw: unknown): string[] {
  const r = normalizeEntry(raw, 0)
  if (!r.ok) throw new Error(`expected the entry to be accepted, got: ${r.skip.reason}`)
  return r.dropped
}

const OFFICIAL_ENTRY = {
  name: 'io.github.example/weather-mcp',
  title: 'Weather',
  description: '  Forecasts and alerts.  ',
  version: '1.2.3',
  repository: { url: 'https://github.com/example/weather-mcp.git', source: 'github' },
  websiteUrl: 'https://weather.example.com',
  packages: [
    {
      registryType: 'npm',
      identifier: '@example/weather-mcp',
      version: '1.2.3',
      transport: { type: 'stdio' },
      runtimeHint: 'npx',
      environmentVariables: [
        { name: 'WEATHER_API_KEY', description: 'API key', isRequired: true, isSecret: true, format: 'string' },
      ],
    },
  ],
  remotes: [
    {
      type: 'streamable-http',
      url: 'https://weather.example.com/mcp',
      headers: [{ name: 'Authorization', value: 'Bearer {token}', isSecret: true }],
    },
  ],
}

describe('parseRegistryDocument', () => {
  test('accepts a bare array of server.json objects, keeping positions', () => {
    const doc = [{ name: 'a' }, { name: 'b' }]
    const p = parseRegistryDocument(doc)
    expect(p.entries).toEqual(doc)
    expect(p.positions).toEqual([0, 1])
    expect(p.errors).toEqual([])
  })

  test('accepts { servers: [...] } with plain objects and { server, _meta } records mixed', () => {
    const p = parseRegistryDocument({
      servers: [{ name: 'a' }, { server: { name: 'b' }, _meta: { x: 1 } }],
      metadata: { count: 2 },
    })
    expect(p.entries).toEqual([{ name: 'a' }, { name: 'b' }])
  })

  test('unwraps { server, _meta } records in a bare array too', () => {
    expect(parseRegistryDocument([{ server: { name: 'b' } }]).entries).toEqual([{ name: 'b' }])
  })

  test('passes non-object elements through so normalizeEntry reports them at their position', () => {
    const p = parseRegistryDocument([{ name: 'a' }, 42, null, { server: 'x' }])
    expect(p.entries).toEqual([{ name: 'a' }, 42, null, 'x'])
    expect(normalizeEntry(p.entries[1], p.positions[1])).toEqual({
      ok: false,
      skip: { index: 1, name: null, reason: 'entry is not an object (got a number)' },
    })
  })

  test.each([
    ['null', null],
    ['a string', '[{"name":"a"}]'],
    ['a number', 3],
    ['an object without servers', { items: [] }],
    ['servers that is not an array', { servers: { a: 1 } }],
    ['undefined', undefined],
  ])('throws ImportFormatError for %s', (_label, doc) => {
    expect(() => parseRegistryDocument(doc)).toThrow(ImportFormatError)
  })

  test('the error is a typed Error with a name and a helpful message', () => {
    try {
      parseRegistryDocument('nope')
      throw new Error('unreachable')
    } catch (e) {
      expect(e).toBeInstanceOf(ImportFormatError)
      expect(e).toBeInstanceOf(Error)
      expect((e as Error).name).toBe('ImportFormatError')
      expect((e as Error).message).toContain('got a string')
    }
  })

  test('refuses documents with more entries than the limit', () => {
    expect(() => parseRegistryDocument(new Array(IMPORT_LIMITS.documentEntries + 1).fill({ name: 'x' }))).toThrow(
      /at most/,
    )
  })

  test('keeps the isLatest record when the registry lists several versions of a name', () => {
    const meta = (isLatest: boolean, publishedAt: string) => ({
      'io.modelcontextprotocol.registry/official': { status: 'active', isLatest, publishedAt },
    })
    const p = parseRegistryDocument({
      servers: [
        { server: { name: 'a', version: '1.0.0' }, _meta: meta(false, '2025-01-01T00:00:00Z') },
        { server: { name: 'b', version: '0.1.0' }, _meta: meta(true, '2025-01-01T00:00:00Z') },
        { server: { name: 'a', version: '2.0.0' }, _meta: meta(true, '2025-02-01T00:00:00Z') },
        { server: { name: 'a', version: '1.5.0' }, _meta: meta(false, '2025-01-15T00:00:00Z') },
      ],
    })
    expect(p.entries).toEqual([
      { name: 'b', version: '0.1.0' },
      { name: 'a', version: '2.0.0' },
    ])
    expect(p.positions).toEqual([1, 2])
    expect(p.errors).toEqual([
      { index: 0, name: 'a', reason: 'superseded by version 2.0.0 of the same name in this document' },
      { index: 3, name: 'a', reason: 'superseded by version 2.0.0 of the same name in this document' },
    ])
  })

  test('without isLatest, keeps the newest publishedAt', () => {
    const m = (publishedAt: string) => ({ 'io.modelcontextprotocol.registry/official': { publishedAt } })
    const p = parseRegistryDocument({
      servers: [
        { server: { name: 'a', version: '2' }, _meta: m('2025-03-01T00:00:00Z') },
        { server: { name: 'a', version: '1' }, _meta: m('2025-01-01T00:00:00Z') },
      ],
    })
    expect(p.entries).toEqual([{ name: 'a', version: '2' }])
    expect(p.errors.map((e) => e.index)).toEqual([1])
  })

  test('without version information, keeps every record (the importer reports duplicates)', () => {
    const p = parseRegistryDocument([{ name: 'a' }, { name: 'a' }])
    expect(p.entries).toHaveLength(2)
    expect(p.errors).toEqual([])
  })

  test('sets aside records the registry marks deleted', () => {
    const p = parseRegistryDocument({
      servers: [
        { server: { name: 'gone' }, _meta: { 'io.modelcontextprotocol.registry/official': { status: 'deleted' } } },
        { server: { name: 'kept' } },
      ],
    })
    expect(p.entries).toEqual([{ name: 'kept' }])
    expect(p.positions).toEqual([1])
    expect(p.errors).toEqual([{ index: 0, name: 'gone', reason: 'marked deleted in the registry' }])
  })
})

describe('normalizeEntry: official entries', () => {
  test('normalises a complete official entry into exactly the owned fields', () => {
    expect(ok(OFFICIAL_ENTRY)).toEqual({
      name: 'io.github.example/weather-mcp',
      title: 'Weather',
      description: 'Forecasts and alerts.',
      url: 'https://github.com/example/weather-mcp.git',
      repositoryUrl: 'https://github.com/example/weather-mcp.git',
      websiteUrl: 'https://weather.example.com',
      version: '1.2.3',
      tags: [],
      packages: [
        {
          registryType: 'npm',
          identifier: '@example/weather-mcp',
          version: '1.2.3',
          transport: { type: 'stdio' },
          runtimeHint: 'npx',
          environmentVariables: [{ name: 'WEATHER_API_KEY', description: 'API key', isRequired: true, isSecret: true }],
        },
      ],
      remotes: [
        {
          type: 'streamable-http',
          url: 'https://weather.example.com/mcp',
          headers: [{ name: 'Authorization', value: 'Bearer {token}', isSecret: true }],
        },
      ],
      rawCategory: null,
      source: 'import',
    })
    expect(dropped(OFFICIAL_ENTRY)).toEqual([])
  })

  test('url prefers repository, then websiteUrl, then the loose url', () => {
    expect(ok({ name: 'a', websiteUrl: 'https://w.example', url: 'https://u.example' }).url).toBe('https://w.example')
    expect(ok({ name: 'a', url: 'https://u.example' }).url).toBe('https://u.example')
    expect(ok({ name: 'a', url: null }).url).toBeNull()
    expect(ok({ name: 'a' }).url).toBeNull()
  })

  test('a bad repository URL is dropped and url falls back to the website', () => {
    const raw = { name: 'a', repository: { url: 'ftp://x.example/repo' }, websiteUrl: 'https://w.example' }
    const l = ok(raw)
    expect(l.repositoryUrl).toBeNull()
    expect(l.url).toBe('https://w.example')
    expect(dropped(raw)).toEqual(['repository.url: not an absolute http(s) URL'])
  })

  test('accepts a repository given as a bare URL string', () => {
    expect(ok({ name: 'a', repository: 'https://github.com/o/r' }).repositoryUrl).toBe('https://github.com/o/r')
  })

  test('keeps the source field, defaulting to import', () => {
    expect(ok({ name: 'a', source: 'official-registry' }).source).toBe('official-registry')
    expect(ok({ name: 'a', source: 'bad source!' }).source).toBe('import')
    expect(ok({ name: 'a', source: 12 }).source).toBe('import')
  })

  test('keeps package transport URLs that are local templates', () => {
    const l = ok({
      name: 'a',
      packages: [
        { registryType: 'npm', identifier: 'x', transport: { type: 'sse', url: 'http://127.0.0.1:{port}/sse' } },
      ],
    })
    expect(l.packages[0].transport).toEqual({ type: 'sse', url: 'http://127.0.0.1:{port}/sse' })
  })
})

describe('normalizeEntry: loose entries', () => {
  test('takes category and tags, and a package without transport or version', () => {
    const l = ok({
      name: '12306-mcp',
      title: '12306 MCP',
      description: 'Train tickets.\r\nSchedules.',
      url: 'https://github.com/x/12306-mcp',
      repository: { url: 'https://github.com/x/12306-mcp', source: 'github' },
      packages: [{ registryType: 'npm', identifier: '12306-mcp', version: '0.3.4' }],
      remotes: [],
      category: 'Travel & Transportation',
      tags: ['travel', 'Travel', ' trains ', ''],
      source: 'toolsdk-registry',
    })
    expect(l.rawCategory).toBe('Travel & Transportation')
    expect(l.tags).toEqual(['travel', 'trains'])
    expect(l.description).toBe('Train tickets.\nSchedules.')
    expect(l.version).toBeNull()
    expect(l.packages).toEqual([
      { registryType: 'npm', identifier: '12306-mcp', version: '0.3.4', environmentVariables: [] },
    ])
  })

  test('reads env given as an object map { NAME: { description, required } }', () => {
    const l = ok({
      name: 'a',
      packages: [
        {
          registryType: 'npm',
          identifier: 'a',
          env: {
            API_KEY: { description: 'Your key', required: true },
            REGION: 'Region to use',
            DEBUG: {},
            'BAD NAME': { required: true },
          },
        },
      ],
    })
    expect(l.packages[0].environmentVariables).toEqual([
      { name: 'API_KEY', description: 'Your key', isRequired: true },
      { name: 'REGION', description: 'Region to use' },
      { name: 'DEBUG' },
    ])
  })

  test('reads environmentVariables given as an object map too', () => {
    const l = ok({
      name: 'a',
      packages: [{ registryType: 'pypi', identifier: 'a', environmentVariables: { TOKEN: { isSecret: true } } }],
    })
    expect(l.packages[0].environmentVariables).toEqual([{ name: 'TOKEN', isSecret: true }])
  })

  test('drops env vars without a usable name and duplicates', () => {
    const raw = {
      name: 'a',
      packages: [
        {
          registryType: 'npm',
          identifier: 'a',
          environmentVariables: [
            { name: '' },
            { description: 'x' },
            { name: 'A' },
            { name: 'A', description: 'again' },
            5,
          ],
        },
      ],
    }
    expect(ok(raw).packages[0].environmentVariables).toEqual([{ name: 'A' }])
    expect(dropped(raw)).toHaveLength(3)
  })

  test('lower-cases registry and transport types and maps transport aliases', () => {
    const l = ok({
      name: 'a',
      packages: [{ registryType: 'NPM', identifier: 'a', transport: { type: 'STDIO' } }],
      remotes: [{ type: 'http', url: 'https://a.example/mcp' }],
    })
    expect(l.packages[0]).toMatchObject({ registryType: 'npm', transport: { type: 'stdio' } })
    expect(l.remotes[0].type).toBe('streamable-http')
  })
})

describe('normalizeEntry: fatal problems', () => {
  test.each([
    [null, 'entry is not an object (got null)'],
    [[], 'entry is not an object (got an array)'],
    ['x', 'entry is not an object (got a string)'],
    [{}, 'missing name'],
    [{ name: null }, 'missing name'],
    [{ name: 5 }, 'name is not a string (got a number)'],
    [{ name: '   ' }, 'name is empty'],
    [{ name: 'a\u0000b' }, 'name contains control characters or invalid Unicode'],
    [{ name: 'a\nb' }, 'name contains control characters or invalid Unicode'],
    [{ name: 'a\ud800b' }, 'name contains control characters or invalid Unicode'],
    [{ name: 'x'.repeat(201) }, 'name is longer than 200 characters'],
    [{ name: 'a', description: 42 }, 'description is not a string (got a number)'],
    [{ name: 'a', description: { en: 'x' } }, 'description is not a string (got an object)'],
  ])('%j → %s', (raw, expected) => {
    expect(reason(raw)).toBe(expected)
  })

  test('a skip names the entry when it has a name', () => {
    const r = normalizeEntry({ name: 'srv', description: [] }, 3)
    expect(r).toEqual({
      ok: false,
      skip: { index: 3, name: 'srv', reason: 'description is not a string (got an array)' },
    })
  })

  test('a name of exactly 200 characters is accepted', () => {
    expect(ok({ name: 'x'.repeat(200) }).name).toHaveLength(200)
  })

  test('does not read inherited properties', () => {
    expect(reason(Object.create({ name: 'inherited' }))).toBe('missing name')
    expect(ok(JSON.parse('{"name":"a","__proto__":{"description":5},"constructor":1}')).description).toBe('')
  })
})

describe('normalizeEntry: dropped parts', () => {
  test('a missing description is an empty string; a long one is cut at a word with an ellipsis', () => {
    expect(ok({ name: 'a' }).description).toBe('')
    const long = 'word '.repeat(2000)
    const d = ok({ name: 'a', description: long }).description
    expect(d.length).toBeLessThanOrEqual(IMPORT_LIMITS.description)
    expect(d.endsWith('word…')).toBe(true)
  })

  test('cleans control characters and lone surrogates out of descriptions but keeps newlines', () => {
    expect(ok({ name: 'a', description: 'one\u0000\u0007 two\n\n\n\nthree \ud800' }).description).toBe(
      'one two\n\nthree \ufffd',
    )
  })

  test('titles are single-line, trimmed and bounded; empty ones become null', () => {
    expect(ok({ name: 'a', title: '  My\n  Server ' }).title).toBe('My Server')
    expect(ok({ name: 'a', title: '' }).title).toBeNull()
    expect(ok({ name: 'a', title: 't'.repeat(500) }).title!.length).toBeLessThanOrEqual(IMPORT_LIMITS.title)
  })

  test('an overlong or non-string version is dropped', () => {
    expect(ok({ name: 'a', version: 'v'.repeat(101) }).version).toBeNull()
    expect(ok({ name: 'a', version: 3 }).version).toBeNull()
  })

  test('URLs must be absolute http(s) without credentials', () => {
    const raw = { name: 'a', websiteUrl: 'javascript:alert(1)', url: 'https://user:secret@example.com/x' }
    const l = ok(raw)
    expect(l.websiteUrl).toBeNull()
    expect(l.url).toBeNull()
    expect(dropped(raw)).toEqual(['websiteUrl: not an absolute http(s) URL', 'url: not an absolute http(s) URL'])
  })

  test('packages need a registry type and a safe identifier', () => {
    const raw = {
      name: 'a',
      packages: [
        { identifier: 'x' },
        { registryType: 'npm' },
        { registryType: 'npm', identifier: 'x; rm -rf ~' },
        { registryType: 'npm', identifier: '$(curl evil)' },
        'npm:x',
        {
          registryType: 'npm',
          identifier: 'good',
          version: '1.0.0 && evil',
          runtimeHint: 'npx;',
          transport: { url: 'x' },
        },
      ],
    }
    expect(ok(raw).packages).toEqual([{ registryType: 'npm', identifier: 'good', environmentVariables: [] }])
    expect(dropped(raw)).toEqual([
      'packages[0]: missing or invalid registryType',
      'packages[1]: missing or invalid identifier',
      'packages[2]: missing or invalid identifier',
      'packages[3]: missing or invalid identifier',
      'packages[4]: not an object',
      'packages[5].version: invalid',
      'packages[5].transport: missing or invalid type',
      'packages[5].runtimeHint: invalid',
    ])
  })

  test('remotes need streamable-http or sse and an http(s) URL', () => {
    const raw = {
      name: 'a',
      remotes: [
        { type: 'websocket', url: 'https://a.example' },
        { type: 'sse' },
        { type: 'sse', url: 'wss://a.example' },
        {
          type: 'sse',
          url: 'https://a.example/sse',
          headers: [{ name: 'X-Key', description: 'key', isRequired: true }, { name: 'bad header' }, { value: 'x' }],
        },
      ],
    }
    expect(ok(raw).remotes).toEqual([
      { type: 'sse', url: 'https://a.example/sse', headers: [{ name: 'X-Key', description: 'key', isRequired: true }] },
    ])
    expect(dropped(raw)).toHaveLength(5)
  })

  test('non-array packages, remotes and tags are ignored', () => {
    const l = ok({ name: 'a', packages: {}, remotes: 'x', tags: 'a,b' })
    expect([l.packages, l.remotes, l.tags]).toEqual([[], [], []])
  })

  test('counts are bounded', () => {
    const many = Array.from({ length: 80 }, (_, i) => ({ registryType: 'npm', identifier: `p${i}` }))
    expect(ok({ name: 'a', packages: many }).packages).toHaveLength(IMPORT_LIMITS.packages)
    const tags = Array.from({ length: 30 }, (_, i) => `t${i}`)
    expect(ok({ name: 'a', tags }).tags).toHaveLength(IMPORT_LIMITS.tags)
  })
})

describe('contentHash', () => {
  test('is a sha256 hex digest, independent of key order', () => {
    const a = ok(OFFICIAL_ENTRY)
    const reordered = Object.fromEntries(Object.entries(a).reverse()) as ImportedListing
    expect(contentHash(a)).toMatch(/^[0-9a-f]{64}$/)
    expect(contentHash(reordered)).toBe(contentHash(a))
  })

  test('is unchanged on re-import and changes with any owned field', () => {
    const h = contentHash(ok(OFFICIAL_ENTRY))
    expect(contentHash(ok(structuredClone(OFFICIAL_ENTRY)))).toBe(h)
    expect(contentHash(ok({ ...OFFICIAL_ENTRY, description: 'Other.' }))).not.toBe(h)
    expect(contentHash(ok({ ...OFFICIAL_ENTRY, packages: [] }))).not.toBe(h)
    expect(contentHash(ok({ ...OFFICIAL_ENTRY, category: 'Weather' }))).not.toBe(h)
  })
})

describe('URLs', () => {
  test('repository.subfolder is read when given (and only then, so older content hashes stay)', () => {
    const withSub = ok({
      ...OFFICIAL_ENTRY,
      repository: { url: 'https://github.com/o/r', source: 'github', subfolder: 'src/server' },
    })
    expect(withSub.repositorySubfolder).toBe('src/server')
    expect('repositorySubfolder' in ok(OFFICIAL_ENTRY)).toBe(false)
    const bad = normalizeEntry({ ...OFFICIAL_ENTRY, repository: { url: 'https://github.com/o/r', subfolder: 42 } }, 0)
    expect(bad.ok && bad.dropped).toEqual(['repository.subfolder: not a string of 1–300 characters'])
  })

  test('httpUrl keeps the URL as written', () => {
    expect(httpUrl(' https://github.com/o/r.git ')).toBe('https://github.com/o/r.git')
    expect(httpUrl('https://')).toBeNull()
    expect(httpUrl('https://a b.example')).toBeNull()
    expect(httpUrl('/relative')).toBeNull()
    expect(httpUrl(`https://a.example/${'x'.repeat(IMPORT_LIMITS.url)}`)).toBeNull()
  })
})

describe('slugs', () => {
  test.each([
    ['io.github.neverinfamous/postgres-mcp-server', 'postgres-mcp-server'],
    ['@modelcontextprotocol/server-postgres', 'server-postgres'],
    ['ai.waystation/postgres', 'postgres'],
    ['postgres', 'postgres'],
    ['com.stripe/mcp', 'stripe-mcp'],
    ['com.cloudflare.mcp/mcp', 'cloudflare-mcp'],
    ['com.devopness.mcp/server', 'devopness-server'],
    ['io.github.someone/mcp-server', 'someone-mcp-server'],
    ['io.github.GLips/Figma-Context-MCP', 'figma-context-mcp'],
    ["africa's-talking-sms", 'africas-talking-sms'],
    ['pokémon-data', 'pokemon-data'],
    ['a-share-financial-data-(baostock)', 'a-share-financial-data-baostock'],
    ['@mcp-mongodb-atlas', 'mcp-mongodb-atlas'],
  ])('slugFor(%s) = %s', (name, slug) => {
    expect(slugFor(name)).toBe(slug)
  })

  test('falls back to the title, then to a stable hash', () => {
    expect(slugFor('io.github.x/天气', 'Weather CN')).toBe('weather-cn')
    expect(slugFor('天气', null)).toMatch(/^server-[0-9a-f]{8}$/)
    expect(slugFor('天气')).toBe(slugFor('天气'))
    expect(slugFor('天气')).not.toBe(slugFor('地图'))
  })

  test('is at most 64 characters, cut at a word', () => {
    const s = slugFor(`io.github.x/${'verylongword-'.repeat(10)}end`)
    expect(s.length).toBeLessThanOrEqual(SLUG_MAX)
    expect(s).toMatch(SLUG_PATTERN)
    expect(s.endsWith('verylongword')).toBe(true)
  })

  test('uniqueSlug returns the base when free', () => {
    expect(uniqueSlug('postgres', () => false, 'ai.waystation/postgres')).toBe('postgres')
  })

  test('uniqueSlug disambiguates with the publisher first, then numbers', () => {
    const taken = new Set(['postgres'])
    const has = (s: string) => taken.has(s)
    expect(uniqueSlug('postgres', has, 'ai.waystation/postgres')).toBe('postgres-waystation')
    taken.add('postgres-waystation')
    expect(uniqueSlug('postgres', has, 'ai.waystation/postgres')).toBe('postgres-2')
    taken.add('postgres-2')
    expect(uniqueSlug('postgres', has)).toBe('postgres-3')
    expect(uniqueSlug('postgres', has, 'postgres')).toBe('postgres-3')
  })

  test('uniqueSlug skips a publisher already in the slug', () => {
    expect(uniqueSlug('stripe-mcp', (s) => s === 'stripe-mcp', 'com.stripe/mcp')).toBe('stripe-mcp-2')
  })

  test('uniqueSlug keeps disambiguated slugs within 64 characters', () => {
    const base = slugFor(`io.github.a-very-long-owner-name/${'x'.repeat(70)}`)
    const s = uniqueSlug(base, (c) => c === base, 'io.github.a-very-long-owner-name/x')
    expect(s.length).toBeLessThanOrEqual(SLUG_MAX)
    expect(s).toMatch(SLUG_PATTERN)
    expect(s).not.toBe(base)
  })

  test('uniqueSlug repairs a base that is not a slug', () => {
    expect(uniqueSlug('Hello World!', () => false)).toBe('hello-world')
  })
})

describe('properties', () => {
  const checkResult = (r: ReturnType<typeof normalizeEntry>) => {
    if (!r.ok) {
      expect(typeof r.skip.reason).toBe('string')
      expect(r.skip.reason.length).toBeGreaterThan(0)
      return
    }
    // Never half-normalised: every owned field is present with its type and bounds.
    const l = r.listing
    expect(Object.keys(l).sort()).toEqual(LISTING_KEYS)
    expect(l.name.length).toBeGreaterThan(0)
    expect(l.name.length).toBeLessThanOrEqual(IMPORT_LIMITS.name)
    expect(l.description.length).toBeLessThanOrEqual(IMPORT_LIMITS.description)
    for (const u of [l.url, l.repositoryUrl, l.websiteUrl, ...l.remotes.map((x) => x.url)])
      if (u !== null) expect(u).toMatch(/^https?:\/\//i)
    expect(typeof contentHash(l)).toBe('string')
  }

  test('normalizeEntry never throws for any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.nat(), (v, i) => checkResult(normalizeEntry(v, i))),
      { numRuns: 2000 },
    )
  })

  test('normalizeEntry never throws for anything', () => {
    fc.assert(
      fc.property(
        fc.anything({
          withNullPrototype: true,
          withObjectString: true,
          withBoxedValues: true,
          withMap: true,
          withSet: true,
          withDate: true,
          withTypedArray: true,
          withSparseArray: true,
          withBigInt: true,
        }),
        (v) => checkResult(normalizeEntry(v, 0)),
      ),
      { numRuns: 2000 },
    )
  })

  test('normalizeEntry never throws for entry-shaped values with arbitrary fields', () => {
    const anyish = fc.oneof(fc.string(), fc.jsonValue(), fc.constant(null), fc.webUrl())
    const entry = fc.record(
      {
        name: fc.oneof(fc.string(), anyish),
        title: anyish,
        description: fc.oneof(fc.string({ unit: 'binary', maxLength: 5000 }), anyish),
        url: anyish,
        websiteUrl: anyish,
        repository: fc.oneof(fc.record({ url: anyish }), anyish),
        packages: fc.array(
          fc.record(
            {
              registryType: anyish,
              identifier: anyish,
              environmentVariables: anyish,
              env: fc.dictionary(fc.string(), anyish),
              transport: anyish,
            },
            { requiredKeys: [] },
          ),
        ),
        remotes: fc.array(
          fc.record(
            {
              type: fc.constantFrom('sse', 'streamable-http', 'x'),
              url: fc.oneof(fc.webUrl(), anyish),
              headers: anyish,
            },
            { requiredKeys: [] },
          ),
        ),
        tags: anyish,
        category: anyish,
      },
      { requiredKeys: [] },
    )
    fc.assert(
      fc.property(entry, (v) => checkResult(normalizeEntry(v, 0))),
      { numRuns: 1500 },
    )
  })

  test('normalisation is idempotent: a normalised listing written back as server.json normalises to itself', () => {
    const entry = fc.record({
      name: fc.string({ minLength: 1 }),
      title: fc.string(),
      description: fc.string({ unit: 'binary' }),
      url: fc.webUrl(),
      tags: fc.array(fc.string()),
    })
    fc.assert(
      fc.property(entry, (v) => {
        const r = normalizeEntry(v, 0)
        if (!r.ok) return
        const again = normalizeEntry(toServerJson(r.listing), 0)
        expect(again.ok && again.listing).toEqual(r.listing)
      }),
    )
  })

  test('slugFor always returns a slug for any string and title', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.option(fc.string({ unit: 'binary' })), (name, title) => {
        const s = slugFor(name, title)
        expect(s).toMatch(SLUG_PATTERN)
        expect(s.length).toBeLessThanOrEqual(SLUG_MAX)
      }),
      { numRuns: 3000 },
    )
  })

  test('slugify output is empty or a slug', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (t) =>
        expect(slugify(t)).toMatch(/^(?:[a-z0-9]+(?:-[a-z0-9]+)*)?$/),
      ),
    )
  })

  test('uniqueSlug always returns a free slug for any base and name', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.string({ unit: 'binary' }), fc.nat({ max: 5 }), (base, name, n) => {
        const taken = new Set<string>()
        for (let i = 0; i < n; i++) taken.add(uniqueSlug(base, (s) => taken.has(s), name))
        const s = uniqueSlug(base, (x) => taken.has(x), name)
        expect(taken.has(s)).toBe(false)
        expect(s).toMatch(SLUG_PATTERN)
        expect(s.length).toBeLessThanOrEqual(SLUG_MAX)
      }),
      { numRuns: 1000 },
    )
  })
})

/** Writes a normalised listing back in the import format (the inverse the idempotence checks rely on). */
function toServerJson(l: ImportedListing): Record<string, unknown> {
  return {
    name: l.name,
    ...(l.title !== null && { title: l.title }),
    description: l.description,
    ...(l.version !== null && { version: l.version }),
    ...(l.repositoryUrl !== null && {
      repository: {
        url: l.repositoryUrl,
        source: 'github',
        ...(l.repositorySubfolder && { subfolder: l.repositorySubfolder }),
      },
    }),
    ...(l.websiteUrl !== null && { websiteUrl: l.websiteUrl }),
    url: l.url,
    packages: l.packages,
    remotes: l.remotes,
    ...(l.rawCategory !== null && { category: l.rawCategory }),
    tags: l.tags,
    source: l.source,
  }
}

describe('the real data', () => {
  test('servers.json: every entry is accounted for, names and slugs are unique', async () => {
    const data = (await Bun.file(SERVERS).json()) as unknown[]
    expect(data).toHaveLength(5047)
    const parsed = parseRegistryDocument(data)
    expect(parsed.errors).toEqual([])

    const accepted: ImportedListing[] = []
    const reasons = new Map<string, number>()
    const drops = new Map<string, number>()
    parsed.entries.forEach((raw, i) => {
      const r = normalizeEntry(raw, parsed.positions[i])
      if (r.ok) {
        accepted.push(r.listing)
        for (const d of r.dropped)
          drops.set(d.replace(/\[\d+\]/g, '[]'), (drops.get(d.replace(/\[\d+\]/g, '[]')) ?? 0) + 1)
      } else reasons.set(r.skip.reason, (reasons.get(r.skip.reason) ?? 0) + 1)
    })
    const skipped = [...reasons.values()].reduce((a, b) => a + b, 0)

    const names = new Set(accepted.map((l) => l.name))
    expect(names.size).toBe(accepted.length)

    const taken = new Set<string>()
    let withPublisher = 0
    let numbered = 0
    for (const l of accepted) {
      const base = slugFor(l.name, l.title)
      const slug = uniqueSlug(base, (s) => taken.has(s), l.name)
      expect(slug).toMatch(SLUG_PATTERN)
      expect(slug.length).toBeLessThanOrEqual(SLUG_MAX)
      expect(taken.has(slug)).toBe(false)
      if (slug !== base) /-\d+$/.test(slug) ? numbered++ : withPublisher++
      taken.add(slug)
    }
    expect(taken.size).toBe(accepted.length)

    console.log(
      [
        `servers.json: ${data.length} entries, ${accepted.length} accepted, ${skipped} skipped`,
        ...[...reasons].map(([r, n]) => `  skipped ${n}: ${r}`),
        ...[...drops].map(([r, n]) => `  dropped ${n}: ${r}`),
        `  slugs: ${taken.size} unique; ${withPublisher} disambiguated by publisher, ${numbered} numbered`,
      ].join('\n'),
    )
    expect(accepted.length + skipped).toBe(data.length)
    expect(accepted.length).toBe(5047)

    // The loose fields survive: categories, tags, environment variables (README counts).
    expect(accepted.filter((l) => l.rawCategory !== null)).toHaveLength(4066)
    expect(accepted.filter((l) => l.tags.length > 0)).toHaveLength(5)
    expect(accepted.filter((l) => l.remotes.length > 0)).toHaveLength(473)
    expect(accepted.filter((l) => l.packages.length > 0)).toHaveLength(1231)
    expect(accepted.filter((l) => l.url === null)).toHaveLength(233)
    expect(accepted.reduce((n, l) => n + l.packages.length, 0)).toBe(1318)
    expect(accepted.reduce((n, l) => n + l.remotes.length, 0)).toBe(606)

    // Re-importing the same data is detected as unchanged, and normalisation is idempotent.
    const again = (await Bun.file(SERVERS).json()) as unknown[]
    again.forEach((raw, i) => {
      const r = normalizeEntry(raw, i)
      expect(r.ok && contentHash(r.listing)).toBe(contentHash(accepted[i]))
      const back = normalizeEntry(toServerJson(accepted[i]), i)
      expect(back.ok && contentHash(back.listing)).toBe(contentHash(accepted[i]))
    })
  })

  test('servers-official.json: every entry is accepted with its version, also as registry API records', async () => {
    const data = (await Bun.file(OFFICIAL).json()) as Record<string, unknown>[]
    expect(data).toHaveLength(1055)
    const plain = parseRegistryDocument(data).entries.map((e, i) => normalizeEntry(e, i))
    expect(plain.every((r) => r.ok && r.listing.version !== null && r.listing.source === 'official-registry')).toBe(
      true,
    )

    const wrapped = parseRegistryDocument({
      servers: data.map((server) => ({
        server,
        _meta: { 'io.modelcontextprotocol.registry/official': { status: 'active', isLatest: true } },
      })),
      metadata: { count: data.length },
    })
    expect(wrapped.entries.map((e, i) => normalizeEntry(e, i))).toEqual(plain)
  })
})
