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
/** A claim recorded as the claim-verifier records one: its method and the check that passed. */
const claim = (id: string, claimId: string, method: 'github' | 'website_badge', where: string) =>
  call('POST', `/internal/listings/${id}/claims`, {
    claimId,
    claimant: `agent:ag_${claimId}`,
    method,
    evidence: {
      checks: [{ method, where, lookedFor: 'the personalized badge', found: 'the personalized badge', ok: true }],
    },
  })

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

  test('a name whose part before the slash reads as a namespace it is not is refused; an npm scope counts as short', async () => {
    const owner = await idOf('io.github.github/github-mcp-server')
    // Each looks like GitHub's namespace but is none (a trailing dot, an empty label, an underscore): refused outright.
    for (const name of [
      'io.github.github./github-mcp-server',
      'io..github.github/github-mcp-server',
      'io.github.github_/GitHub-MCP-Server',
      'io.github.github./brand-new-tool',
    ]) {
      const refused = await submit(name, 'https://github.com/squatter/lookalike-namespace')
      expect(refused.status).toBe(400)
      expect(((await refused.json()) as { message: string }).message).toContain('reads as a namespace it is not')
    }
    // An npm scope is no namespace: it is short, and cannot take a verified publisher's own name.
    const scoped = await submit('@github/github-mcp-server', 'https://github.com/squatter/lookalike-namespace')
    expect(scoped.status).toBe(409)
    expect(((await scoped.json()) as { details: { existingId: string }[] }).details[0].existingId).toBe(owner)
  })

  test("a short name that differs from a verified publisher's own name only in its separators is refused (409 naming it)", async () => {
    const owner = await idOf('io.github.github/github-mcp-server')
    for (const name of [
      'GitHub MCP Server',
      'github_mcp_server',
      'github.mcp.server',
      'github--mcp--server',
      'github-mcp-server.',
    ]) {
      const refused = await submit(name, 'https://github.com/squatter/separator-twin')
      expect(refused.status).toBe(409)
      expect(((await refused.json()) as { details: { existingId: string }[] }).details[0].existingId).toBe(owner)
    }
  })

  test('an import or a followed upstream naming a separator twin of another origin’s listing waits for the operator; a false namespace is skipped', async () => {
    const summary = await catalog.importDocument(
      [
        {
          name: 'io.github.github/github_mcp_server',
          description: 'A twin through its separators',
          version: '1.0.0',
          repository: { url: 'https://github.com/mallory/github_mcp_server', source: 'github' },
        },
        {
          name: 'io.github.github./other-tool',
          description: 'A false namespace',
          version: '1.0.0',
          repository: { url: 'https://github.com/mallory/other-tool', source: 'github' },
        },
      ],
      undefined,
      { origin: 'registry:https://upstream.example' },
    )
    expect(summary.created).toBe(0)
    expect(summary.conflicts).toEqual([
      expect.objectContaining({ name: 'io.github.github/github_mcp_server', reason: 'skeleton' }),
    ])
    expect(summary.skipped).toEqual([
      expect.objectContaining({
        name: 'io.github.github./other-tool',
        reason: expect.stringContaining('reads as a namespace'),
      }),
    ])
  })
})

