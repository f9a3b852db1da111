import { describe, expect, test } from 'bun:test'
import type { PackageEvidence } from '@mcp-directory/shared/contracts'
import { type PublisherInput, publisherModelOf } from './publisher-identity'
import { publisherSearchFacts } from './publisher-search'
import { keyForms } from './publisher-subject'

const listing = (over: Partial<PublisherInput>): PublisherInput => ({
  name: 'x',
  repositoryUrl: null,
  websiteUrl: null,
  isOfficial: false,
  origin: 'import',
  ...over,
})

const npmRead = (identifier: string, repositories: string[], mcpNames: string[] = []): PackageEvidence => ({
  registryType: 'npm',
  identifier,
  version: '1.0.0',
  entryUrl: `https://registry.npmjs.org/${identifier}`,
  outcome: 'found',
  mcpNames,
  repositories,
  checkedAt: '2026-12-01T00:00:00.000Z',
})

describe('a publisher from each kind of evidence', () => {
  test("a namespace the official registry granted: the domain, proven by the registry's DNS or HTTP proof", () => {
    const p = publisherModelOf(
      listing({
        name: 'com.notion/mcp',
        source: 'official-registry',
        description: 'Official Notion MCP Server',
        remotes: [{ type: 'streamable-http', url: 'https://mcp.notion.com/mcp' }],
      }),
    )
    expect(p).toMatchObject({ name: 'Notion', kind: 'domain', id: 'notion.com', verified: true, relation: 'own' })
    expect(p.label).toBe('by Notion · notion.com (verified by the official MCP registry)')
    expect(p.evidence.map((e) => [e.kind, e.source, e.proves])).toEqual([
      ['registry-namespace', 'official-registry', true],
      ['remote-host', 'entry', false],
    ])
    expect(p.evidence[0]!.detail).toContain('a DNS or HTTP proof of notion.com')
    expect(p.evidence[1]!.detail).toBe('its remote mcp.notion.com is on notion.com')
  })

  test("another registry's entry proves its namespace by its addresses: a website on the domain", () => {
    const p = publisherModelOf(
      listing({ name: 'com.example/mcp', source: 'toolsdk-registry', websiteUrl: 'https://docs.example.com/' }),
    )
    expect(p).toMatchObject({ kind: 'domain', id: 'example.com', verified: true })
    expect(p.evidence[0]).toMatchObject({ kind: 'website', source: 'entry', proves: true })
    expect(p.label).toBe('by Example · example.com (verified by its website)')
  })

  test('a followed upstream that says its entry came from the official registry is not believed', () => {
    // The source field is the upstream's own word; only the official registry followed as itself, or the operator's
    // file import of its list, carries its namespace proof.
    const hostile = listing({
      name: 'com.notion/mcp',
      source: 'official-registry',
      origin: 'registry:https://evil.example',
    })
    expect(publisherModelOf(hostile)).toMatchObject({ kind: 'unknown', verified: false })
    const followed = listing({ name: 'com.notion/mcp', origin: 'registry:https://registry.modelcontextprotocol.io' })
    expect(publisherModelOf(followed).evidence[0]).toMatchObject({ kind: 'registry-namespace', proves: true })
  })

  test('the same entry from another registry is not granted by the official one: no mark without its addresses', () => {
    const p = publisherModelOf(listing({ name: 'com.notion/mcp', source: 'toolsdk-registry' }))
    expect(p.kind).toBe('unknown')
    expect(p.verified).toBe(false)
  })

  test('published here with a registry token', () => {
    const p = publisherModelOf(
      listing({ name: 'io.github.mallory/zulip', origin: 'publisher:io.github.mallory', source: 'publish' }),
    )
    expect(p).toMatchObject({ kind: 'github', id: 'mallory', verified: true, relation: 'community' })
    expect(p.evidence[0]!.kind).toBe('published-here')
    // mallory proved mallory, and the listing is about Zulip: a community server, and the card says so.
    expect(p.label).toBe('by mallory · community')
  })

  test('a DNS claim here proves its domain; a GitHub claim its repository account', () => {
    const dns = publisherModelOf(
      listing({ name: 'acme-tools', origin: 'submission', isOfficial: true, provenDomain: 'acme.example' }),
    )
    expect(dns).toMatchObject({ kind: 'domain', id: 'acme.example', verified: true, relation: 'own' })
    expect(dns.evidence[0]!.kind).toBe('dns-claim')
    const gh = publisherModelOf(
      listing({
        name: 'acme-tools',
        origin: 'submission',
        isOfficial: true,
        repositoryUrl: 'https://github.com/Acme/acme-tools',
        provenRepository: 'acme/acme-tools',
      }),
    )
    expect(gh).toMatchObject({ kind: 'github', id: 'acme', verified: true, relation: 'own' })
    expect(gh.evidence.map((e) => e.kind)).toEqual(['github-claim'])
  })

  test('none from a claim that proves nothing: a website badge, or a submission nobody claimed', () => {
    // A badge on a page proves that page, not a domain nor the repository the submission names.
    const badge = publisherModelOf(
      listing({
        name: 'acme-tools',
        origin: 'submission',
        isOfficial: true,
        websiteUrl: 'https://acme.example/',
        repositoryUrl: 'https://github.com/acme/acme-tools',
      }),
    )
    expect(badge).toMatchObject({ kind: 'unknown', id: null, verified: false, relation: 'unknown', evidence: [] })
    const unclaimed = publisherModelOf(
      listing({ name: 'io.github.acme/tools', origin: 'submission', repositoryUrl: 'https://github.com/acme/tools' }),
    )
    expect(unclaimed.kind).toBe('unknown')
    expect(publisherModelOf(listing({ name: 'io.github.acme/tools', origin: 'demo' })).kind).toBe('unknown')
  })

  test('an npm package whose registry entry links back to the repository proves its scope; one that does not is a link', () => {
    const linked = publisherModelOf(
      listing({
        name: '@notionhq/notion-mcp-server',
        title: 'Notion MCP Server',
        source: 'toolsdk-registry',
        repositoryUrl: 'https://github.com/makenotion/notion-mcp-server',
        packages: [{ registryType: 'npm', identifier: '@notionhq/notion-mcp-server' }],
        installEvidence: [
          npmRead('@notionhq/notion-mcp-server', ['git+https://github.com/makenotion/notion-mcp-server.git']),
        ],
      }),
    )
    expect(linked).toMatchObject({ kind: 'npm', id: '@notionhq', verified: true, relation: 'own' })
    expect(linked.evidence.map((e) => [e.kind, e.source])).toEqual([
      ['package-link', 'npm'],
      ['repository', 'entry'],
    ])
    expect(linked.label).toBe('by notionhq · @notionhq (verified by its npm package)')
    const elsewhere = publisherModelOf(
      listing({
        name: '@notionhq/notion-mcp-server',
        title: 'Notion MCP Server',
        repositoryUrl: 'https://github.com/makenotion/notion-mcp-server',
        packages: [{ registryType: 'npm', identifier: '@notionhq/notion-mcp-server' }],
        installEvidence: [npmRead('@notionhq/notion-mcp-server', ['https://github.com/someone/else'])],
      }),
    )
    expect(elsewhere.verified).toBe(false)
    expect(elsewhere.evidence.map((e) => e.kind)).toEqual(['package', 'repository'])
  })

  test("the repository's account, as an entry gives it, is a link and not a proof", () => {
    const p = publisherModelOf(
      listing({ name: 'mcp-server-qdrant', source: 'toolsdk-registry', repositoryUrl: 'https://github.com/qdrant/x' }),
    )
    expect(p).toMatchObject({ kind: 'github', id: 'qdrant', verified: false, relation: 'own' })
    expect(p.label).toBe('by qdrant · github.com/qdrant (not verified)')
  })
})

