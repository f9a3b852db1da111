// A takedown through the whole directory (gateway, catalog, badge, submission, web and MCP in one process on the
// real PostgreSQL, Redis and NATS): one operator call takes a malicious listing off search, detail, Markdown, badges,
// pages, MCP and the registry read API (`deleted`), records why, writes its events, and keeps it from coming back
// through an import, a followed upstream, a submission or a publish of its name, a look-alike name or its repository.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { createMcpApp, type McpService } from '@mcp-directory/mcp'
import { catalogOutbox, eq, listingHistory, listings, sql, takedowns } from '@mcp-directory/shared/db'
import { publicApiClient } from '@mcp-directory/shared/public-api'
import { createLogger } from '@mcp-directory/shared/log'
import { freePort } from '@mcp-directory/shared/testing'
import { inProcessUpstream } from '@mcp-directory/shared/upstream'
import { OPERATOR, SECRET, startDirectory, type TestDirectory } from '../../services/web/test/directory'
import { idOf } from '../../services/web/test/fixtures'

const EVIL = 'io.github.mallory/evil-tool'
const EVIL_REPO = 'https://github.com/mallory/evil-tool'
const PUBLISHED = 'io.modelcontextprotocol.anonymous/evil-pub'
const REASON = 'Exfiltrates SSH keys in its postinstall script (private note: report 4711)'

const entry = (name: string, repo: string, version = '1.0.0') => ({
  name,
  description: 'A helpful tool for notes',
  version,
  repository: { url: repo, source: 'github' },
})

let dir: TestDirectory
let mcp: McpService
let mcpServer: ReturnType<typeof Bun.serve>
let client: Client
let evilId: string
let pubId: string
let keptId: string

const auth = { authorization: `Bearer ${OPERATOR}`, 'content-type': 'application/json' }
const get = (path: string) => fetch(`${dir.base}${path}`)
const takedown = (id: string, body: unknown, headers: Record<string, string> = auth) =>
  fetch(`${dir.base}/api/v1/admin/listings/${encodeURIComponent(id)}/takedown`, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
  })
const searchIds = async (q: string) =>
  (
    (await (await get(`/api/v1/search?q=${encodeURIComponent(q)}&limit=100`)).json()) as { servers: { id: string }[] }
  ).servers.map((s) => s.id)
/** Waits until `check` holds (events reach the badge's cache and the index through NATS). */
async function until(check: () => Promise<boolean>, ms = 15_000) {
  const end = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out')
    await Bun.sleep(100)
  }
}

const anonymousBefore = process.env.PUBLISH_AUTH_NONE

