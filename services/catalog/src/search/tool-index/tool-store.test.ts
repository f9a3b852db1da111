// The tool store without a database: a listing's tools replaced together, tombstones dropped by compaction with the
// survivors still found by their words, and only observed lists held.
import { describe, expect, test } from 'bun:test'
import type { ToolInfo } from '@mcp-directory/shared/contracts'
import { jsonJoin, readJson } from '@mcp-directory/shared/service'
import type { ToolSourceRow } from './documents'
import { matchedToolNames, searchTools, type ToolFilters, toolPlanOf } from './tool-search'
import { ToolStore } from './tool-store'

const row = (id: string, tools: ToolInfo[], toolsSource: string | null = 'sse'): ToolSourceRow => ({
  id,
  name: `io.example/${id}`,
  title: null,
  category: 'Other',
  verified: false,
  isOfficial: false,
  stars: 0,
  hasPackage: false,
  tools,
  toolsSource,
  summary: { remotes: [{ type: 'sse', url: 'https://x.example/sse' }], risk: null, tools_checked_at: null },
})
const ANY: ToolFilters = {
  skill: null,
  readOnly: null,
  destructive: null,
  transport: 0,
  category: null,
  verified: false,
}
const found = (store: ToolStore, q: string) =>
  searchTools(store, toolPlanOf(q), ANY, 50, null).hits.map((d) => `${store.factsOf(d).id}/${store.names[d]}`)

describe('tool store', () => {
  test('a changed list replaces the old one, and compaction keeps the rest findable', () => {
    const store = new ToolStore()
    store.setServer(row('a', [{ name: 'getWeather', description: 'Current weather for a city' }]))
    store.setServer(row('b', [{ name: 'send_email', description: 'Sends an email message' }]))
    store.setServer(row('c', [{ name: 'weather_alerts', description: 'Storm warnings' }]))
    expect(found(store, 'weather').sort()).toEqual(['a/getWeather', 'c/weather_alerts'])
    store.setServer(row('a', [{ name: 'get_time', description: 'Current time in a city' }]))
    store.removeServer('b')
    expect(found(store, 'weather')).toEqual(['c/weather_alerts'])
    store.compact()
    expect(store.count).toBe(2)
    expect(found(store, 'city time')).toEqual(['a/get_time'])
    expect(found(store, 'email')).toEqual([])
    expect(matchedToolNames(store, 'c', toolPlanOf('storm'))).toEqual(['weather_alerts'])
    // Its server's name is not its own text.
    expect(matchedToolNames(store, 'c', toolPlanOf('example'))).toEqual([])
  })

  test('skills beside the tools are held as kind skill, found by their words and by the kind filter', () => {
    const store = new ToolStore()
    store.setServer({
      ...row('s', [{ name: 'run_query', description: 'Runs a SQL query' }]),
      skills: [
        { name: 'sql-review', description: 'Reviews SQL migrations', files: [{ path: 'SKILL.md', sha256: 'ab' }] },
      ],
    })
    const skills = searchTools(store, toolPlanOf('sql'), { ...ANY, skill: true }, 10, null)
    expect(skills.hits.map((d) => store.names[d])).toEqual(['sql-review'])
    expect(readJson(jsonJoin(store.hitOf(skills.hits[0]!)))).toMatchObject({ kind: 'skill', arguments: '', risk: null })
    expect(searchTools(store, toolPlanOf(''), { ...ANY, skill: false }, 10, null).total).toBe(1)
  })

  test('a list nobody observed is not held; an unchanged one is not indexed again', () => {
    const store = new ToolStore()
    store.setServer(row('a', [{ name: 'x_tool' }], null))
    expect(store.live).toBe(0)
    store.setServer(row('b', [{ name: 'y_tool' }]))
    const before = store.count
    store.setServer(row('b', [{ name: 'y_tool' }]))
    expect(store.count).toBe(before)
  })
})
