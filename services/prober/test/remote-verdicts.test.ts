// Remote verdicts as the MCP transports define them, one stand-in server on loopback per row: a JSON or SSE
// handshake, a JSON-RPC error, an empty event stream and a 401 with protected-resource metadata are alive; HTML on
// 200, 404 and 410 are not MCP; 403, 405, 429 and 5xx say nothing either way.
import { afterAll, describe, expect, test } from 'bun:test'
import { createOutboundFetcher } from '@mcp-directory/shared/outbound'
import { healthAfter } from '../src/probe/health'
import { probeRemote, resourceMetadataOf } from '../src/probe/remote'
import { startMcpServers } from './fakes'

const mcp = await startMcpServers(() => [{ name: 'echo', description: 'Echoes its input', params: ['text'] }])

type Rpc = { id?: number | string; method?: string }
const sse = (messages: unknown[]) =>
  new Response(messages.map((m) => `event: message\ndata: ${JSON.stringify(m)}\n\n`).join(''), {
    headers: { 'content-type': 'text/event-stream' },
  })
const initResult = {
  protocolVersion: '2025-06-18',
  capabilities: { tools: {} },
  serverInfo: { name: 'stand-in', version: '1.0.0' },
}

// Bytes sent by the endless answers, to show the probe stopped reading.
let endlessSent = 0
const MIB = new Uint8Array(2 ** 20).fill(0x61)
/** An answer that streams 1 MiB chunks without end (until the reader goes away). */
function endless(head: string, type: string, signal: AbortSignal): Response {
  let first = true
  const body = new ReadableStream<Uint8Array>({
    pull(c) {
      if (signal.aborted) return c.close()
      if (first) {
        first = false
        return c.enqueue(new TextEncoder().encode(head))
      }
      endlessSent += MIB.byteLength
      // Bounded all the same, so a test that fails does not fill this process.
      if (endlessSent > 256 * 2 ** 20) return c.close()
      c.enqueue(MIB)
    },
  })
  return new Response(body, { headers: { 'content-type': type } })
}

const server = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  fetch: async (req) => {
    const url = new URL(req.url)
    const origin = url.origin
    const rpc = (req.method === 'POST' ? await req.json().catch(() => ({})) : {}) as Rpc
    switch (url.pathname) {
      case '/sse-handshake':
        // Streamable HTTP answering every request as an event stream (the spec allows JSON or SSE).
        if (rpc.method === 'initialize') return sse([{ jsonrpc: '2.0', id: rpc.id, result: initResult }])
        if (rpc.method === 'tools/list')
          return sse([
            {
              jsonrpc: '2.0',
              id: rpc.id,
              result: { tools: [{ name: 'search', description: 'Searches', inputSchema: { type: 'object' } }] },
            },
          ])
        // A request it does not know (server/discover, from a 2026 client) is a JSON-RPC error, as servers answer.
        if (rpc.id !== undefined)
          return sse([{ jsonrpc: '2.0', id: rpc.id, error: { code: -32601, message: 'Method not found' } }])
        return new Response(null, { status: 202 })
      case '/rpc-error':
        return Response.json({
          jsonrpc: '2.0',
          id: rpc.id ?? null,
          error: { code: -32600, message: 'Unsupported protocol version' },
        })
      case '/rpc-error-400':
        return Response.json(
          { jsonrpc: '2.0', id: null, error: { code: -32000, message: 'Bad Request: No valid session ID provided' } },
          { status: 400 },
        )
      case '/empty-sse':
        return new Response('', { headers: { 'content-type': 'text/event-stream' } })
      case '/oauth':
        return new Response('unauthorized', {
          status: 401,
          headers: {
            'www-authenticate': `Bearer error="invalid_token", resource_metadata="${origin}/.well-known/oauth-protected-resource/oauth"`,
          },
        })
      case '/.well-known/oauth-protected-resource/oauth':
        return Response.json({
          resource: `${origin}/oauth`,
          authorization_servers: [`${origin}/issuer`],
          bearer_methods_supported: ['header'],
        })
      case '/.well-known/oauth-authorization-server/issuer':
        return Response.json({
          issuer: `${origin}/issuer`,
          authorization_endpoint: `${origin}/issuer/authorize`,
          token_endpoint: `${origin}/issuer/token`,
        })
      case '/bare-401':
        return new Response('{"error":"missing api key"}', {
          status: 401,
          headers: { 'www-authenticate': 'Bearer realm="api"', 'content-type': 'text/plain' },
        })
      case '/endless-event':
        // One event whose line never ends, streamed fast: the SDK would hold it whole.
        return endless('event: message\ndata: ', 'text/event-stream', req.signal)
      case '/endless-json':
        return endless('{"jsonrpc":"2.0","id":0,"result":{"pad":"', 'application/json', req.signal)
      case '/many-tools': {
        // A real server with large schemas: about 2 MiB of tools, well within the probe's budget.
        if (rpc.method === 'initialize') return Response.json({ jsonrpc: '2.0', id: rpc.id, result: initResult })
        if (rpc.method === 'tools/list') {
          const schema = { type: 'object', description: 'x'.repeat(20_000) }
          const tools = Array.from({ length: 100 }, (_, i) => ({
            name: `t${i}`,
            description: 'A tool',
            inputSchema: schema,
          }))
          return Response.json({ jsonrpc: '2.0', id: rpc.id, result: { tools } })
        }
        if (rpc.id !== undefined)
          return Response.json({ jsonrpc: '2.0', id: rpc.id, error: { code: -32601, message: 'Method not found' } })
        return new Response(null, { status: 202 })
      }
      case '/html':
        return new Response('<!doctype html><title>Welcome</title>', { headers: { 'content-type': 'text/html' } })
      case '/gone':
        return new Response('<html>gone</html>', { status: 410, headers: { 'content-type': 'text/html' } })
      default: {
        const status = /^\/status-(\d{3})$/.exec(url.pathname)?.[1]
        if (status)
          return new Response(`status ${status}`, { status: Number(status), headers: { 'content-type': 'text/plain' } })
        return new Response('<html>not found</html>', { status: 404, headers: { 'content-type': 'text/html' } })
      }
    }
  },
})
const base = `http://127.0.0.1:${server.port}`
const outbound = createOutboundFetcher({ allowPrivate: true, timeoutMs: 5000 })
const probe = (path: string, transport: 'streamable-http' | 'sse' = 'streamable-http', timeoutMs = 5000) =>
  probeRemote(path.startsWith('http') ? path : `${base}${path}`, transport, { fetch: outbound.fetch, timeoutMs })

