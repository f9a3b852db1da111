// Who made a listing, end to end: a stranger publishes io.github.<self>/zulip through the real publish flow (a GitHub
// token for their own account, the GitHub API stand-in) beside the listing it imitates and Notion's own listing
// imported from the official registry's list. The publisher each card names, and the order search gives.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { catalogUnderTest, type CatalogUnderTest } from './catalog-under-test'
import { startPublisherWorld, type PublisherWorld } from './publisher-world'

let world: PublisherWorld
let cut: CatalogUnderTest

type Hit = {
  id: string
  name: string
  publisherVerified: boolean
  publisher: { name: string; kind: string; relation: string; label: string; evidence?: { kind: string }[] }
}
const search = async (q: string) =>
  ((await (await cut.call('GET', `/api/v1/search?q=${encodeURIComponent(q)}`)).json()) as { servers: Hit[] }).servers

const ZULIP = 'Zulip MCP server: read streams, send messages and search topics in a Zulip organization'

beforeAll(async () => {
  world = await startPublisherWorld()
  world.github.set('gho_mallory', { login: 'mallory', orgs: [] })
  cut = await catalogUnderTest(
    { PUBLIC_BASE_URL: 'https://dir.example', OUTBOUND_ALLOW_PRIVATE: '1', GITHUB_API_URL: world.githubUrl },
    'op-token',
    { secret: 'test-secret-for-registry-tokens' },
  )
  await cut.catalog.importDocument([
    {
      name: 'zulip',
      title: 'Zulip MCP',
      description: ZULIP,
      repository: { url: 'https://github.com/monadical-sas/zulip-mcp', source: 'github' },
      source: 'toolsdk-registry',
    },
    {
      name: 'com.notion/mcp',
      description: 'Official Notion MCP Server',
      version: '1.0.0',
      remotes: [{ type: 'streamable-http', url: 'https://mcp.notion.com/mcp' }],
      source: 'official-registry',
    },
    ...['alice', 'bob', 'carol'].map((who) => ({
      name: `@${who}/notion-mcp-server`,
      title: 'Notion MCP Server',
      description: 'Notion MCP Server: search Notion pages, create Notion databases, update Notion blocks',
      repository: { url: `https://github.com/${who}/notion-mcp-server`, source: 'github' },
      source: 'toolsdk-registry',
    })),
  ])
  const login = await cut.call('POST', '/v0.1/auth/github-at', { github_token: 'gho_mallory' })
  const token = ((await login.json()) as { registry_token: string }).registry_token
  const published = await cut.call(
    'POST',
    '/v0.1/publish',
    {
      $schema: 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json',
      name: 'io.github.mallory/zulip',
      title: 'Zulip MCP',
      description: ZULIP.slice(0, 100),
      version: '1.0.0',
      repository: { url: 'https://github.com/mallory/zulip', source: 'github' },
      remotes: [{ type: 'streamable-http', url: 'https://zulip-mcp.mallory.example/mcp' }],
    },
    token,
  )
  expect(published.status).toBe(200)
})

afterAll(async () => {
  await cut?.close()
  await world?.close()
})

describe('who made it, in search', () => {
  test('io.github.<self>/zulip proves its publisher, is a community server, and ranks below the listing it imitates', async () => {
    const hits = await search('zulip')
    expect(hits.map((h) => h.name)).toEqual(['zulip', 'io.github.mallory/zulip'])
    const mallory = hits[1]!
    // The namespace is proven (mallory proved mallory): the mark says so, and the card says whose server it is.
    expect(mallory.publisherVerified).toBe(true)
    expect(mallory.publisher).toMatchObject({ name: 'mallory', kind: 'github', relation: 'community' })
    expect(mallory.publisher.label).toBe('by mallory · community')
    // A hit leaves the evidence to the detail.
    expect(mallory.publisher.evidence).toBeUndefined()
    const detail = (await (await cut.call('GET', `/api/v1/servers/${mallory.id}`)).json()) as { server: Hit }
    expect(detail.server.publisher.evidence![0]!.kind).toBe('published-here')
    // Its exact name typed as written still finds it first.
    expect((await search('io.github.mallory/zulip'))[0]!.name).toBe('io.github.mallory/zulip')
  })

  test("the company's own listing first, named as the official registry proved it", async () => {
    const hits = await search('notion')
    expect(hits[0]!.name).toBe('com.notion/mcp')
    expect(hits[0]!.publisher.label).toBe('by Notion · notion.com (verified by the official MCP registry)')
    expect(hits[0]!.publisherVerified).toBe(true)
    expect(hits.slice(1).every((h) => h.publisher.relation === 'community')).toBe(true)
  })

  test('the detail and the Markdown document name the publisher with its evidence', async () => {
    const [hit] = await search('com.notion/mcp')
    const detail = (await (await cut.call('GET', `/api/v1/servers/${hit!.id}`)).json()) as { server: Hit }
    expect(detail.server.publisher.evidence!.map((e) => e.kind)).toEqual(['registry-namespace', 'remote-host'])
    const md = await (await cut.call('GET', `/api/v1/mcp/${hit!.id}/markdown`)).text()
    expect(md).toContain('- **Publisher:** by Notion · notion.com (verified by the official MCP registry) (evidence:')
  })
})
