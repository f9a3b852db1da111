import { describe, expect, test } from 'bun:test'
import type { PublisherInput } from '../../listings/publisher-identity'
import { publisherSearchFacts } from '../../listings/publisher-search'
import type { SearchDocument } from './document'
import { SearchIndex } from './index'
import { testDocument } from './test-documents'

const NO_FILTERS = { category: null, transport: null, verified: false }

/** A listing as the catalog indexes it: its publisher judged from its entry, its names as the catalog gives them. */
function listed(id: string, entry: Partial<PublisherInput> & { name: string }, description: string): SearchDocument {
  const input: PublisherInput = { repositoryUrl: null, websiteUrl: null, isOfficial: false, origin: 'import', ...entry }
  return testDocument(id, entry.name, description, {
    title: entry.title ?? null,
    repositoryUrl: input.repositoryUrl,
    source: input.source ?? 'import',
    publisher: publisherSearchFacts(input),
    names: [entry.name],
    installNames: [id],
  })
}

const ids = (index: SearchIndex, q: string, limit = 10) => index.search(q, NO_FILTERS, limit).hits.map((h) => h.id)

describe('a query that names a publisher puts its own listings first', () => {
  const index = new SearchIndex()
  const clone = 'Notion MCP Server: search Notion pages, create Notion databases, update Notion blocks in Notion'
  for (const [i, who] of ['alice', 'bob', 'carol', 'dave'].entries())
    index.upsert(
      listed(
        `clone-${i}`,
        { name: `@${who}/notion-mcp-server`, title: 'Notion MCP Server', repositoryUrl: `https://github.com/${who}/n` },
        clone,
      ),
    )
  index.upsert(listed('notion-hosted', { name: 'com.notion/mcp', source: 'official-registry' }, 'Official server'))
  index.upsert(
    listed(
      'notion-npm',
      {
        name: '@notionhq/notion-mcp-server',
        title: 'Notion MCP Server',
        repositoryUrl: 'https://github.com/makenotion/notion-mcp-server',
      },
      'Official MCP server for the Notion API',
    ),
  )

  test("the company's own listings come first, the clones after them by relevance", () => {
    const top = ids(index, 'notion')
    expect(top.slice(0, 2).sort()).toEqual(['notion-hosted', 'notion-npm'])
    expect(top.slice(2).sort()).toEqual(['clone-0', 'clone-1', 'clone-2', 'clone-3'])
    // Without the publisher named, the same clones outrank them on their text alone.
    expect(ids(index, 'notion databases')[0]).toStartWith('clone-')
  })

  test("the hit's why says so", () => {
    const page = index.search('Notion', NO_FILTERS, 3, undefined, true)
    const why = page.hits[0]!.why!
    expect(why.factors.some((f) => f.factor === 'named' && f.reason.includes('names its publisher'))).toBe(true)
    // Its relevance is its text's alone, the boost named apart.
    expect(why.relevance).toBeLessThan(100)
  })
})

describe("a publisher's flagship listings are one server", () => {
  test('its hosted remote and its proven npm package: one hit, the other its alternative', () => {
    const index = new SearchIndex()
    index.upsert(listed('hosted', { name: 'com.acme/mcp', source: 'official-registry' }, 'Acme, hosted'))
    index.upsert(
      listed(
        'npm',
        {
          name: '@acmehq/acme-mcp-server',
          title: 'Acme MCP Server',
          repositoryUrl: 'https://github.com/makeacme/acme-mcp-server',
          packages: [{ registryType: 'npm', identifier: '@acmehq/acme-mcp-server' }],
          installEvidence: [
            {
              registryType: 'npm',
              identifier: '@acmehq/acme-mcp-server',
              version: '1.0.0',
              entryUrl: 'https://registry.npmjs.org/@acmehq/acme-mcp-server',
              outcome: 'found',
              mcpNames: [],
              repositories: ['https://github.com/makeacme/acme-mcp-server'],
              checkedAt: '2026-12-01T00:00:00.000Z',
            },
          ],
        },
        'Acme MCP server for the Acme API',
      ),
    )
    // Another account's server for Acme stays a server of its own.
    index.upsert(listed('fan', { name: '@fan/acme-tools', repositoryUrl: 'https://github.com/fan/acme' }, 'Acme'))
    const page = index.search('acme', NO_FILTERS, 10)
    expect(page.total).toBe(2)
    const [first, second] = page.hits
    expect([first!.id, ...first!.alsoListedAs].sort()).toEqual(['hosted', 'npm'])
    expect(second!.id).toBe('fan')
  })
})

