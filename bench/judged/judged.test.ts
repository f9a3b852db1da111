import { describe, expect, test } from 'bun:test'
import { loadSharedData } from '@mcp-directory/shared/testing'
import { normalizedQuery } from '../queries'
import { type Entry, type Judged, companyQueries } from './companies'
import { exactQueries } from './exact'

const read = async (file: string) => (await Bun.file(new URL(`./${file}`, import.meta.url)).json()) as Judged[]

describe('the judged sets in bench/judged', async () => {
  const servers = await loadSharedData<Entry[]>('servers.json')
  const shared = await loadSharedData<Judged[]>('queries.json')
  const [companies, exacts, tasks] = await Promise.all([read('companies.json'), read('exact.json'), read('tasks.json')])
  const names = new Set(servers.map((s) => s.name))
  const sets = { company: companies, exact: exacts, task: tasks }

  test('are well formed, every relevant name a listing of servers.json', () => {
    for (const [type, set] of Object.entries(sets)) {
      expect(set.length).toBeGreaterThan(0)
      for (const q of set) {
        expect(q.type).toBe(type)
        expect(typeof q.query).toBe('string')
        expect(q.query.trim()).toBe(q.query)
        expect(q.query.length).toBeGreaterThan(0)
        expect(typeof q.judged_all_candidates).toBe('boolean')
        expect(q.relevant.length).toBeGreaterThan(0)
        expect(new Set(q.relevant).size).toBe(q.relevant.length)
        expect(q.relevant.filter((n) => !names.has(n))).toEqual([])
      }
    }
    for (const q of exacts) expect(q.relevant).toEqual([q.query])
    // Task judgements follow queries.json's rule: 3 to 15 names.
    for (const q of tasks) {
      expect(q.relevant.length).toBeGreaterThanOrEqual(3)
      expect(q.relevant.length).toBeLessThanOrEqual(15)
      expect(q.note?.length ?? 0).toBeGreaterThan(0)
    }
  })

  test('have ids unique across all sets, queries.json included', () => {
    const ids = [...shared, ...companies, ...exacts, ...tasks].map((q) => q.id)
    expect(new Set(ids).size).toBe(ids.length)
  })

  test('never repeat a query of queries.json, nor one another', () => {
    const banned = new Set(shared.map((q) => normalizedQuery(q.query)))
    const ours = [...companies, ...exacts, ...tasks].map((q) => normalizedQuery(q.query))
    expect(ours.filter((q) => banned.has(q))).toEqual([])
    expect(new Set(ours).size).toBe(ours.length)
  })

  test('hold what their generators make from servers.json (never edited by hand)', () => {
    const judged = shared.map((q) => q.query)
    expect(companyQueries(servers, judged)).toEqual(companies)
    expect(exactQueries(servers, [...judged, ...companies.map((q) => q.query)])).toEqual(exacts)
    const sources = exacts.map((q) => servers.find((s) => s.name === q.query)!.source)
    expect(sources.filter((s) => s === 'official-registry').length).toBe(20)
    expect(sources.filter((s) => s === 'toolsdk-registry').length).toBe(20)
    // The company rules read the whole catalog once per company label: a few seconds on a busy machine.
  }, 60_000)
})