describe('separator twins of one origin', () => {
  test('two registry names that read alike only through separators, from different repositories, are both kept; from one repository, the second is skipped', async () => {
    const entry = (name: string, repo: string) => ({
      name,
      description: `The ${name} server`,
      version: '1.0.0',
      repository: { url: `https://github.com/${repo}`, source: 'github' },
    })
    // As the real catalog lists mssql-mcp-server and mssql_mcp_server: two servers of two authors.
    const summary = await catalog.importDocument([
      entry('twin-sql-server', 'one-author/twin-sql-server'),
      entry('twin_sql_server', 'another-author/twin_sql_server'),
      entry('twin.sql.server', 'one-author/twin-sql-server'),
    ])
    expect(summary.created).toBe(2)
    expect(summary.skipped).toEqual([
      expect.objectContaining({
        name: 'twin.sql.server',
        reason: 'looks the same as twin-sql-server earlier in this document',
      }),
    ])
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
    const claimed = await claim(created.id, 'owner-claim', 'github', 'README of lens-org/weather-lens')
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

  test("a badge on the submitter's own site proves no repository: the squat keeps the name", async () => {
    const squat = await submit('cloud-lens', 'https://github.com/squatter/cloud-thing')
    const squatId = ((await squat.json()) as { listing: { id: string } }).listing.id
    // A stranger submits the repository the name belongs to, with a site of their own, and proves that site.
    const stranger = await call('POST', '/internal/listings', {
      name: 'cloud-lens',
      url: 'https://github.com/lens-org/cloud-lens',
      websiteUrl: 'https://stranger.example/',
      description: 'Submitted cloud-lens',
      category: 'Developer Tools',
    })
    expect(stranger.status).toBe(201)
    const created = ((await stranger.json()) as { listing: { id: string; name: string } }).listing
    expect(created.name).not.toBe('cloud-lens')
    expect((await claim(created.id, 'site-claim', 'website_badge', 'https://stranger.example/')).status).toBe(200)
    const [mine] = await database.db.select().from(listings).where(eq(listings.id, created.id))
    expect(mine.isOfficial).toBe(true)
    expect(mine.name).not.toBe('cloud-lens')
    expect(mine.provenRepository).toBeNull()
    const [held] = await database.db.select().from(listings).where(eq(listings.id, squatId))
    expect(held.name).toBe('cloud-lens')
    expect(held.status).not.toBe('flagged')
    // A GitHub claim of another repository than the listing's proves nothing of it either.
    await claim(created.id, 'other-repo-claim', 'github', 'README of stranger/elsewhere')
    expect((await database.db.select().from(listings).where(eq(listings.id, squatId)))[0]!.name).toBe('cloud-lens')
  })

  test("a short name a registry or an import lists is not a squat: a stranger's repository of that name takes nothing", async () => {
    // Anyone can make a repository named like any short name; only a submission made here can be a squat of it.
    await catalog.importDocument([
      {
        name: 'rain-gauge',
        description: 'Listed by an import',
        repository: { url: 'https://github.com/bob/rain-mcp' },
      },
    ])
    const heldId = await idOf('rain-gauge')
    expect((await submit('rain-gauge', 'https://github.com/stranger/rain-gauge')).status).toBe(409)
    const [held] = await database.db.select().from(listings).where(eq(listings.id, heldId!))
    expect(held.name).toBe('rain-gauge')
    expect(held.status).toBe('active')
  })

  test('a holder whose own repository the name belongs to keeps it; so does a claimed holder of a short name', async () => {
    expect((await submit('river-tool', 'https://github.com/first/river-tool')).status).toBe(201)
    expect((await submit('river-tool', 'https://github.com/second/river-tool')).status).toBe(409)
    const held = await submit('lake-tool', 'https://github.com/holder/some-server')
    const heldId = ((await held.json()) as { listing: { id: string } }).listing.id
    await claim(heldId, 'lake-claim', 'github', 'README of holder/some-server')
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
    expect(md).toContain('**Publisher:** by GitHub · github.com/github (verified by its repository)')
    const mdOther = await (await call('GET', `/api/v1/mcp/${await idOf('io.github.acme/not-theirs')}/markdown`)).text()
    // The repository's account is a link the entry makes, not a proof: named, and said to be unverified.
    expect(mdOther).toContain('**Publisher:** by mallory · community (not verified)')
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

  const markOf = async (id: string) =>
    ((await (await call('GET', `/api/v1/servers/${id}`)).json()) as { server: Hit }).server
  const hitOf = async (q: string, id: string) =>
    (
      (await (await call('GET', `/api/v1/search?q=${encodeURIComponent(q)}`)).json()) as {
        servers: (Hit & { id: string })[]
      }
    ).servers.find((h) => h.id === id)

  test('a submitted listing counts once a GitHub claim proved its repository', async () => {
    // Pending until claimed: not public, so no mark shown.
    const id = (await idOf('io.github.octo/tool'))!
    await claim(id, 'octo-claim', 'github', 'README of octo/tool')
    const server = await markOf(id)
    expect(server.publisherVerified).toBe(true)
    expect(server.publisherEvidence).toBe(
      'namespace io.github.octo: repository github.com/octo/tool, proven by a GitHub claim',
    )
    // Search shows the mark its detail shows.
    expect((await hitOf('io.github.octo/tool', id))?.publisherVerified).toBe(true)
  })

  test("a badge on the submitter's own site verifies neither the repository's owner nor the site's domain", async () => {
    // Someone else's repository, a site of the submitter's own: the badge there proves the listing, not octo.
    const named = await call('POST', '/internal/listings', {
      name: 'io.github.octo/borrowed',
      url: 'https://github.com/octo/borrowed',
      websiteUrl: 'https://mallory.example/',
      description: 'Submitted borrowed',
      category: 'Developer Tools',
    })
    expect(named.status).toBe(201)
    const id = ((await named.json()) as { listing: { id: string } }).listing.id
    expect((await claim(id, 'borrowed-claim', 'website_badge', 'https://mallory.example/')).status).toBe(200)
    const server = await markOf(id)
    expect(server.isOfficial).toBe(true)
    expect(server.publisherVerified).toBe(false)
    expect((await hitOf('io.github.octo/borrowed', id))?.publisherVerified).toBe(false)
    // A page of a site many people publish on (a user's directory) proves nothing of the site's domain.
    const shared = await call('POST', '/internal/listings', {
      name: 'edu.uni/lab-tool',
      url: 'https://www.uni.edu/~mallory/mcp',
      websiteUrl: 'https://www.uni.edu/~mallory/',
      description: 'Submitted lab tool',
      category: 'Developer Tools',
    })
    expect(shared.status).toBe(201)
    const sharedId = ((await shared.json()) as { listing: { id: string } }).listing.id
    expect((await claim(sharedId, 'uni-claim', 'website_badge', 'https://www.uni.edu/~mallory/')).status).toBe(200)
    expect((await markOf(sharedId)).publisherVerified).toBe(false)
  })
})
