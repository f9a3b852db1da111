// The status lookup page ("is my server listed?") and a merged listing's page, over HTTP through the gateway.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { sql } from '@mcp-directory/shared/db'
import { createMemoryStore } from '@mcp-directory/shared/kv'
import { createLogger } from '@mcp-directory/shared/log'
import { testConfig } from '@mcp-directory/shared/testing'
import { createWebApp } from '../src'
import { statusBody } from '../src/pages/status/view'
import { OPERATOR, startDirectory, type TestDirectory } from './directory'
import { fixtureEntries, idOf } from './fixtures'

let dir: TestDirectory
let pgId: string
let weatherId: string
let slackId: string

const get = (path: string) => fetch(dir.base + path, { redirect: 'manual', headers: { accept: 'text/html' } })
const page = async (path: string) => {
  const res = await get(path)
  return { status: res.status, body: await res.text() }
}

beforeAll(async () => {
  dir = await startDirectory()
  await dir.importEntries(fixtureEntries().slice(0, 3))
  pgId = await idOf(dir.base, 'io.github.acme/postgres-explorer', 'postgres explorer')
  weatherId = await idOf(dir.base, 'io.github.acme/weather-now', 'weather')
  slackId = await idOf(dir.base, 'io.github.acme/slack-bridge', 'slack')
}, 60_000)

afterAll(async () => {
  await dir?.stop()
})

describe('status page', () => {
  test('without a question: the form alone, labelled, sending a GET to /status', async () => {
    const { status, body } = await page('/status')
    expect(status).toBe(200)
    expect(body).toContain('<form method="get" action="/status"')
    expect(body).toContain('<label for="url">')
    expect(body).toContain('<label for="name">')
    expect(body).not.toContain('aria-label="Answer"')
    // Every page's footer leads here.
    expect(await (await get('/submit')).text()).toContain('<a href="/status">Is my server listed?</a>')
  })

  test('a listed server, by address or by name: listed, with a link to its page', async () => {
    for (const q of ['url=https://github.com/acme/postgres-explorer', 'name=io.github.acme/postgres-explorer']) {
      const { status, body } = await page(`/status?${q}`)
      expect(status).toBe(200)
      expect(body).toContain('<h2>Listed</h2>')
      expect(body).toContain(`href="/servers/${pgId}"`)
    }
  })

  test('an unknown server: not known, with the two ways to list it (submit, or mcp-publisher with this registry)', async () => {
    const { status, body } = await page('/status?name=io.github.nobody/nothing-here')
    expect(status).toBe(200)
    expect(body).toContain('Not known here')
    expect(body).toContain('href="/submit"')
    expect(body).toContain('mcp-publisher')
    expect(body).toContain(`--registry ${dir.base}`)
    // The name asked stays in the form.
    expect(body).toContain('value="io.github.nobody/nothing-here"')
  })

  test('a pending submission: waiting for review, with no contact address shown', async () => {
    const email = 'owner-status@example.com'
    const res = await fetch(`${dir.base}/api/v1/submit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'status-pending-server',
        url: 'https://github.com/someone/status-pending-server',
        description: 'A server waiting for review',
        category: 'databases',
        email,
      }),
    })
    expect(res.status).toBe(200)
    const { body } = await page('/status?url=https://github.com/someone/status-pending-server')
    expect(body).toContain('Waiting for review')
    expect(body).not.toContain(email)
  })

  test('a rejected listing: not accepted, with the operator’s reason (escaped)', async () => {
    const res = await fetch(`${dir.base}/api/v1/admin/listings/${weatherId}/reject`, {
      method: 'POST',
      headers: { authorization: `Bearer ${OPERATOR}`, 'content-type': 'application/json' },
      body: JSON.stringify({ reason: 'No source <b>code</b> published' }),
    })
    expect(res.status).toBe(200)
    const { body } = await page('/status?name=io.github.acme/weather-now')
    expect(body).toContain('Not accepted')
    expect(body).toContain('No source &lt;b&gt;code&lt;/b&gt; published')
    expect(body).not.toContain(`href="/servers/${weatherId}"`)
  })

  test('an address the directory cannot read is unknown, saying so; an overlong one is only the form', async () => {
    const { status, body } = await page(`/status?url=${encodeURIComponent('not an address')}`)
    expect(status).toBe(200)
    expect(body).toContain('Not known here')
    expect(body).toContain('not an address this directory can read')
    const long = await page(`/status?url=https://github.com/${'a'.repeat(2100)}`)
    expect(long.status).toBe(200)
    expect(long.body).not.toContain('aria-label="Answer"')
  })

  test('conflicting: the other origin in words and the listing holding the name', () => {
    const body = statusBody(
      { url: '', name: 'io.github.acme/x' },
      {
        answer: {
          state: 'conflicting',
          origin: 'registry:https://registry.example',
          heldBy: 'acme-x',
          reason: 'same name, another origin',
        },
      },
      'https://dir.example',
    ).value
    expect(body).toContain('From the registry at registry.example')
    expect(body).toContain('href="/servers/acme-x"')
    expect(body).toContain('same name, another origin')
  })
})

describe('a merged listing', () => {
  test('its page is a permanent redirect to the survivor’s page; the status page says merged, with the link', async () => {
    // The state a merge by the owner leaves (services/catalog/src/owners): hidden, pointing at the survivor.
    await dir.database.rows(sql`update catalog.listings
      set status = 'rejected', merged_into = ${pgId}, moderation_reason = ${`merged into ${pgId}`}
      where id = ${slackId} returning id`)
    const res = await get(`/servers/${slackId}`)
    expect(res.status).toBe(308)
    expect(res.headers.get('location')).toBe(`/servers/${pgId}`)
    const { body } = await page('/status?name=io.github.acme/slack-bridge')
    expect(body).toContain('Merged into another listing')
    expect(body).toContain(`href="/servers/${pgId}"`)
    // An unknown listing stays a 404 page.
    expect((await get('/servers/no-such-listing')).status).toBe(404)
  })

  test('a client that followed the API’s 308 (fetch does, in the stack) gets the survivor’s detail: the page redirects too', async () => {
    // The web service alone, its API answering the merged id with the survivor, as a followed redirect leaves it.
    const web = createWebApp({
      config: testConfig({ PUBLIC_BASE_URL: 'https://dir.example' }),
      log: createLogger('test', 'silent'),
      secret: 'web-test-server-secret-0123456789abcdef',
      kv: createMemoryStore(),
      api: async (path) =>
        path === '/api/v1/servers/old-one'
          ? Response.json({ server: { id: 'survivor' } })
          : new Response(null, { status: 404 }),
    })
    const res = await web.app.handle(new Request('http://web.internal/servers/old-one'))
    expect(res.status).toBe(308)
    expect(res.headers.get('location')).toBe('/servers/survivor')
  })
})
