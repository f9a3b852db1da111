// Walking a search's pages through the REST API right after an import, while the prober writes what it found
// (health, verified, the repository's stars and archived mark: every one moves a listing's score) between every
// page: each listing of the walk's first moment comes exactly once, in that moment's order. A cursor older than
// the history the index keeps is a 400 `cursor_expired` Error object.
import { describe, expect, test } from 'bun:test'
import { probeBasisOf } from '@mcp-directory/shared/contracts/catalog-internal'
import { freshCatalog } from './fresh-catalog'

const OPERATOR = 'search-walk-test-operator-token'
// Kept at most 40 tombstones, so the test can outgrow the history; ten minutes, so no walk's expires by age here.
const made = freshCatalog(OPERATOR, { searchHistory: { keepMs: 600_000, keptAtLeast: 40, compactAfter: 1000 } })

const entry = (i: number, description = 'Weather forecasts and alerts for any city') => ({
  name: `io.github.walker/weather-${i}`,
  description,
  repository: { url: `https://github.com/walker/weather-${i}`, source: 'github' },
  remotes: [{ type: 'streamable-http', url: `https://weather-${i}.example.com/mcp` }],
})

const call = (method: string, path: string, body?: unknown) =>
  made.catalog.app.handle(
    new Request(`http://localhost${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  )

type Page = { total: number; servers: { id: string }[]; nextCursor: string | null }
const search = async (query: string) => {
  const res = await call('GET', `/api/v1/search?${query}`)
  return { status: res.status, body: (await res.json()) as Page & Record<string, unknown> }
}

/** What a probe of listing `id` found: its health, verified mark, and its repository's stars and archived mark. */
async function probe(id: string, seen: { up: boolean; stars: number; archived: boolean }) {
  const read = (await (await call('GET', `/internal/listings/${id}`)).json()) as { listing: unknown }
  const res = await call('PUT', `/internal/listings/${id}/facts`, {
    checkedAt: new Date().toISOString(),
    basis: probeBasisOf(read.listing as Parameters<typeof probeBasisOf>[0]),
    remote: { health: seen.up ? 'active' : 'down', verified: seen.up },
    github: { stars: seen.stars, archived: seen.archived, pushedAt: null, homepage: null },
  })
  expect(res.status).toBe(200)
}

describe('a walk of search pages while the prober writes facts', () => {
  test('each listing of the first moment once, in its order, whatever the facts written between pages', async () => {
    await made.catalog.importDocument(Array.from({ length: 12 }, (_, i) => entry(i)))
    const all = (await search('q=weather&limit=100')).body.servers.map((s) => s.id)
    expect(all).toHaveLength(12)
    const walked: string[] = []
    let cursor: string | null = null
    let round = 0
    do {
      const page = await search(`q=weather&limit=3${cursor ? `&cursor=${cursor}` : ''}`)
      expect(page.status).toBe(200)
      expect(page.body.total).toBe(12)
      walked.push(...page.body.servers.map((s) => s.id))
      cursor = page.body.nextCursor
      // The listings of the next pages, and one already given, checked with facts that move them most.
      round++
      for (const id of [all[Math.min(11, round * 3)]!, all[11 - round]!, walked[0]!])
        await probe(id, { up: round % 2 === 0, stars: round * 500, archived: round % 2 === 1 })
    } while (cursor)
    expect(walked).toEqual(all)
    // The facts were written: a fresh search orders the listings otherwise.
    expect((await search('q=weather&limit=100')).body.servers.map((s) => s.id)).not.toEqual(all)
  })

  test('a cursor whose walk began before the history kept is a 400 cursor_expired Error object', async () => {
    const first = await search('q=weather&limit=3')
    expect(first.body.nextCursor).toBeString()
    // More re-written listings than the index keeps of its history (each round read by a search, so each rewrite is
    // a version of its own): the versions the walk read are gone.
    for (let round = 0; round < 5; round++) {
      await made.catalog.importDocument(
        Array.from({ length: 12 }, (_, i) => entry(i, `Weather round ${round} forecasts`)),
      )
      expect((await search('q=weather&limit=1')).status).toBe(200)
    }
    const late = await search(`q=weather&limit=3&cursor=${first.body.nextCursor}`)
    expect(late.status).toBe(400)
    expect(late.body).toMatchObject({
      error: 'cursor_expired',
      status: 400,
      message: expect.stringContaining('start again from the first page'),
      details: [{ parameter: 'cursor' }],
      docs: expect.stringContaining('/docs/errors#cursor_expired'),
    })
    // A new walk starts from the first page.
    const again = await search('q=weather&limit=3')
    expect((await search(`q=weather&limit=3&cursor=${again.body.nextCursor}`)).status).toBe(200)
  })
})