describe('a community listing under a proven namespace of its own', () => {
  test('io.github.<self>/zulip is community and ranks below the listing it imitates', () => {
    const index = new SearchIndex()
    const text = 'Zulip MCP server: read streams, send messages and search topics in a Zulip organization'
    index.upsert(
      listed('zulip', { name: 'zulip', title: 'Zulip MCP', repositoryUrl: 'https://github.com/monadical/zulip' }, text),
    )
    index.upsert(
      listed(
        'mallory-zulip',
        {
          name: 'io.github.mallory/zulip',
          title: 'Zulip MCP',
          origin: 'publisher:io.github.mallory',
          repositoryUrl: 'https://github.com/mallory/zulip',
        },
        text,
      ),
    )
    expect(ids(index, 'zulip')).toEqual(['zulip', 'mallory-zulip'])
    expect(ids(index, 'zulip messages')).toEqual(['zulip', 'mallory-zulip'])
  })
})

describe('the name you typed', () => {
  const index = new SearchIndex()
  const strong =
    'Postgres MCP server for PostgreSQL: query Postgres, inspect the Postgres schema, explain Postgres plans'
  for (let i = 0; i < 8; i++) index.upsert(listed(`pg-${i}`, { name: `postgres-server-${i}` }, strong))
  index.upsert(listed('postgres-mcp', { name: 'postgres-mcp' }, 'Database health and index tuning'))
  index.upsert(
    listed(
      'hackmd-hosted',
      { name: 'ai.smithery/yuna0x0-hackmd-mcp', source: 'official-registry' },
      'HackMD MCP server: read and write HackMD notes, HackMD teams, HackMD history',
    ),
  )
  index.upsert(listed('hackmd', { name: 'io.github.yuna0x0/hackmd-mcp', source: 'official-registry' }, 'HackMD'))

  test('an exact name, written with its separators, finds that listing first', () => {
    expect(ids(index, 'postgres-mcp')[0]).toBe('postgres-mcp')
    expect(ids(index, 'io.github.yuna0x0/hackmd-mcp')[0]).toBe('hackmd')
    expect(ids(index, 'IO.GitHub.Yuna0x0/HackMD_MCP')[0]).toBe('hackmd')
    // Typed plainly, the words every server shares aside, it still names the listing called so…
    expect(ids(index, 'postgres mcp')[0]).toBe('postgres-mcp')
    expect(ids(index, 'postgres')[0]).toBe('postgres-mcp')
    // …and words that name no listing ask for what they say: the strong listings come first.
    expect(ids(index, 'postgres schema')[0]).toStartWith('pg-')
  })

  test('a cursor carries what the first page named: every page of the walk ranks alike', () => {
    const first = index.search('postgres-mcp', NO_FILTERS, 2)
    expect(first.hits[0]!.id).toBe('postgres-mcp')
    const seen = first.hits.map((h) => h.id)
    let cursor = first.nextCursor
    while (cursor) {
      const page = index.search('postgres-mcp', NO_FILTERS, 2, cursor)
      seen.push(...page.hits.map((h) => h.id))
      cursor = page.nextCursor
    }
    expect(new Set(seen).size).toBe(seen.length)
    expect(seen.filter((id) => id.startsWith('pg-'))).toHaveLength(8)
  })

  test('a cursor whose named listings are not what this index makes is refused', () => {
    const first = index.search('postgres-mcp', NO_FILTERS, 2)
    const state = JSON.parse(Buffer.from(first.nextCursor!, 'base64url').toString())
    state.b = [[['pg-1'], 123]]
    const forged = Buffer.from(JSON.stringify(state)).toString('base64url')
    expect(() => index.search('postgres-mcp', NO_FILTERS, 2, forged)).toThrow()
  })
})
