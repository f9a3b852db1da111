// With the gateway out of reach, the MCP endpoint still answers: tools come back as tool errors, never a crash.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { createLogger } from '@mcp-directory/shared/log'
import { prechargeProof, publicApiClient } from '@mcp-directory/shared/public-api'
import { httpUpstream } from '@mcp-directory/shared/upstream'
import { freePort, testConfig } from '@mcp-directory/shared/testing'
import { createMcpApp } from '../src'

const config = testConfig({ PUBLIC_BASE_URL: 'http://dir.test' })
// A port nothing listens on.
const mcp = createMcpApp({
  config,
  log: createLogger('test', 'silent'),
  publicApi: publicApiClient({
    gatewayUrl: `http://127.0.0.1:${freePort()}`,
    secret: 'unreachable-test-secret-0123456789',
  }),
})
const client = new Client({ name: 'unreachable-test', version: '1.0.0' })

beforeAll(async () => {
  await client.connect(
    new StreamableHTTPClientTransport(new URL('http://dir.test/api/mcp'), {
      fetch: (url, init) => mcp.app.handle(new Request(String(url), init)),
    }),
  )
})
afterAll(() => client.close())

test('every tool that calls the API answers service_unavailable as a tool error', async () => {
  for (const [name, args] of [
    ['search_mcp_servers', {}],
    ['get_mcp_server', { id: 'x' }],
    ['list_mcp_categories', {}],
    ['revoke_mcp_agent', { agentToken: 'mcpdir_x' }],
    ['edit_my_server', { id: 'x', title: 'New', agentToken: 'mcpdir_x' }],
  ] as const) {
    const r = (await client.callTool({ name, arguments: args })) as CallToolResult
    expect(r.isError).toBe(true)
    expect(r.structuredContent).toMatchObject({ error: 'service_unavailable', status: 503 })
  }
})

test('a resource read fails with a JSON-RPC error, and the endpoint keeps answering', async () => {
  await expect(client.readResource({ uri: 'directory://servers/x' })).rejects.toThrow(/unreachable/)
  expect((await client.listTools()).tools.length).toBe(15)
})

test('a body that is not JSON-RPC gets the SDK’s JSON-RPC error, not a 500', async () => {
  const res = await mcp.app.handle(
    new Request('http://dir.test/api/mcp', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: '{not json',
    }),
  )
  expect(res.status).toBe(400)
  expect(await res.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32700 } })
  const wrongAccept = await mcp.app.handle(
    new Request('http://dir.test/api/mcp', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    }),
  )
  expect([400, 406]).toContain(wrongAccept.status)
})

test('a charged read whose catalog is out of reach answers service_unavailable as a tool error', async () => {
  const secret = 'unreachable-test-secret-0123456789'
  const direct = createMcpApp({
    config,
    log: createLogger('test', 'silent'),
    publicApi: publicApiClient({ gatewayUrl: `http://127.0.0.1:${freePort()}`, secret }),
    catalog: {
      upstream: httpUpstream('catalog', [`http://127.0.0.1:${freePort()}`], createLogger('test', 'silent')),
      secret,
    },
  })
  // As the gateway forwards a charged tool call: the client, the request id and the proof made for both.
  const res = await direct.app.handle(
    new Request('http://dir.test/api/mcp', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'x-directory-client-ip': '198.51.100.10',
        'x-request-id': 'unreachable-1',
        'x-directory-precharged': prechargeProof(secret, '198.51.100.10', 'unreachable-1', 60_000),
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'search_mcp_servers', arguments: { query: 'x' } },
      }),
    }),
  )
  const body = (await res.json()) as { result: CallToolResult }
  expect(body.result.isError).toBe(true)
  expect(body.result.structuredContent).toMatchObject({ error: 'service_unavailable', status: 503 })
  expect(JSON.stringify(body.result.structuredContent)).toContain('catalog')
})
