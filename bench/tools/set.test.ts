// The tool-retrieval bench's data (bench/tools): enough captured servers split into two disjoint parts by hash,
// judged dev queries that name only captured dev tools, and the pieces the runner scores and attaches with.
import { describe, expect, test } from 'bun:test'
import { gradedNdcgAt } from '../metrics'
import {
  type CatalogEntry,
  inPart,
  listingsOfPackages,
  loadCaptured,
  loadToolQueries,
  serverGrades,
  toolKey,
} from './data'
import { partOf } from './split'

describe('captured servers', async () => {
  const captured = await loadCaptured()
  test('at least 100 servers, each with its version and tools as listed', () => {
    expect(captured.length).toBeGreaterThanOrEqual(100)
    for (const s of captured) {
      expect(s.version).toMatch(/^\d+\.\d+\.\d+/)
      expect(s.tools.length).toBeGreaterThan(0)
      for (const t of s.tools) expect(typeof t.name).toBe('string')
    }
  })

  test('fall into two disjoint parts of some size, by the package name alone', () => {
    const dev = inPart(captured, 'dev').map((s) => s.package)
    const holdout = inPart(captured, 'holdout').map((s) => s.package)
    expect(dev.length + holdout.length).toBe(captured.length)
    expect(dev.filter((p) => holdout.includes(p))).toEqual([])
    expect(Math.min(dev.length, holdout.length)).toBeGreaterThanOrEqual(30)
    expect(partOf('@modelcontextprotocol/server-github')).toBe(partOf('@modelcontextprotocol/server-github'))
  })
})

// Dev's queries are the project's own; holdout's are checked the same way once someone has written them.
for (const part of ['dev', 'holdout'] as const)
  describe(`judged ${part} queries`, async () => {
    const captured = await loadCaptured()
    const queries = await loadToolQueries(part)
    const partTools = new Set(inPart(captured, part).flatMap((s) => s.tools.map((t) => toolKey(s.package, t.name))))
    test(`${part === 'dev' ? 'at least 80' : 'some'}, ids and queries unique, each with a tool that does it`, () => {
      if (part === 'dev') expect(queries?.length ?? 0).toBeGreaterThanOrEqual(80)
      for (const q of queries ?? []) {
        expect(q.query.trim()).toBe(q.query)
        expect(q.relevant.some((r) => r.grade === 2)).toBe(true)
        const keys = q.relevant.map((r) => toolKey(r.package, r.tool))
        expect(new Set(keys).size).toBe(keys.length)
      }
      const ids = (queries ?? []).map((q) => q.id)
      expect(new Set(ids).size).toBe(ids.length)
      const texts = (queries ?? []).map((q) => q.query.toLowerCase())
      expect(new Set(texts).size).toBe(texts.length)
    })

    test(`judge only tools of captured ${part} servers, never the other part's`, () => {
      const outside = (queries ?? []).flatMap((q) =>
        q.relevant.filter((r) => !partTools.has(toolKey(r.package, r.tool)) || ![1, 2].includes(r.grade)),
      )
      expect(outside).toEqual([])
    })
  })

describe('scoring and attaching', () => {
  test('graded nDCG@10: best order 1, worse orders less, nothing found 0', () => {
    const grades = new Map([
      ['a', 2],
      ['b', 1],
    ])
    expect(gradedNdcgAt(10, ['a', 'b'], grades)).toBeCloseTo(1)
    expect(gradedNdcgAt(10, ['b', 'a'], grades)).toBeLessThan(1)
    expect(gradedNdcgAt(10, ['x', 'a'], grades)).toBeLessThan(gradedNdcgAt(10, ['a', 'x'], grades))
    expect(gradedNdcgAt(10, ['x'], grades)).toBe(0)
  })

  test('a captured package attaches to the listings that declare it or are named after it, else gets its own', () => {
    const catalog: CatalogEntry[] = [
      { name: 'io.github.a/one', packages: [{ registryType: 'npm', identifier: 'pkg-a' }] },
      { name: 'pkg-b', packages: [] },
      { name: 'other', packages: [{ registryType: 'pypi', identifier: 'pkg-c' }] },
    ]
    const server = (p: string) => ({ package: p, version: '1.0.0', tools: [{ name: 't' }] })
    const { listings, added } = listingsOfPackages(catalog, [server('pkg-a'), server('pkg-b'), server('pkg-c')])
    expect(listings.get('pkg-a')).toEqual(['io.github.a/one'])
    expect(listings.get('pkg-b')).toEqual(['pkg-b'])
    expect(listings.get('pkg-c')).toEqual(['pkg-c'])
    expect(added.map((e) => e.name)).toEqual(['pkg-c'])
    const q = {
      id: 'x',
      query: 'q',
      relevant: [
        { package: 'pkg-a', tool: 't', grade: 1 as const },
        { package: 'pkg-a', tool: 'u', grade: 2 as const },
      ],
    }
    expect(serverGrades(q, listings)).toEqual(new Map([['io.github.a/one', 2]]))
  })
})
