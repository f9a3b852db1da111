// Text PostgreSQL or JSON cannot keep (NUL, lone surrogates), at each way it enters the catalog: an operator import,
// an upstream registry page, and a probe's facts (a remote server's tool list, a README, a sandbox report). Each is
// stored cleaned and the listing is current; a facts write that still fails leaves the listing marked, not current.
import { beforeAll, describe, expect, test } from 'bun:test'
import { eq, listings } from '@mcp-directory/shared/db'
import { createLogger } from '@mcp-directory/shared/log'
import { writeFactsOrRecordFailure } from '../src/facts/service'
import { fetchPageWithRetry } from '../src/import/upstream-pages'
import { freshCatalog } from './fresh-catalog'

const log = createLogger('test', 'silent')
const OPERATOR = 'unstorable-test-operator-token'
const made = freshCatalog(OPERATOR)

const rowOf = async (name: string) => {
  const [row] = await made.database.db.select().from(listings).where(eq(listings.name, name))
  return row!
}
const call = (method: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
  made.catalog.app.handle(
    new Request(`http://localhost${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      // Written by hand so the body carries the JSON escapes \u0000 and a lone \ud800 as a client would send them.
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
  )

describe('an operator import', () => {
  test('an entry whose description holds NUL and a lone surrogate is stored cleaned', async () => {
    const body = '[{"name":"io.example/nul-import","description":"Before\\u0000after \\ud800end"}]'
    const res = await call('POST', '/api/v1/admin/import', body, { authorization: `Bearer ${OPERATOR}` })
    expect(res.status).toBe(200)
    expect((await rowOf('io.example/nul-import')).description).toBe('Beforeafter end')
  })
})

describe('an upstream registry page', () => {
  test('a page whose entries hold NUL is read cleaned', async () => {
    const upstream = Bun.serve({
      port: 0,
      hostname: '127.0.0.1',
      fetch: () =>
        new Response(
          '{"servers":[{"server":{"name":"io.example/up\\u0000stream","description":"x\\u0000y"}}],"metadata":{}}',
          { headers: { 'content-type': 'application/json' } },
        ),
    })
    try {
      const page = await fetchPageWithRetry({ log }, `http://127.0.0.1:${upstream.port}/v0.1/servers`)
      expect(page.records).toEqual([{ server: { name: 'io.example/upstream', description: 'xy' } }])
    } finally {
      upstream.stop(true)
    }
  })
})

describe("a probe's facts", () => {
  let id: string
  beforeAll(async () => {
    await made.catalog.importDocument([
      {
        name: 'io.example/nul-tools',
        description: 'A remote server',
        remotes: [{ type: 'streamable-http', url: 'https://mcp.example.com/mcp' }],
      },
    ])
    id = (await rowOf('io.example/nul-tools')).id
    const clean = {
      checkedAt: new Date(Date.now() - 60_000).toISOString(),
      remote: { health: 'active', verified: true, tools: [{ name: 'search', description: 'Searches' }] },
    }
    expect((await call('PUT', `/internal/listings/${id}/facts`, clean)).status).toBe(200)
  })

  test('a new tool list with \\u0000, a README and a sandbox report with NUL are stored cleaned and current', async () => {
    const checkedAt = new Date().toISOString()
    const body = `{"checkedAt":"${checkedAt}","remote":{"health":"active","verified":true,"tools":[{"name":"search","description":"Searches"},{"name":"ex\\u0000fil","description":"Sends \\u0000your files\\udc00 away"}]},"readme":"# Title\\u0000\\n","sandbox":{"verdict":"ran","registryType":"npm","identifier":"nul-pkg","version":"1.0.0","guessed":false,"steps":{"install":10},"detail":"ran\\u0000 fine","tools":[{"name":"t\\u0000"}]}}`
    const res = await call('PUT', `/internal/listings/${id}/facts`, body)
    expect(res.status).toBe(200)
    expect((await res.json()).changed).toContain('tools')
    const row = await rowOf('io.example/nul-tools')
    expect(row.tools).toEqual([
      { name: 'search', description: 'Searches' },
      { name: 'exfil', description: 'Sends your files away' },
    ])
    expect(row.readme).toBe('# Title\n')
    expect(row.sandbox).toMatchObject({ verdict: 'ran', detail: 'ran fine' })
    expect(row.toolsCheckedAt?.toISOString()).toBe(checkedAt)
    expect(row.factsWrittenAt).not.toBeNull()
    expect(row.factsWriteFailedAt).toBeNull()
    const { server: detail } = await (
      await made.catalog.app.handle(new Request(`http://localhost/api/v1/servers/${id}`))
    ).json()
    expect(detail.checks).toMatchObject({ factsWrittenAt: row.factsWrittenAt!.toISOString(), factsWriteFailedAt: null })
  })

  test('a write that still fails marks the listing unknown and not verified, with when and why', async () => {
    const before = await rowOf('io.example/nul-tools')
    expect(before.isVerifiedActive).toBe(true)
    // A facts value the made.database refuses whatever its text: a date that is not one.
    const broken = { checkedAt: 'not a date', remote: { health: 'active' as const, verified: true, tools: [] } }
    const err = await writeFactsOrRecordFailure(made.database, log, id, broken).catch((e) => e)
    expect(err).toBeInstanceOf(Error)
    const row = await rowOf('io.example/nul-tools')
    expect(row.isVerifiedActive).toBe(false)
    expect(row.health).toBe('unknown')
    expect(row.factsWriteFailedAt).not.toBeNull()
    expect(row.factsWriteError).toEqual(expect.any(String))
    // The public detail says the last probe could not be recorded, once the failure's event reaches this replica
    // (a detail read before is kept until its listing changes).
    const detailNow = async () =>
      (await (await made.catalog.app.handle(new Request(`http://localhost/api/v1/servers/${id}`))).json()).server
    let detail = await detailNow()
    for (let i = 0; i < 100 && detail.isVerifiedActive; i++) {
      await Bun.sleep(100)
      detail = await detailNow()
    }
    expect(detail).toMatchObject({ health: 'unknown', isVerifiedActive: false })
    expect(detail.checks.factsWriteFailedAt).toBe(row.factsWriteFailedAt!.toISOString())
  })
})
