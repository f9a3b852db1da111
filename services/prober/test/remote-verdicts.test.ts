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
    expect(p.tools).toEqual([{ name: 'echo', description: 'Echoes its input', parameters: ['text'] }])
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
