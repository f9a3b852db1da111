// End-to-end through the gateway of the all-in-one process (`bun run start`): embedded PGlite, in-process store and bus.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { publicApiClient } from '@mcp-directory/shared/public-api'
import { loadSharedData } from '@mcp-directory/shared/testing'
import { getWithHost, MALFORMED_HOSTS } from '../../gateway/test/raw-http'
import { apiRules } from './api-rules'
import { importThroughApi, startAllInOne } from './processes'

const OPERATOR_TOKEN = 'e2e-operator-token-all-in-one'
const SERVER_SECRET = 'e2e-all-in-one-server-secret-0123456789abcdef'
let dir: Awaited<ReturnType<typeof startAllInOne>>

beforeAll(async () => {
  dir = await startAllInOne({ OPERATOR_TOKEN, SERVER_SECRET, VIEW_FLUSH_MS: '200', RATE_LIMIT_PER_MINUTE: '100000' })
})
afterAll(async () => {
  await dir?.stop()
})

describe('all-in-one: first start', () => {
  test('loads the demo catalog so a fresh directory can be searched', async () => {
    const body = (await (await fetch(`${dir.base}/api/v1/search?q=github`)).json()) as {
      total: number
      servers: { name: string }[]
    }
    expect(body.total).toBeGreaterThan(0)
    expect(body.servers[0].name.toLowerCase()).toContain('github')
  })
  test('imports the real list through the operator API, idempotently', async () => {
    const servers = await loadSharedData<unknown[]>('servers.json')
    const first = await importThroughApi(dir.base, OPERATOR_TOKEN, servers)
    expect(first.total).toBe(5047)
    expect(first.created + first.updated + first.unchanged + first.skipped.length).toBe(5047)
    expect(first.created).toBeGreaterThan(5000)
    const second = await importThroughApi(dir.base, OPERATOR_TOKEN, servers)
    expect(second.created).toBe(0)
    expect(second.updated).toBe(0)
  }, 300_000)
})

apiRules('all-in-one', {
  base: () => dir.base,
  publicBase: () => `http://localhost:${dir.port}`,
  viewFlushMs: 200,
  operatorToken: OPERATOR_TOKEN,
})

describe('all-in-one: abuse costs the abuser', () => {
  // Speaks for a client of its own (signed with SERVER_SECRET, as the mcp and web services do), so what one test
  // spends does not reach another's client.
  const api = () => publicApiClient({ gatewayUrl: dir.base, secret: SERVER_SECRET })

  test('a malformed Host, or HTTP/1.0 without one, is a 400 Error object (raw requests)', async () => {
    for (const host of MALFORMED_HOSTS) {
      const res = await getWithHost(dir.base, '/api/v1/search?q=github', host)
      expect({ host, status: res.status }).toEqual({ host, status: 400 })
      expect(JSON.parse(res.body)).toMatchObject({
        error: 'bad_request',
        status: 400,
        docs: expect.stringContaining('/docs/errors#bad_request'),
      })
    }
    const old = await getWithHost(dir.base, '/api/v1/health', null, '1.0')
    expect(old.status).toBe(400)
    expect(JSON.parse(old.body)).toMatchObject({ error: 'bad_request', status: 400 })
    expect((await getWithHost(dir.base, '/api/v1/health', `localhost:${dir.port}`, '1.0')).status).toBe(200)
  })

  test('installs count once per client per listing per day, whatever identity headers a client sends', async () => {
    const search = (await (await fetch(`${dir.base}/api/v1/search?q=database&limit=50`)).json()) as {
      servers: { id: string }[]
    }
    const id = search.servers.at(-1)!.id
    const installs = async () => {
      await Bun.sleep(600) // past VIEW_FLUSH_MS: the batch is written
      return (
        (await (await fetch(`${dir.base}/api/v1/servers/${id}`)).json()) as {
          server: { popularity: { installs: number } }
        }
      ).server.popularity.installs
    }
    const before = await installs()
    const counted: boolean[] = []
    for (let i = 0; i < 100; i++) {
      // Headers a client might try to be someone else with: the gateway's own, X-Forwarded-For, a forged signature.
      const forged: Record<string, string> = [
        { 'x-directory-client-ip': `198.51.100.${i}` },
        { 'x-forwarded-for': `203.0.113.${i}` },
        { 'x-directory-on-behalf-of': `192.0.2.${i}`, 'x-directory-on-behalf-signature': 'forged' },
      ][i % 3]!
      const res = await fetch(`${dir.base}/api/v1/servers/${id}/installs`, { method: 'POST', headers: forged })
      expect(res.status).toBe(202)
      counted.push(((await res.json()) as { counted: boolean }).counted)
    }
    expect(counted.filter(Boolean).length).toBe(1)
    expect(await installs()).toBe(before + 1)
    const other = await api()(`/api/v1/servers/${id}/installs`, { method: 'POST', client: '198.51.100.200' })
    expect(other.status).toBe(202)
    expect(((await other.json()) as { counted: boolean }).counted).toBe(true)
    expect(await installs()).toBe(before + 2)
  }, 60_000)

  test('guessing the operator token: 10 failures, then 429 for that client (the right token too), logged without the token', async () => {
    const client = '198.51.100.201'
    const guess = (i: number) => `e2eGuess${i}Qm3Vt7Lx`
    const statuses: number[] = []
    for (let i = 0; i < 12; i++) {
      const res = await api()('/api/v1/admin/listings', { client, bearer: guess(i) })
      statuses.push(res.status)
      if (res.status === 429) expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
      await res.arrayBuffer()
    }
    expect(statuses).toEqual([...Array(10).fill(401), 429, 429])
    expect((await api()('/api/v1/admin/listings', { client, bearer: OPERATOR_TOKEN })).status).toBe(429)
    // Another client with the right token is not locked out.
    expect((await api()('/api/v1/admin/listings', { client: '198.51.100.202', bearer: OPERATOR_TOKEN })).status).toBe(
      200,
    )
    await Bun.sleep(200)
    const text = dir.output.join('')
    const lines = text.split('\n').filter((l) => l.includes('operator authentication failed') && l.includes(client))
    expect(lines.length).toBe(10)
    expect(JSON.parse(lines[0]!)).toMatchObject({ client, path: '/api/v1/admin/listings', reason: 'wrong' })
    for (let i = 0; i < 12; i++) expect(text).not.toContain(guess(i).slice(2, 10))
    expect(text).not.toContain(OPERATOR_TOKEN)
  })

  test('/docs loads no outside script and serves its own', async () => {
    const res = await fetch(`${dir.base}/docs`)
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'")
    const html = await res.text()
    expect(html).not.toMatch(/https?:\/\/|@latest/)
    const scripts = [...html.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]!)
    expect(scripts.length).toBeGreaterThan(0)
    for (const src of scripts) {
      const js = await fetch(`${dir.base}${src}`)
      expect(js.status).toBe(200)
      expect(js.headers.get('content-type')).toMatch(/^text\/javascript/)
    }
  })
})
