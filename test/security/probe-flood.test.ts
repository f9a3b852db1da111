// Probes are never rate-limited (`/api/v1/health` through the gateway, `/readyz` on every process's port, the public
// one in all-in-one), yet each asks the database whether it answers. A flood of them must not queue a database
// round trip each in front of the real queries: probes that arrive while one is on its way share its answer.
import { describe, expect, test } from 'bun:test'
import type { Database } from '@mcp-directory/shared/db'
import { createMemoryStore } from '@mcp-directory/shared/kv'
import { createLogger } from '@mcp-directory/shared/log'
import { serve } from '@mcp-directory/shared/runtime'
import { testConfig } from '@mcp-directory/shared/testing'
import { inProcessUpstream } from '@mcp-directory/shared/upstream'
import { Elysia } from 'elysia'
import { createGatewayApp } from '../../gateway/src/app'
import { healthRoutes } from '../../services/catalog/src/health/routes'

const log = createLogger('test', 'silent')
const FLOOD = 100

/** A database whose ping takes a while, counting how many pings run at once. */
function slowPings() {
  const seen = { pings: 0, inFlight: 0, mostAtOnce: 0 }
  const ping = async () => {
    seen.pings++
    seen.inFlight++
    seen.mostAtOnce = Math.max(seen.mostAtOnce, seen.inFlight)
    await Bun.sleep(50)
    seen.inFlight--
  }
  return { seen, ping }
}

describe('a flood of probes', () => {
  test('GET /api/v1/health, never rate-limited, costs the database one ping at a time', async () => {
    const { seen, ping } = slowPings()
    const catalog = new Elysia().use(healthRoutes({ ping } as unknown as Database, log))
    const gateway = createGatewayApp({
      config: testConfig({ RATE_LIMIT_PER_MINUTE: '5' }),
      log,
      kv: createMemoryStore(),
      operatorToken: 'operator-secret-token-123',
      upstreams: { catalog: inProcessUpstream('catalog', (r) => catalog.handle(r)) },
    })
    try {
      const answers = await Promise.all(
        Array.from({ length: FLOOD }, () => gateway.fetch(new Request('http://localhost/api/v1/health'))),
      )
      // Every probe is answered (health has no limit)...
      expect(answers.map((r) => r.status)).toEqual(Array(FLOOD).fill(200))
      // ...and they shared the pings instead of each queueing its own.
      expect(seen.mostAtOnce).toBe(1)
      expect(seen.pings).toBeLessThan(5)
    } finally {
      await gateway.close()
    }
  })

  test('GET /readyz costs the database one ping at a time', async () => {
    const { seen, ping } = slowPings()
    const server = serve({
      port: 0,
      host: '127.0.0.1',
      log,
      name: 'probe-flood-test',
      ready: ping,
      close: async () => {},
      handler: { fetch: () => new Response('not a probe') },
    })
    try {
      const url = `http://127.0.0.1:${server.port}/readyz`
      const answers = await Promise.all(Array.from({ length: FLOOD }, () => fetch(url)))
      expect(answers.map((r) => r.status)).toEqual(Array(FLOOD).fill(200))
      expect(seen.mostAtOnce).toBe(1)
      expect(seen.pings).toBeLessThan(5)
    } finally {
      server.stop(true)
    }
  })
})
