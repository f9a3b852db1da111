// Namespaces as the official registry rules them: a submission cannot take `io.github.<owner>/` or `tld.domain/`
// from elsewhere, a short name cannot borrow a verified publisher's own name, a squat gives way to the proven owner,
// and `publisherVerified` says when an imported listing's namespace is proven by its repository.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { CatalogService } from '@mcp-directory/catalog'
import { catalogOutbox, eq, listings, type Database } from '@mcp-directory/shared/db'
import { catalogUnderTest, type CatalogUnderTest } from './catalog-under-test'

let under: CatalogUnderTest
let database: Database
let catalog: CatalogService
let lines: string[]

beforeAll(async () => {
  under = await catalogUnderTest({ PUBLIC_BASE_URL: 'https://ns.example' }, 'ns-operator-token')
  ;({ database, catalog, lines } = under)
  await catalog.importDocument([
    {
      name: 'io.github.github/github-mcp-server',
      description: "GitHub's official MCP server for repositories and issues",
      version: '1.0.0',
      repository: { url: 'https://github.com/github/github-mcp-server', source: 'github' },
    },
    {
      name: 'io.github.acme/not-theirs',
      description: 'A namespace its repository does not prove',
      version: '1.0.0',
      repository: { url: 'https://github.com/mallory/not-theirs', source: 'github' },
    },
    {
      name: 'com.example/site-server',
      description: 'A reverse-DNS name proven by its website',
      version: '1.0.0',
      websiteUrl: 'https://docs.example.com/mcp',
    },
  ])
}, 60_000)

afterAll(async () => {
  await under?.close()
})

const call = (method: string, path: string, body?: unknown) => under.call(method, path, body)
const submit = (name: string, url: string) =>
  call('POST', '/internal/listings', { name, url, description: `Submitted ${name}`, category: 'Developer Tools' })
const idOf = async (name: string) => (await database.db.select().from(listings).where(eq(listings.name, name)))[0]?.id

describe('namespaces at submission', () => {
  test('io.github.<owner>/… only with a repository on github.com/<owner>', async () => {
    expect((await submit('io.github.octo/tool', 'https://github.com/octo/tool')).status).toBe(201)
    expect((await submit('io.github.Octo/tool-two', 'https://github.com/OCTO/tool-two.git')).status).toBe(201)
    const refused = await submit('io.github.github/github-mcp-server-official', 'https://github.com/mallory/x')
    expect(refused.status).toBe(400)
    expect(((await refused.json()) as { message: string }).message).toContain('belongs to the GitHub owner github')
    expect((await submit('com.github.octo/other', 'https://gitlab.com/octo/other')).status).toBe(400)
  })

  test('tld.domain/… only with a website on that domain', async () => {
    expect((await submit('com.acme/server', 'https://mcp.acme.com/docs')).status).toBe(201)
    expect((await submit('com.acme/from-github', 'https://github.com/acme/from-github')).status).toBe(400)
    expect((await submit('com.acme/lookalike', 'https://acme.com.evil.example/')).status).toBe(400)
  })

  test("a tenant's site proves its own name only, never its platform's or a public suffix's namespace", async () => {
    // mallory.vercel.app is one tenant's (a private PSL entry): it is not vercel.app. Any .co.uk site is not co.uk.
    for (const [name, url] of [
      ['app.vercel/vercel-mcp', 'https://mallory.vercel.app/mcp'],
      ['io.github/pages-mcp', 'https://mallory.github.io/'],
      ['uk.co/registry-mcp', 'https://mallory.co.uk/'],
    ]) {
      const refused = await submit(name, url)
      expect(refused.status).toBe(400)
      expect(((await refused.json()) as { message: string }).message).toContain('belongs to the domain')
    }
    // The tenant's own name, and a subdomain of a registrable domain, still count.
    expect((await submit('app.vercel.mallory/tool', 'https://mallory.vercel.app/tool')).status).toBe(201)
    expect((await submit('com.acme/docs-server', 'https://docs.mcp.acme.com/')).status).toBe(201)
  })

  test("a short name that is a verified publisher's own name is refused (409 naming it), unless from its repository", async () => {
    const refused = await submit('GitHub-MCP-Server', 'https://github.com/squatter/another-thing')
    expect(refused.status).toBe(409)
    const body = (await refused.json()) as { details: { existingId: string }[] }
    expect(body.details[0].existingId).toBe(await idOf('io.github.github/github-mcp-server'))
    // The same repository may list it under a short name too (here refused only because the address is listed).
    const same = await submit('github-mcp-server', 'https://github.com/github/github-mcp-server')
    expect(((await same.json()) as { message: string }).message).not.toContain('own name')
  })
})

