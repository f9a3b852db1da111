// A walk of pages reads the catalog as it was at its first page (point in time): property-based over catalogs,
// queries, filters, orders and page sizes, with facts, trust marks, text, order facts and listings changing between
// every page. Each match of the first page's moment is given exactly once, in that moment's order; one removed
// meanwhile may be left out, nothing else is.
import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { BadCursor, CursorExpired, type Filters, type SearchDocument, SearchIndex, SORTS, type Sort } from './index'
import { testDocument } from './test-documents'

const WORDS = ['postgres', 'database', 'github', 'issues', 'slack', 'search', 'korean']
const DAY = 86_400_000
const NONE: Filters = { category: null, transport: null, verified: false }

/** What a listing's version may be: its text, repository (server), trust marks, lifecycle and order facts. */
const versionArb = fc.record({
  words: fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 }),
  repo: fc.option(fc.integer({ min: 0, max: 5 }), { nil: null }),
  verified: fc.boolean(),
  isOfficial: fc.boolean(),
  stars: fc.option(fc.integer({ min: 0, max: 3000 }), { nil: null }),
  retired: fc.boolean(),
  down: fc.boolean(),
  installs: fc.integer({ min: 0, max: 3 }),
  checkedDay: fc.option(fc.integer({ min: 0, max: 3 }), { nil: null }),
})
type Version = typeof versionArb extends fc.Arbitrary<infer V> ? V : never

const docOf = (id: string, v: Version, addedDay: number): SearchDocument =>
  testDocument(id, `io.github.o/${v.words.join('-')}`, v.words.join(' '), {
    repositoryUrl: v.repo === null ? null : `https://github.com/o/r${v.repo}`,
    repositoryKey: v.repo === null ? null : `github.com/o/r${v.repo}`,
    verified: v.verified,
    isOfficial: v.isOfficial,
    stars: v.stars,
    lifecycle: { retired: v.retired ? 'archived' : null, down: v.down, install: 'high' },
    order: {
      addedAt: 1_700_000_000_000 + addedDay * DAY,
      installs: v.installs,
      checkedAt: v.checkedDay === null ? 0 : 1_700_000_000_000 + v.checkedDay * DAY,
    },
  })

