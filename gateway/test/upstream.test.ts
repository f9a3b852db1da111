// The HTTP upstream against real loopback servers: a host name spread over every address it resolves to, and
// connections kept alive.
import { afterAll, describe, expect, test } from 'bun:test'
import { createServer } from 'node:http'
import { createMemoryStore } from '@mcp-directory/shared/kv'
import { createLogger } from '@mcp-directory/shared/log'
import { testConfig } from '@mcp-directory/shared/testing'
import { createGatewayApp } from '../src/app'
import { httpUpstream, replicaList, systemResolveAll } from '@mcp-directory/shared/upstream'

const log = createLogger('test', 'silent')
const servers: { stop(force?: boolean): void }[] = []
afterAll(() => {
  for (const s of servers) s.stop(true)
})

/** A replica on one loopback address (Linux routes all of 127.0.0.0/8 to lo), answering with its own name. */
function replica(hostname: string, port: number, label: string) {
  const s = Bun.serve({ hostname, port, fetch: (req) => Response.json({ label, path: new URL(req.url).pathname }) })
  servers.push(s)
  return s.port as number
}

const served = async (up: ReturnType<typeof httpUpstream>, n: number) => {
  const seen: string[] = []
  for (let i = 0; i < n; i++) {
    const res = await up.fetch(new Request('http://catalog.internal/api/v1/health'), 2000)
    seen.push(((await res.json()) as { label: string }).label)
  }
  return seen
}

describe('httpUpstream with a host name', () => {
  // One port on three loopback addresses: what a compose name resolving to three replicas looks like.
  const port = replica('127.0.0.1', 0, 'a')
  replica('127.0.0.2', port, 'b')
  replica('127.0.0.3', port, 'c')

  test('rotates over every address the name resolves to', async () => {
    const resolve = async (host: string) => (host === 'catalog' ? ['127.0.0.1', '127.0.0.2', '127.0.0.3'] : [])
    const up = httpUpstream('catalog', [`http://catalog:${port}`], log, { resolve })
    const seen = await served(up, 6)
    expect(new Set(seen)).toEqual(new Set(['a', 'b', 'c']))
    expect(seen.filter((l) => l === 'a').length).toBe(2)
  })

  test('looks the name up again after refreshMs, so a new replica gets traffic and a gone one none', async () => {
    let answer = ['127.0.0.1']
    const up = httpUpstream('catalog', [`http://catalog:${port}`], log, { resolve: async () => answer, refreshMs: 50 })
    expect(new Set(await served(up, 3))).toEqual(new Set(['a']))
    answer = ['127.0.0.2', '127.0.0.3']
    await Bun.sleep(80)
    await served(up, 1) // starts the background refresh
    await Bun.sleep(20)
    expect(new Set(await served(up, 4))).toEqual(new Set(['b', 'c']))
  })

  test('a failed look-up keeps the previous answer', async () => {
    let fail = false
    const up = httpUpstream('catalog', [`http://catalog:${port}`], log, {
      resolve: async () => {
        if (fail) throw new Error('SERVFAIL')
        return ['127.0.0.2']
      },
      refreshMs: 10,
    })
    expect(await served(up, 1)).toEqual(['b'])
    fail = true
    await Bun.sleep(20)
    expect(await served(up, 3)).toEqual(['b', 'b', 'b'])
  })

  test('a replica that refuses connections is skipped', async () => {
    const up = httpUpstream('catalog', [`http://catalog:${port}`], log, {
      resolve: async () => ['127.0.0.1', '127.0.0.9'],
    })
    expect(await served(up, 4)).toEqual(['a', 'a', 'a', 'a'])
  })

  test('the system resolver (node:dns) is the default: localhost reaches the replica on 127.0.0.1', async () => {
    expect(await systemResolveAll('localhost')).toContain('127.0.0.1')
    const list = await replicaList([`http://localhost:${port}`], log)()
    expect(list).toContain(`http://127.0.0.1:${port}`)
    const up = httpUpstream('catalog', [`http://localhost:${port}`], log)
    const seen = await served(up, 2)
    expect(seen.every((l) => l === 'a')).toBe(true)
  })
})

describe('httpUpstream with IP addresses', () => {
  test('URLs naming IPs are used as they are, never looked up', async () => {
    let lookups = 0
    const resolve = async () => {
      lookups++
      return ['127.0.0.3']
    }
    const list = await replicaList(['http://127.0.0.1:1', 'http://[::1]:2'], log, { resolve })()
    expect(list).toEqual(['http://127.0.0.1:1', 'http://[::1]:2'])
    expect(lookups).toBe(0)
  })

  test('a path prefix and IPv6 answers are kept in the expanded URLs', async () => {
    const list = await replicaList(['http://svc:8080/base/'], log, { resolve: async () => ['::1', '10.0.0.2'] })()
    expect(list).toEqual(['http://10.0.0.2:8080/base', 'http://[::1]:8080/base'])
  })
})

describe('keep-alive to upstreams', () => {
  test('requests reuse one pooled connection, whatever Connection header the client sent the gateway', async () => {
    let connections = 0
    const server = createServer((_req, res) => res.end('ok'))
    server.on('connection', () => connections++)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
    const port = (server.address() as { port: number }).port
    const up = httpUpstream('catalog', [`http://127.0.0.1:${port}`], log)
    const gateway = createGatewayApp({
      config: testConfig({ RATE_LIMIT_PER_MINUTE: '1000' }),
      log,
      kv: createMemoryStore(),
      operatorToken: 'operator-secret-token-123',
      upstreams: { catalog: up },
    })
    for (let i = 0; i < 30; i++) {
      const res = await gateway.fetch(
        new Request('http://localhost/api/v1/search?q=x', { headers: { connection: 'close' } }),
      )
      expect(await res.text()).toBe('ok')
    }
    expect(connections).toBe(1)
    await gateway.close()
    server.close()
  })
})
