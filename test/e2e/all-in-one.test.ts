// End-to-end through the gateway of the all-in-one process (`bun run start`): embedded PGlite, in-process store and bus.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { loadSharedData } from '@mcp-directory/shared/testing'
import { apiRules } from './api-rules'
import { importThroughApi, startAllInOne } from './processes'

const OPERATOR_TOKEN = 'e2e-operator-token-all-in-one'
let dir: Awaited<ReturnType<typeof startAllInOne>>

beforeAll(async () => {
  dir = await startAllInOne({ OPERATOR_TOKEN, VIEW_FLUSH_MS: '200', RATE_LIMIT_PER_MINUTE: '100000' })
})
afterAll(async () => {
  await dir?.stop()
})

describe('all-in-one: first start', () => {
  test('loads the demo catalog so a fresh directory can be searched', async () => {
    const body = (await (await fetch(`${dir.base}/api/v1/search?q=github`)).json()) as { total: number; servers: { name: string }[] }
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

apiRules('all-in-one', { base: () => dir.base, publicBase: () => `http://localhost:${dir.port}`, viewFlushMs: 200, operatorToken: OPERATOR_TOKEN })