beforeAll(async () => {
  // Anonymous registry tokens (development only) publish under io.modelcontextprotocol.anonymous/.
  process.env.PUBLISH_AUTH_NONE = '1'
  dir = await startDirectory()
  dir.dns.setA('notes.publisher.example', ['93.184.215.14']) // a remote's name is resolved where it is published
  await dir.importEntries([
    entry(EVIL, EVIL_REPO),
    entry(PUBLISHED, 'https://github.com/mallory/evil-pub'),
    entry('io.github.good/kept-tool', 'https://github.com/good/kept-tool'),
  ])
  evilId = await idOf(dir.base, EVIL, 'evil-tool')
  pubId = await idOf(dir.base, PUBLISHED, 'evil-pub')
  keptId = await idOf(dir.base, 'io.github.good/kept-tool', 'kept-tool')
  // The MCP service, reading the catalog as in the stack; its tools ask the gateway's public API.
  const port = freePort()
  mcp = createMcpApp({
    config: dir.config,
    log: createLogger('test', 'silent'),
    publicApi: publicApiClient({ gatewayUrl: dir.base, secret: SECRET }),
    catalog: { upstream: inProcessUpstream('catalog', (r) => dir.catalog.app.handle(r)), secret: SECRET },
  })
  mcpServer = Bun.serve({ port, hostname: '127.0.0.1', fetch: (r) => mcp.app.handle(r) })
  client = new Client({ name: 'takedown-test', version: '1.0.0' })
  await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/api/mcp`)))
}, 120_000)

afterAll(async () => {
  await client?.close()
  mcpServer?.stop(true)
  await mcp?.close()
  await dir?.stop()
  if (anonymousBefore === undefined) delete process.env.PUBLISH_AUTH_NONE
  else process.env.PUBLISH_AUTH_NONE = anonymousBefore
})

/** The versions stored for a listing (none of a refused entry's is ever written). */
const servedVersions = (id: string) =>
  dir.database.rows(sql`select version, status from catalog.server_versions where listing_id = ${id} order by version`)
const mcpDetail = (id: string) => client.callTool({ name: 'get_mcp_server', arguments: { id } })

describe('an operator takes a listing down', () => {
  test('the operator token is required, and a reason', async () => {
    expect((await takedown(evilId, { reason: REASON }, { 'content-type': 'application/json' })).status).toBe(401)
    expect((await takedown(evilId, {})).status).toBe(400)
    expect((await takedown(evilId, { reason: '   ' })).status).toBe(400)
    expect((await takedown(evilId, { reason: 'x'.repeat(1001) })).status).toBe(400)
    expect((await takedown('no-such-listing', { reason: REASON })).status).toBe(404)
    expect((await get(`/api/v1/servers/${evilId}`)).status).toBe(200)
  })

  test('gone from search, detail, Markdown, badge, page, MCP and /v0.1 (deleted); recorded, with its events', async () => {
    // Seen everywhere first, so every cache holds it.
    expect(await searchIds('evil-tool')).toContain(evilId)
    expect((await get(`/api/badge/${evilId}`)).status).toBe(200)
    expect((await get(`/api/v1/mcp/${evilId}/markdown`)).status).toBe(200)
    expect((await get(`/servers/${evilId}`)).status).toBe(200)
    expect((await mcpDetail(evilId)).isError).toBeFalsy()
    const versions = `/v0.1/servers/${encodeURIComponent(EVIL)}/versions/1.0.0`
    expect(((await (await get(versions)).json()) as { _meta: Record<string, { status: string }> })._meta).toBeDefined()

    const res = await takedown(evilId, { reason: REASON })
    expect(res.status).toBe(200)
    const answer = (await res.json()) as Record<string, unknown>
    expect(answer).toMatchObject({ id: evilId, name: EVIL, reason: REASON, from: 'active', changed: true })
    expect(answer.versionsDeleted).toBe(1)

    expect(await searchIds('evil-tool')).not.toContain(evilId)
    expect(await searchIds('kept-tool')).toContain(keptId)
    expect((await get(`/api/v1/servers/${evilId}`)).status).toBe(404)
    expect((await get(`/api/v1/mcp/${evilId}/markdown`)).status).toBe(404)
    expect((await get(`/servers/${evilId}`)).status).toBe(404)
    expect((await mcpDetail(evilId)).isError).toBe(true)
    await until(async () => (await get(`/api/badge/${evilId}`)).status === 404)
    expect((await get(`/api/badge/${keptId}`)).status).toBe(200)

    // Registry clients see it deleted, and a page without include_deleted leaves it out.
    const served = (await (await get(`${versions}?include_deleted=true`)).json()) as {
      _meta: Record<string, { status: string }>
    }
    expect(Object.values(served._meta).some((m) => m.status === 'deleted')).toBe(true)
    const page = (await (await get('/v0.1/servers?search=evil-tool')).json()) as { servers: unknown[] }
    expect(page.servers).toHaveLength(0)
    const [stored] = await dir.database.rows(
      sql`select status, status_message from catalog.server_versions where listing_id = ${evilId}`,
    )
    expect(stored).toMatchObject({ status: 'deleted', status_message: 'taken down by the operator' })

    const [row] = await dir.database.db.select().from(listings).where(eq(listings.id, evilId))
    expect(row.status).toBe('rejected')
    // The public status lookup reads the moderation reason: it carries the public words, never the operator's.
    expect(row.moderationReason).toBe('Taken down by the operator')
    const [kept] = await dir.database.db.select().from(takedowns).where(eq(takedowns.listingId, evilId))
    expect(kept).toMatchObject({ name: EVIL, reason: REASON, actor: 'operator', repositoryKey: expect.any(String) })
    const history = await dir.database.db.select().from(listingHistory).where(eq(listingHistory.listingId, evilId))
    expect(history.map((h) => [h.kind, h.actor])).toContainEqual(['taken_down', 'operator'])
    const events = (await dir.database.db.select().from(catalogOutbox)).filter(
      (e) => (e.payload as { id?: string }).id === evilId,
    )
    expect(events.map((e) => e.subject)).toEqual(expect.arrayContaining(['listing.rejected', 'listing.taken_down']))
    expect(events.find((e) => e.subject === 'listing.taken_down')?.payload).toMatchObject({
      id: evilId,
      reason: REASON,
    })
    expect(events.find((e) => e.subject === 'listing.rejected')?.payload).toMatchObject({
      reason: 'taken down by the operator',
    })
  }, 60_000)

  test('idempotent: a second call answers the first takedown and writes nothing', async () => {
    // The listing's own events (a background job may write others meanwhile).
    const events = async () =>
      (await dir.database.db.select().from(catalogOutbox).where(sql`${catalogOutbox.payload}->>'id' = ${evilId}`))
        .length
    const before = await events()
    const res = await takedown(evilId, { reason: 'another reason' })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ id: evilId, reason: REASON, changed: false, versionsDeleted: 0 })
    expect(await events()).toBe(before)
  })

  test('an operator cannot approve it back by the moderation verbs', async () => {
    const res = await fetch(`${dir.base}/api/v1/admin/listings/${evilId}/approve`, {
      method: 'POST',
      headers: auth,
      body: '{}',
    })
    expect(res.status).toBe(409)
    expect((await get(`/api/v1/servers/${evilId}`)).status).toBe(404)
  })
})

describe('what was taken down does not come back', () => {
  test('a re-import of the same entry, a look-alike name or its repository is skipped with the reason', async () => {
    const summary = await dir.catalog.importDocument([
      entry(EVIL, EVIL_REPO, '1.0.1'),
      entry('io.github.mallory/Evil_Tool', 'https://github.com/mallory/another-repo'),
      entry('io.github.mallory/fresh-name', EVIL_REPO),
    ])
    expect(summary.created).toBe(0)
    expect(summary.updated).toBe(0)
    expect(summary.skipped.map((s) => s.reason)).toEqual([
      `taken down: ${REASON}`,
      `taken down: ${REASON}`,
      `taken down: ${REASON}`,
    ])
    const [row] = await dir.database.db.select().from(listings).where(eq(listings.id, evilId))
    expect(row.status).toBe('rejected')
    expect((await get(`/api/v1/servers/${evilId}`)).status).toBe(404)
    expect(await servedVersions(evilId)).toEqual([{ version: '1.0.0', status: 'deleted' }])
  })

  test("a followed upstream's entry (its own origin, trusting imports) is skipped too", async () => {
    const summary = await dir.catalog.importDocument([entry(EVIL, EVIL_REPO, '2.0.0')], undefined, {
      origin: 'registry:https://upstream.example',
      trusts: ['import'],
    })
    expect(summary.created + summary.updated).toBe(0)
    expect(summary.conflicts).toHaveLength(0)
    expect(summary.skipped[0]?.reason).toBe(`taken down: ${REASON}`)
    expect(await servedVersions(evilId)).toEqual([{ version: '1.0.0', status: 'deleted' }])
  })

  test('a submission of its repository or a look-alike name is refused, saying only that it was taken down', async () => {
    const category = ((await (await get('/api/v1/categories')).json()) as { categories: { label: string }[] })
      .categories[0]!.label
    const submit = (name: string, url: string) =>
      fetch(`${dir.base}/api/v1/submit`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name, url, description: 'A helpful tool for notes', category, email: 'm@mallory.test' }),
      })
    for (const [name, url, field] of [
      ['notes-helper', EVIL_REPO, 'url'],
      ['io.github.mallory/evil.tool', 'https://github.com/mallory/yet-another', 'name'],
    ] as const) {
      const res = await submit(name, url)
      expect(res.status).toBe(409)
      const text = await res.text()
      expect(text).toContain('taken down by the operator')
      expect(text).not.toContain('4711')
      expect(JSON.parse(text).details?.[0]).toMatchObject({ field })
    }
    // An unrelated submission still goes through.
    expect((await submit('unrelated-notes', 'https://github.com/good/unrelated-notes')).status).toBe(200)
  })

  test('a publish of its name or repository is refused', async () => {
    expect((await takedown(pubId, { reason: REASON })).status).toBe(200)
    const token = (
      (await (await fetch(`${dir.base}/v0.1/auth/none`, { method: 'POST' })).json()) as { registry_token: string }
    ).registry_token
    const publish = (name: string, repo?: string) =>
      fetch(`${dir.base}/v0.1/publish`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          $schema: 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json',
          name,
          description: 'A helpful tool for notes',
          version: '9.0.0',
          ...(repo ? { repository: { url: repo, source: 'github' } } : {}),
          remotes: [{ type: 'streamable-http', url: 'https://notes.publisher.example/mcp' }],
        }),
      })
    for (const res of [
      await publish(PUBLISHED),
      await publish('io.modelcontextprotocol.anonymous/evil_pub'),
      await publish('io.modelcontextprotocol.anonymous/renamed', EVIL_REPO),
    ]) {
      expect(res.status).toBe(403)
      const text = await res.text()
      expect(text).toContain('taken down by the operator')
      expect(text).not.toContain('4711')
    }
    expect((await publish('io.modelcontextprotocol.anonymous/honest-notes')).status).toBe(200)
    // Its own publisher's server, taken down: no new version, and its versions' status is not its to set again.
    const ownId = await idOf(dir.base, 'io.modelcontextprotocol.anonymous/honest-notes', 'honest-notes')
    expect((await takedown(ownId, { reason: REASON })).status).toBe(200)
    const name = encodeURIComponent('io.modelcontextprotocol.anonymous/honest-notes')
    const status = await fetch(`${dir.base}/v0.1/servers/${name}/versions/9.0.0/status`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'active' }),
    })
    expect(status.status).toBe(403)
    expect(await status.text()).toContain('taken down by the operator')
    expect(await servedVersions(ownId)).toEqual([{ version: '9.0.0', status: 'deleted' }])
  })
})