describe('what search reads of it', () => {
  test("a community listing gives no keys and no proven publisher's mark; an own one does", () => {
    const mallory = publisherSearchFacts(
      listing({ name: 'io.github.mallory/zulip', origin: 'publisher:io.github.mallory' }),
    )
    expect(mallory).toEqual({ keys: [], ownVerified: false, copy: false, flagship: null })
    const notion = publisherSearchFacts(listing({ name: 'com.notion/mcp', source: 'official-registry' }))
    expect(notion).toEqual({ keys: ['notion'], ownVerified: true, copy: false, flagship: 'notion' })
  })

  test("a copy hosted under another publisher's namespace of an account's repository", () => {
    const hosted = publisherSearchFacts(
      listing({
        name: 'ai.smithery/yuna0x0-hackmd-mcp',
        source: 'official-registry',
        repositoryUrl: 'https://github.com/yuna0x0/hackmd-mcp',
      }),
    )
    expect(hosted.copy).toBe(true)
    // Its publisher's own repository is no copy.
    const own = publisherSearchFacts(
      listing({
        name: 'ai.smithery/smithery-notion',
        source: 'official-registry',
        repositoryUrl: 'https://github.com/smithery-ai/mcp-servers',
      }),
    )
    expect(own.copy).toBe(false)
  })

  test('a key is the label as written and without one structural affix', () => {
    expect(keyForms('makenotion')).toEqual(['makenotion', 'notion'])
    expect(keyForms('notionhq')).toEqual(['notionhq', 'notion'])
    expect(keyForms('homeassistant-ai')).toEqual(['homeassistantai', 'homeassistant'])
    expect(keyForms('github')).toEqual(['github'])
    expect(keyForms('x')).toEqual([])
  })
})