afterAll(() => {
  server.stop(true)
  mcp.close()
})

describe('alive', () => {
  test('a JSON handshake lists tools; the endpoint asks for no credentials', async () => {
    const p = await probe(`${mcp.base}/mcp/a`)
    expect(p.outcome).toBe('ok')
    expect(p.tools).toEqual([
      { name: 'echo', description: 'Echoes its input', parameters: ['text'], parameterTypes: { text: 'string' } },
    ])
    expect(p.auth).toEqual({ kind: 'none' })
  })

  test('an SSE handshake lists tools, over streamable HTTP and over the SSE transport', async () => {
    const p = await probe('/sse-handshake')
    expect(p.outcome).toBe('ok')
    expect(p.tools?.map((t) => t.name)).toEqual(['search'])
    const legacy = await probe(`${mcp.base}/sse/b`, 'sse')
    expect(legacy.outcome).toBe('ok')
  })

  test('a JSON-RPC error is an MCP answer, on 200 and on 400', async () => {
    for (const path of ['/rpc-error', '/rpc-error-400']) {
      const p = await probe(path)
      expect(p.outcome, path).toBe('alive')
      expect(healthAfter(p.outcome, null)).toMatchObject({ health: 'active', verified: true })
    }
  })

  test('an event stream that ends empty is an answer, found without waiting for the deadline', async () => {
    const p = await probe('/empty-sse', 'streamable-http', 60_000)
    expect(p.outcome).toBe('alive')
    expect(p.detail).toContain('empty event stream')
  })

  test('a 401 pointing to protected-resource metadata: alive, OAuth, its authorization server read', async () => {
    const p = await probe('/oauth')
    expect(p.outcome).toBe('auth_required')
    expect(p.auth).toEqual({
      kind: 'oauth',
      resourceMetadata: `${base}/.well-known/oauth-protected-resource/oauth`,
      authorizationServers: [`${base}/issuer`],
      confirmed: true,
    })
    expect(healthAfter(p.outcome, null)).toMatchObject({ health: 'active', verified: true })
  })
})

describe('not MCP', () => {
  test('HTML on 200, 404 and 410', async () => {
    for (const path of ['/html', '/missing', '/gone']) {
      const p = await probe(path)
      expect(p.outcome, path).toBe('not_mcp')
      expect(healthAfter(p.outcome, null)).toMatchObject({ health: 'degraded', verified: false })
    }
  })
})

describe('bounded answers', () => {
  test('an endless answer, as an event or as JSON: the probe stops reading at its budget, not at its deadline', async () => {
    for (const path of ['/endless-event', '/endless-json']) {
      endlessSent = 0
      const p = await probe(path, 'streamable-http', 60_000)
      expect(p.outcome, path).toBe('not_mcp')
      expect(p.detail, path).toContain('reading stopped')
      // The budget is 8 MiB; what was in flight when it stopped comes on top.
      expect(endlessSent, path).toBeLessThan(32 * 2 ** 20)
    }
  })

  test('a large tool list within the budget is read whole', async () => {
    const p = await probe('/many-tools')
    expect(p.outcome).toBe('ok')
    expect(p.tools?.length).toBe(100)
  })
})

describe('unknown', () => {
  test('403, 405, 429 and 5xx learn nothing: the previous verdict stays', async () => {
    for (const status of [403, 405, 429, 500, 502, 503]) {
      const p = await probe(`/status-${status}`)
      expect(p.outcome, String(status)).toBe('unknown')
      expect(healthAfter(p.outcome, null)).toMatchObject({ health: 'unknown', verified: false })
      expect(healthAfter(p.outcome, { health: 'active', consecutiveFailures: 0 })).toMatchObject({
        health: 'active',
        verified: true,
      })
      expect(healthAfter(p.outcome, { health: 'degraded', consecutiveFailures: 2 })).toMatchObject({
        health: 'degraded',
        verified: false,
        consecutiveFailures: 2,
      })
    }
  })

  test('a 401 without protected-resource metadata: unknown, a credential asked for (api_key)', async () => {
    const p = await probe('/bare-401')
    expect(p.outcome).toBe('unknown')
    expect(p.auth).toEqual({ kind: 'api_key' })
  })

  test('the resource_metadata parameter is read quoted or bare', () => {
    expect(
      resourceMetadataOf(
        'Bearer realm="x", resource_metadata="https://a.example/.well-known/oauth-protected-resource"',
      ),
    ).toBe('https://a.example/.well-known/oauth-protected-resource')
    expect(resourceMetadataOf('Bearer resource_metadata=https://a.example/prm, scope="x"')).toBe(
      'https://a.example/prm',
    )
    expect(resourceMetadataOf('Basic realm="x"')).toBeNull()
  })
})
