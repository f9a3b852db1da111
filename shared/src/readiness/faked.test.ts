// Readiness cannot be faked: a tool list the official SDK rejects whole (a repeated name, a schema without type
// "object") is not judged from its de-duplicated remains, a title of a zero-width space is no title, and a name no
// host accepts fails.
import { describe, expect, test } from 'bun:test'
import { readinessOf } from '@mcp-directory/shared/readiness'
import { toolsOfRaw } from '@mcp-directory/shared/toolscan'

const seen = { toolsSource: 'streamable-http', toolsCheckedAt: '2026-12-07T21:00:00.000Z', remotes: [] }
const ann = { readOnlyHint: true }

describe('readiness that cannot be faked', () => {
  test('a list that repeats a name (rejected whole by SDK clients) is not ready', () => {
    const raw = [
      { name: 'search', title: 'Search', annotations: ann, inputSchema: { type: 'object' } },
      { name: 'search', title: 'Search', annotations: ann, inputSchema: { type: 'object' } },
    ]
    const { tools, defect } = toolsOfRaw(raw)
    expect(defect?.code).toBe('duplicate_name')
    expect(readinessOf({ ...seen, tools, toolsDefect: defect }).ready).toBe(false)
  })
  test('a title of a zero-width space is no title', () => {
    const tools = [{ name: 'search', title: '\u200b', annotations: ann }]
    expect(readinessOf({ ...seen, tools }).ready).toBe(false)
  })
  test("a name with a space and an emoji (outside SEP-986's characters) is not ready", () => {
    const tools = [{ name: 'run cmd 😀', title: 'Run', annotations: ann }]
    expect(readinessOf({ ...seen, tools }).ready).toBe(false)
  })
})