describe('a squat does not block the owner', () => {
  test('the owner submits, proves the repository, and takes the name; the squat is renamed and flagged', async () => {
    const squat = await submit('weather-lens', 'https://github.com/squatter/weather-thing')
    expect(squat.status).toBe(201)
    const squatId = ((await squat.json()) as { listing: { id: string } }).listing.id
    const owner = await submit('weather-lens', 'https://github.com/lens-org/weather-lens')
    expect(owner.status).toBe(201)
    const created = (
      (await owner.json()) as { listing: { id: string; name: string; wantedName: string; nameHeldBy: string } }
    ).listing
    expect(created.wantedName).toBe('weather-lens')
    expect(created.nameHeldBy).toBe(squatId)
    expect(created.name).not.toBe('weather-lens')
    // A third repository that the name does not belong to is refused as before.
    expect((await submit('weather-lens', 'https://github.com/other/thing')).status).toBe(409)
    lines.length = 0
    const claimed = await call('POST', `/internal/listings/${created.id}/claims`, {
      claimId: 'owner-claim',
      claimant: 'lens-org',
      method: 'readme',
    })
    expect(claimed.status).toBe(200)
    const [mine] = await database.db.select().from(listings).where(eq(listings.id, created.id))
    expect(mine.name).toBe('weather-lens')
    expect(mine.isOfficial).toBe(true)
    expect(mine.wantedName).toBeNull()
    const [lost] = await database.db.select().from(listings).where(eq(listings.id, squatId))
    expect(lost.name).toMatch(/^weather-lens-renamed-[0-9a-f]{6}$/)
    expect(lost.status).toBe('flagged')
    expect(lost.moderationReason).toContain(created.id)
    const flagged = (await database.db.select().from(catalogOutbox)).filter(
      (e) => e.subject === 'listing.flagged' && (e.payload as { id: string }).id === squatId,
    )
    expect(flagged.length).toBe(1)
    expect(lines.some((l) => l.includes('a proven owner took its name'))).toBe(true)
  })

  test('a holder whose own repository the name belongs to keeps it; so does a claimed holder of a short name', async () => {
    expect((await submit('river-tool', 'https://github.com/first/river-tool')).status).toBe(201)
    expect((await submit('river-tool', 'https://github.com/second/river-tool')).status).toBe(409)
    const held = await submit('lake-tool', 'https://github.com/holder/some-server')
    const heldId = ((await held.json()) as { listing: { id: string } }).listing.id
    await call('POST', `/internal/listings/${heldId}/claims`, {
      claimId: 'lake-claim',
      claimant: 'holder',
      method: 'readme',
    })
    expect((await submit('lake-tool', 'https://github.com/lake/lake-tool')).status).toBe(409)
  })
})

describe('publisherVerified', () => {
  type Hit = { name: string; publisherVerified: boolean; publisherEvidence: string | null; isOfficial: boolean }
  const hits = async (q: string) =>
    ((await (await call('GET', `/api/v1/search?q=${encodeURIComponent(q)}`)).json()) as { servers: Hit[] }).servers

  test('true on an imported listing whose namespace its repository proves, false when it does not', async () => {
    const gh = (await hits('github mcp server')).find((h) => h.name === 'io.github.github/github-mcp-server')!
    expect(gh.publisherVerified).toBe(true)
    expect(gh.publisherEvidence).toBe('namespace io.github.github: repository github.com/github/github-mcp-server')
    expect(gh.isOfficial).toBe(false) // isOfficial keeps its meaning: claimed here
    const other = (await hits('not theirs')).find((h) => h.name === 'io.github.acme/not-theirs')!
    expect(other.publisherVerified).toBe(false)
    expect(other.publisherEvidence).toBeNull()
    const id = await idOf('com.example/site-server')
    const detail = (await (await call('GET', `/api/v1/servers/${id}`)).json()) as { server: Hit }
    expect(detail.server.publisherVerified).toBe(true)
    expect(detail.server.publisherEvidence).toBe('namespace com.example: website on docs.example.com')
    const md = await (
      await call('GET', `/api/v1/mcp/${await idOf('io.github.github/github-mcp-server')}/markdown`)
    ).text()
    expect(md).toContain('**Publisher:** verified')
    const mdOther = await (await call('GET', `/api/v1/mcp/${await idOf('io.github.acme/not-theirs')}/markdown`)).text()
    expect(mdOther).toContain('**Publisher:** not verified')
  })

  test("a claim on a tenant's site or a public suffix's site verifies no platform namespace", async () => {
    // Imported (a followed registry that checks nothing) and claimed here through the tenant's own pages: neither
    // proves vercel.app or co.uk.
    await catalog.importDocument([
      { name: 'app.vercel/imported-mcp', description: 'x', version: '1.0.0', websiteUrl: 'https://eve.vercel.app/' },
      { name: 'uk.co/imported-mcp', description: 'x', version: '1.0.0', websiteUrl: 'https://eve.co.uk/' },
    ])
    for (const name of ['app.vercel/imported-mcp', 'uk.co/imported-mcp']) {
      const id = await idOf(name)
      expect(id).toBeDefined()
      await call('POST', `/internal/listings/${id}/claims`, {
        claimId: `c-${id}`,
        claimant: 'eve',
        method: 'website_badge',
      })
      const detail = (await (await call('GET', `/api/v1/servers/${id}`)).json()) as { server: Hit }
      expect(detail.server.isOfficial).toBe(true)
      expect([detail.server.publisherVerified, detail.server.publisherEvidence]).toEqual([false, null])
    }
  })

  test('a submitted listing counts only once claimed', async () => {
    const id = await idOf('io.github.octo/tool')
    const before = (await (await call('GET', `/internal/listings/${id}`)).json()) as Record<string, unknown>
    expect(before).toBeDefined()
    await call('POST', `/internal/listings/${id}/claims`, { claimId: 'octo-claim', claimant: 'octo', method: 'readme' })
    const detail = (await (await call('GET', `/api/v1/servers/${id}`)).json()) as { server: Hit }
    expect(detail.server.publisherVerified).toBe(true)
  })
})