/** One change between pages: a listing re-checked (facts), rewritten (text), counted, removed, or a new one. */
const changeArb = fc.oneof(
  fc.record({ kind: fc.constant('facts' as const), at: fc.nat(), v: versionArb }),
  fc.record({ kind: fc.constant('text' as const), at: fc.nat(), v: versionArb }),
  fc.record({ kind: fc.constant('count' as const), at: fc.nat(), more: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ kind: fc.constant('remove' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('add' as const), v: versionArb }),
)
type Change = typeof changeArb extends fc.Arbitrary<infer C> ? C : never

/** A catalog and the changes applied to it, as the live index's events apply them. */
class Catalog {
  readonly docs = new Map<string, SearchDocument>()
  readonly removed = new Set<string>()
  private added = 0

  constructor(
    readonly index: SearchIndex,
    versions: Version[],
  ) {
    for (const [i, v] of versions.entries()) this.put(docOf(`l${String(i).padStart(3, '0')}`, v, i % 5))
  }

  private put(d: SearchDocument): void {
    this.docs.set(d.id, d)
    this.index.upsert(d)
  }

  apply(c: Change): void {
    if (c.kind === 'add') {
      this.put(docOf(`new${this.added++}`, c.v, 9))
      return
    }
    const ids = [...this.docs.keys()]
    if (!ids.length) return
    const d = this.docs.get(ids[c.at % ids.length]!)!
    if (c.kind === 'remove') {
      this.docs.delete(d.id)
      this.removed.add(d.id)
      this.index.remove(d.id)
    } else if (c.kind === 'count') {
      d.order = { ...d.order!, installs: d.order!.installs + c.more }
      this.index.setOrder(d.id, d.order)
    } else {
      const next = docOf(d.id, c.v, 0)
      // A re-check keeps the text; a rewrite keeps the trust marks.
      if (c.kind === 'facts') this.put({ ...next, name: d.name, description: d.description, order: d.order })
      else this.put({ ...d, name: next.name, description: next.description })
    }
  }
}

const filtersArb: fc.Arbitrary<Filters> = fc
  .record({ verified: fc.boolean(), claimed: fc.boolean() })
  .map(({ verified, claimed }) => ({ ...NONE, verified, ...(claimed ? { claimed } : {}) }))

/** Walks every page, applying `between()` after each; gives the ids in order (into `ids`) and the first total. */
function walk(
  index: SearchIndex,
  q: string | null,
  filters: Filters,
  limit: number,
  sort: Sort,
  between: () => void,
  ids: string[] = [],
) {
  let cursor: string | undefined
  let total = -1
  for (let page = 0; page < 500; page++) {
    const r = index.search(q, filters, limit, cursor, false, sort)
    if (page === 0) total = r.total
    else expect(r.total).toBe(total)
    ids.push(...r.hits.map((h) => h.id))
    if (!r.nextCursor) return { ids, total }
    between()
    cursor = r.nextCursor
  }
  throw new Error('the walk did not end')
}

/** `walked` is `all` (up to its last walked hit when `ended` early) without some of `mayMiss`, in order, each once. */
function expectSameWalk(walked: string[], all: string[], mayMiss: Set<string>, ended = false) {
  expect(new Set(walked).size).toBe(walked.length)
  if (ended) all = all.slice(0, walked.length ? all.indexOf(walked.at(-1)!) + 1 : 0)
  const expected = all.filter((id) => walked.includes(id) || !mayMiss.has(id))
  expect(walked).toEqual(expected)
}

describe('a walk of pages reads the catalog as it was at its first page', () => {
  test('facts, trust, text, counters and listings changing between every page: each match once, none lost', () => {
    fc.assert(
      fc.property(
        fc.array(versionArb, { maxLength: 40 }),
        fc.array(changeArb, { maxLength: 20 }),
        fc.array(fc.array(changeArb, { minLength: 1, maxLength: 4 }), { maxLength: 40 }),
        fc.option(fc.constantFrom(...WORDS, 'postgre', 'github slack'), { nil: null }),
        filtersArb,
        fc.constantFrom(...SORTS),
        fc.integer({ min: 1, max: 5 }),
        (versions, before, during, q, filters, sort, limit) => {
          const catalog = new Catalog(new SearchIndex(), versions)
          // Changes before the walk: tombstones that died before it began, which it must not read.
          for (const c of before) catalog.apply(c)
          const all = catalog.index.search(q, filters, 100_000, undefined, false, sort).hits.map((h) => h.id)
          let page = 0
          const { ids, total } = walk(catalog.index, q, filters, limit, sort, () => {
            for (const c of during[page++] ?? []) catalog.apply(c)
          })
          expect(total).toBe(all.length)
          expectSameWalk(ids, all, catalog.removed)
        },
      ),
      { numRuns: 400 },
    )
  })

  test('compactions under a small cap during walks: what a walk gives is right until its cursor is refused as expired', () => {
    let expired = 0
    fc.assert(
      fc.property(
        fc.array(versionArb, { maxLength: 30 }),
        fc.array(changeArb, { maxLength: 30 }),
        fc.array(fc.array(changeArb, { minLength: 1, maxLength: 4 }), { maxLength: 30 }),
        fc.option(fc.constantFrom(...WORDS), { nil: null }),
        fc.constantFrom(...SORTS),
        fc.integer({ min: 1, max: 4 }),
        (versions, before, during, q, sort, limit) => {
          // Tombstones kept at most: a quarter of the live listings (none older than a minute is ever dropped by age here);
          // a compaction may drop those of the changes before the walk and keep the walk going.
          const catalog = new Catalog(new SearchIndex({ keepMs: 60_000, keptAtLeast: 0, compactAfter: 0 }), versions)
          for (const c of before) catalog.apply(c)
          const made = (catalog.index as any).store.history.horizon
          const all = catalog.index.search(q, NONE, 100_000, undefined, false, sort).hits.map((h) => h.id)
          let page = 0
          let ended = false
          const ids: string[] = []
          const between = () => {
            for (const c of during[page++] ?? []) catalog.apply(c)
          }
          try {
            walk(catalog.index, q, NONE, limit, sort, between, ids)
          } catch (err) {
            if (!(err instanceof CursorExpired)) throw err
            expired++
            ended = true
            // Refused only when a compaction dropped versions that died after the walk began.
            expect((catalog.index as any).store.history.horizon).toBeGreaterThan(made)
          }
          expectSameWalk(ids, all, catalog.removed, ended)
        },
      ),
      { numRuns: 200 },
    )
    expect(expired).toBeGreaterThan(0)
  })

  test('a compaction during a walk keeps the versions the walk reads, and drops those older than the window', async () => {
    const index = new SearchIndex({ keepMs: 200, keptAtLeast: 1000, compactAfter: 5 })
    const catalog = new Catalog(
      index,
      Array.from({ length: 30 }, (_, i) => ({
        words: ['postgres', WORDS[i % WORDS.length]!],
        repo: null,
        verified: i % 2 === 0,
        isOfficial: false,
        stars: i * 10,
        retired: false,
        down: false,
        installs: 0,
        checkedDay: null,
      })),
    )
    const store = (index as any).store
    // Twelve re-checks, older than the window when the walk begins.
    for (let i = 0; i < 12; i++) catalog.apply({ kind: 'remove', at: i })
    await Bun.sleep(250)
    const all = index.search('postgres', NONE, 100).hits.map((h) => h.id)
    const first = index.search('postgres', NONE, 5)
    // Every listing re-checked with other trust marks: their tombstones are what the walk reads, the old ones go.
    for (let at = 0; at < 18; at++)
      catalog.apply({ kind: 'facts', at, v: { ...versionOfIndex(at), verified: at % 2 === 1, stars: 3000 - at } })
    expect(store.docs.length).toBeLessThan(30 + 18)
    expect(store.history.dead.length).toBe(18)
    const ids = first.hits.map((h) => h.id)
    let cursor = first.nextCursor
    while (cursor) {
      const r = index.search('postgres', NONE, 5, cursor)
      ids.push(...r.hits.map((h) => h.id))
      cursor = r.nextCursor
    }
    expect(ids).toEqual(all)
  })

  test('another replica pages a walk alike, changes made after it began left out; one never built is no source', async () => {
    const versions = Array.from({ length: 10 }, (_, i) => versionOfIndex(i))
    const a = new Catalog(new SearchIndex(), versions)
    a.index.built()
    await Bun.sleep(2)
    // A replica built later (a restart) from the same catalog, then changed after the walk began on the first.
    const first = a.index.search('postgres', NONE, 4)
    const all = a.index.search('postgres', NONE, 100).hits.map((h) => h.id)
    await Bun.sleep(2)
    const b = new Catalog(new SearchIndex(), versions)
    b.index.built()
    for (let at = 0; at < 10; at += 2) b.apply({ kind: 'facts', at, v: { ...versionOfIndex(at), stars: 5000 } })
    b.apply({ kind: 'add', v: versionOfIndex(3) })
    const ids = first.hits.map((h) => h.id)
    let cursor = first.nextCursor
    while (cursor) {
      const r = b.index.search('postgres', NONE, 4, cursor)
      ids.push(...r.hits.map((h) => h.id))
      cursor = r.nextCursor
    }
    expect(ids).toEqual(all)
    // An index that was not built from the source knows nothing of the catalog before its first change.
    const c = new Catalog(new SearchIndex(), versions)
    expect(() => c.index.search('postgres', NONE, 4, first.nextCursor!)).toThrow(CursorExpired)
  })

  test('a cursor older than the history kept is refused as expired; one of an earlier version is read live', () => {
    const index = new SearchIndex({ keepMs: 0, keptAtLeast: 0, compactAfter: 2 })
    const catalog = new Catalog(index, [])
    for (let i = 0; i < 8; i++) catalog.apply({ kind: 'add', v: versionOfIndex(i) })
    const first = index.search(null, NONE, 3)
    expect(index.search(null, NONE, 3, first.nextCursor!).hits).toHaveLength(3)
    // Re-checks after the first page: their tombstones, expired at once, are dropped by a compaction.
    for (let at = 0; at < 4; at++) catalog.apply({ kind: 'facts', at, v: versionOfIndex(at + 1) })
    expect(() => index.search(null, NONE, 3, first.nextCursor!)).toThrow(CursorExpired)
    // A cursor without a generation (made before them) pages the live listings, as it always did.
    const state = JSON.parse(Buffer.from(index.search(null, NONE, 3).nextCursor!, 'base64url').toString())
    const { g: _g, ...old } = state
    const live = index.search(null, NONE, 3, Buffer.from(JSON.stringify(old)).toString('base64url'))
    expect(live.hits).toHaveLength(3)
    // A generation no replica made yet (far ahead of the clock) is not read.
    const ahead = Buffer.from(JSON.stringify({ ...state, g: (Date.now() + 3_600_000) * 1024 })).toString('base64url')
    expect(() => index.search(null, NONE, 3, ahead)).toThrow(BadCursor)
  })
})

/** A plain version, for the examples. */
function versionOfIndex(i: number): Version {
  return {
    words: ['postgres', WORDS[i % WORDS.length]!],
    repo: null,
    verified: false,
    isOfficial: false,
    stars: i,
    retired: false,
    down: false,
    installs: 0,
    checkedDay: null,
  }
}
